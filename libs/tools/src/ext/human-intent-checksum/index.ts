import { catalogEntry, type CatalogEntryOf, type INTENT_SIGNATURE_STATUSES, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { AnalyzeContext, ToolOutput } from '../../tool-module.js';
import { checkSignature, type SignatureCheck } from '../signatures.js';
import { hashKey } from '../identifiers.js';
import { identifierKey } from '../union-find.js';
import { Reasons, defineCheckedRequestTool, micro, requestOnlyMetadata } from '../verdict.js';
import { checkAction, type HumanIntent } from './constraints.js';
import { HUMAN_INTENT_DOMAIN, HUMAN_INTENT_TYPES, intentChecksumOf, intentSignedPayload } from './signing.js';

type Entry = CatalogEntryOf<'human_intent_checksum'>;
export type IntentInput = RequestOf<Entry>;
export type IntentResult = ResultOf<Entry>;
type SignatureStatus = (typeof INTENT_SIGNATURE_STATUSES)[number];

/** The checksum of the intent and the signature checks, done before the pure analysis (recovery is asynchronous). */
export interface IntentChecks {
  checksum: string;
  /** The authorization over the recomputed checksum; null without an authorization. */
  overIntent: SignatureCheck | null;
  /** When the checksum sent differs: the authorization over that checksum instead (was the intent changed after signing?). */
  overSuppliedChecksum: SignatureCheck | null;
}

export async function checkIntent(input: IntentInput): Promise<IntentChecks> {
  const checksum = intentChecksumOf(input.intent);
  const { authorization, intentChecksum: supplied } = input;
  if (!authorization) return { checksum, overIntent: null, overSuppliedChecksum: null };
  const overIntent = await checkSignature(authorization, intentSignedPayload(input.intent, checksum));
  const tampered = supplied !== undefined && hashKey(supplied) !== hashKey(checksum) && overIntent.verdict !== 'valid';
  return { checksum, overIntent, overSuppliedChecksum: tampered ? await checkSignature(authorization, intentSignedPayload(input.intent, supplied)) : null };
}

const LIMITATIONS = [
  'Only EOA signatures are verified (ECDSA recovery); a smart-account (EIP-1271) signature needs its chain and is reported unsupported.',
  'Keeps no record of issued checksums or used nonces: replay of an intent is for the caller to prevent.',
  'Purposes are compared as labels (case and spacing ignored), not by meaning.',
  'Amounts are compared as decimals in the intent\'s currency; no exchange rate is applied.',
];

/** Where the instant that expiry is judged at came from. */
function evaluationInstant(input: IntentInput, context: AnalyzeContext): { at: string; source: 'policy' | 'server_clock' } {
  const fromPolicy = input.policy?.evaluatedAt;
  return fromPolicy ? { at: fromPolicy, source: 'policy' } : { at: context.now.toISOString(), source: 'server_clock' };
}

/** The intent's time window at `at`: a reason code when it is not in force. */
function windowAt(intent: HumanIntent, at: number): { code: 'intent_expired' | 'intent_not_yet_valid'; message: string } | null {
  if (at >= Date.parse(intent.expiresAt)) return { code: 'intent_expired', message: `The intent expired at ${intent.expiresAt}.` };
  if (intent.notBefore !== undefined && at < Date.parse(intent.notBefore)) return { code: 'intent_not_yet_valid', message: `The intent is not in force before ${intent.notBefore}.` };
  return null;
}

function issue(input: IntentInput, checks: IntentChecks, evaluated: ReturnType<typeof evaluationInstant>): ToolOutput<IntentResult> {
  const { intent } = input;
  const reasons = new Reasons();
  if (intent.notBefore !== undefined && Date.parse(intent.notBefore) >= Date.parse(intent.expiresAt)) {
    reasons.add('intent_window_empty', 'critical', `notBefore ${intent.notBefore} is not before expiresAt ${intent.expiresAt}: the intent is never in force.`);
  } else {
    const closed = windowAt(intent, Date.parse(evaluated.at));
    if (closed?.code === 'intent_expired') reasons.add(closed.code, 'critical', `${closed.message} An expired intent cannot be issued.`);
  }
  if (!intent.allowedPayees) reasons.add('payees_unrestricted', 'warning', 'The intent names no allowed payees: the agent may pay anyone within the amounts.');
  if (intent.maxTotalAmount !== undefined && micro(intent.maxTotalAmount) < micro(intent.maxAmount)) {
    reasons.add('total_below_single_limit', 'warning', `maxTotalAmount ${intent.maxTotalAmount} is below maxAmount ${intent.maxAmount}: the per-action limit can never be used in full.`);
  }
  const failed = reasons.has('critical');
  if (!failed) reasons.add('checksum_issued', 'info', `Checksum ${checks.checksum} issued for intent ${intent.intentId}; the principal signs it with personal_sign or as HumanIntent typed data.`);
  const decision = failed ? 'failed' : 'completed';
  const payload = intentSignedPayload(intent, checks.checksum);
  return {
    result: {
      ...reasons.verdict(decision, failed ? `No checksum issued for intent ${intent.intentId}: the intent is not in force.` : `Checksum issued for intent ${intent.intentId}: have ${intent.principal} sign it.`),
      evidence: {
        mode: 'issue',
        evaluatedAt: evaluated.at,
        evaluatedAtSource: evaluated.source,
        toSign: {
          eip191: { message: payload.message },
          eip712: { domain: HUMAN_INTENT_DOMAIN, types: HUMAN_INTENT_TYPES, primaryType: 'HumanIntent', message: payload.typedData.message, domainNote: 'Add chainId (and verifyingContract if wanted) to the domain, and send them back in the authorization.' },
        },
      },
      intentChecksum: checks.checksum,
      checksumValid: true,
      signatureStatus: 'missing',
      violations: [],
    },
    metadata: requestOnlyMetadata(LIMITATIONS),
  };
}

const schemeAllowed = ({ authorization, policy }: IntentInput) => !authorization || !policy?.allowedSchemes || policy.allowedSchemes.includes(authorization.scheme);

/** The authorization's status, from its signature check, the principal and the time window. */
function signatureStatusOf(input: IntentInput, check: SignatureCheck | null, closed: ReturnType<typeof windowAt>): SignatureStatus {
  const { authorization, intent } = input;
  if (!authorization || !check) return 'missing';
  if (!schemeAllowed(input)) return 'unsupported';
  if (check.verdict !== 'valid') return check.verdict;
  if (identifierKey(authorization.signer) !== identifierKey(intent.principal)) return 'signer_mismatch';
  if (closed) return closed.code === 'intent_expired' ? 'expired' : 'not_yet_valid';
  return 'valid';
}

function verify(input: IntentInput, checks: IntentChecks, evaluated: ReturnType<typeof evaluationInstant>): ToolOutput<IntentResult> {
  const { intent, authorization, proposedAction: action, policy } = input;
  const reasons = new Reasons();
  const supplied = input.intentChecksum!;
  const checksumValid = hashKey(supplied) === hashKey(checks.checksum);
  const signedSupplied = checks.overSuppliedChecksum?.verdict === 'valid';
  if (checksumValid) reasons.add('checksum_match', 'info', `The intent hashes to the checksum sent, ${checks.checksum}.`);
  else {
    reasons.add(
      'checksum_mismatch',
      'critical',
      `The intent hashes to ${checks.checksum}, not to the checksum sent (${supplied})${signedSupplied ? '; the authorization signs the checksum sent, so the intent was changed after it was signed' : ''}.`,
    );
  }

  const closed = windowAt(intent, Date.parse(evaluated.at));
  const status = signatureStatusOf(input, checks.overIntent, closed);
  const detail = checks.overIntent?.detail ?? '';
  switch (status) {
    case 'missing':
      if (policy?.requireSignature === false) reasons.add('signature_missing', 'warning', 'No authorization was sent: nothing shows the principal approved this intent (the policy does not require it).');
      else reasons.add('signature_missing', 'critical', 'No authorization was sent: nothing shows the principal approved this intent.');
      break;
    case 'invalid':
      reasons.add('signature_invalid', 'critical', `${detail} It does not authorize this intent.`);
      break;
    case 'signer_mismatch':
      reasons.add('signer_mismatch', 'critical', `${authorization!.signer} signed the intent, but its principal is ${intent.principal}.`);
      break;
    case 'unsupported':
      if (schemeAllowed(input)) reasons.add('signature_unsupported', 'warning', `${detail} Verify it on the account's chain before acting.`);
      else reasons.add('scheme_not_allowed', 'critical', `The policy accepts ${policy!.allowedSchemes!.join(', ')} signatures, not ${authorization!.scheme}.`);
      break;
    default:
      reasons.add('signature_valid', 'info', detail);
  }
  if (closed) reasons.add(closed.code, 'critical', `${closed.message} Judged at ${evaluated.at}.`);

  const constraintChecks = action ? checkAction(intent, action) : [];
  const violations: string[] = closed && action ? [closed.code] : [];
  for (const check of constraintChecks) {
    if (!check.code) continue;
    reasons.add(check.code, check.severity!, check.message!);
    if (check.ok === false) violations.push(check.code);
  }
  if (!action) reasons.add('no_action_checked', 'info', 'No proposedAction was sent: only the checksum, the signature and the time window were checked.');

  const decision = reasons.decide();
  const subject = action ? `the ${action.amount} ${action.currency} payment to ${action.payee}` : `intent ${intent.intentId}`;
  const summaries = {
    block: `Block ${subject}: ${reasons.list.filter((r) => r.severity === 'critical').map((r) => r.code).join(', ')}.`,
    review: `Review ${subject} before acting on it.`,
    allow: action ? `Allow ${subject}: the intent is signed by its principal, in force, and the action keeps within it.` : `Intent ${intent.intentId} is signed by its principal and in force.`,
  } as const;
  return {
    result: {
      ...reasons.verdict(decision, summaries[decision]),
      evidence: {
        mode: 'verify',
        evaluatedAt: evaluated.at,
        evaluatedAtSource: evaluated.source,
        checksum: { recomputed: checks.checksum, supplied, match: checksumValid },
        signature: authorization
          ? { scheme: authorization.scheme, signer: authorization.signer, principal: intent.principal, status, detail, signsSuppliedChecksum: checks.overSuppliedChecksum ? signedSupplied : null }
          : { status, principal: intent.principal },
        window: { notBefore: intent.notBefore ?? null, expiresAt: intent.expiresAt, inForce: closed === null },
        constraintChecks: constraintChecks.map(({ constraint, allowed, actual, ok }) => ({ constraint, allowed, actual, ok })),
        policyApplied: { requireSignature: policy?.requireSignature ?? true, allowedSchemes: policy?.allowedSchemes ?? ['eip191', 'eip712'] },
      },
      intentChecksum: checks.checksum,
      checksumValid,
      signatureStatus: status,
      violations,
    },
    metadata: requestOnlyMetadata(LIMITATIONS),
  };
}

export function analyzeHumanIntent(input: IntentInput, checks: IntentChecks, context: AnalyzeContext): ToolOutput<IntentResult> {
  const evaluated = evaluationInstant(input, context);
  return input.mode === 'issue' ? issue(input, checks, evaluated) : verify(input, checks, evaluated);
}

export const humanIntentChecksum = defineCheckedRequestTool(catalogEntry('human_intent_checksum'), checkIntent, analyzeHumanIntent);
