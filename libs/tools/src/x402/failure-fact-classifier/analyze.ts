import { FAILURE_CAUSES, X402_HEADERS, lookupError, type CanonicalErrorCode, type CatalogEntryOf, type FailureCause, type FailureEvidence, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, ASSET, ND } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_failure_fact_classifier'>;
export type FailureFactInput = RequestOf<Entry>;
export type FailureFactResult = ResultOf<Entry>;
type Facts = FailureFactInput['failure_facts'];
type Expected = NonNullable<FailureFactInput['expected_facts']>;

/** A code fact's canonical error (the family's taxonomy) → the cause its row of design §3 supports, with the row's weight. */
const CODE_CAUSES: Partial<Record<CanonicalErrorCode, { cause: FailureCause; weight: number }>> = {
  AUTH_EXPIRED: { cause: 'authorization_expired', weight: 4 },
  AUTH_NOT_YET_VALID: { cause: 'authorization_not_yet_valid', weight: 4 },
  FUNDS_INSUFFICIENT: { cause: 'insufficient_funds', weight: 4 },
  AUTH_SIGNATURE_INVALID: { cause: 'invalid_signature', weight: 4 },
  // A token name/version the payer signed with that the chain does not use fails as a bad signature.
  AUTH_EIP712_DOMAIN_MISMATCH: { cause: 'invalid_signature', weight: 4 },
  AUTH_RECIPIENT_MISMATCH: { cause: 'receiver_mismatch', weight: 4 },
  PRICING_AMOUNT_MISMATCH: { cause: 'amount_mismatch', weight: 4 },
  PROTOCOL_NETWORK_INVALID: { cause: 'network_mismatch', weight: 4 },
  PROTOCOL_SCHEME_INVALID: { cause: 'scheme_mismatch', weight: 4 },
  PROTOCOL_SCHEME_UNSUPPORTED: { cause: 'scheme_mismatch', weight: 4 },
  PROTOCOL_VERSION_UNSUPPORTED: { cause: 'header_version_mismatch', weight: 4 },
  AUTH_PERMIT2_ALLOWANCE_REQUIRED: { cause: 'permit2_allowance_required', weight: 4 },
  FACILITATOR_VERIFY_ERROR: { cause: 'facilitator_unavailable', weight: 3 },
  FACILITATOR_SETTLE_ERROR: { cause: 'facilitator_unavailable', weight: 3 },
};

const NEXT_ACTION: Record<FailureCause, string> = {
  authorization_expired: 'Sign a new authorization with a validBefore far enough ahead (at least maxTimeoutSeconds) and check the client clock.',
  authorization_not_yet_valid: 'Wait until validAfter has passed, or sign with validAfter in the past; check the client clock against the facilitator.',
  insufficient_funds: 'Fund the payer with the asset on the offered network, or pay another offer the payer can cover.',
  invalid_signature: 'Re-sign with the EIP-712 domain of the offer (extra.name/version, chain id, verifying contract) and the payer key.',
  receiver_mismatch: 'Sign to the payTo of the offer you pay; refetch the 402 challenge if the payee changed.',
  amount_mismatch: 'Sign exactly the offer amount in atomic units (6 decimals for USDC); refetch the challenge if the price changed.',
  network_mismatch: 'Pay on the network of the chosen offer (CAIP-2 for v2) and make sure the facilitator supports it.',
  scheme_mismatch: 'Use a scheme the offer and its facilitator support (exact on most routes).',
  header_version_mismatch: 'Send the payment header of the challenge version: PAYMENT-SIGNATURE for v2, X-PAYMENT for v1.',
  payment_header_missing: 'Attach the signed payment header to the retried request; check that the client or a proxy does not strip it.',
  challenge_header_not_visible: 'Expose PAYMENT-REQUIRED (and PAYMENT-RESPONSE) through CORS Access-Control-Expose-Headers so browser clients can read it.',
  resource_mismatch: 'Pay for the resource URL of the challenge you received; refetch the challenge for the path you call.',
  permit2_allowance_required: 'Approve Permit2 for the asset once (or use the gas-sponsoring extension), then retry the payment.',
  idempotency_conflict: 'Reuse a payment-identifier only with the identical payload; for a new payload use a new identifier.',
  facilitator_unavailable: 'Retry after a short backoff or through another facilitator; the authorization is not spent while unsettled.',
  settlement_pending: 'Do not pay again: wait for settlement to resolve (or for validBefore to pass) before a new authorization.',
  handler_error_uncharged: 'Retry the call: the handler failed after verification, so the payment should not have been settled; confirm no settlement.',
};

interface Fired extends FailureEvidence {
  order: number;
}

const EVM = /^0x[0-9a-fA-F]{40}$/;
const caseFoldAddress = (a: string) => (EVM.test(a.trim()) ? a.trim().toLowerCase() : a.trim());
const pathOf = (value: string): string => {
  let path = value.trim();
  try {
    if (!path.startsWith('/')) path = new URL(path).pathname;
  } catch {
    // not a URL: compared as written
  }
  path = path.replace(/[?#].*$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};
/** Amounts compare numerically (0.010 = 0.01) when both parse as decimals, else as written. */
const sameAmount = (a: string, b: string) => {
  const [x, y] = [AMT.toAtomic(a, 18), AMT.toAtomic(b, 18)];
  return x !== null && y !== null ? x === y : a.trim() === b.trim();
};

class Rules {
  readonly fired: Fired[] = [];
  private readonly causesFromCodes = new Set<FailureCause>();
  fire(cause: FailureCause, weight: number, fact: string, observed: string | number | null, expected: string | number | null, note?: string): void {
    this.fired.push({ fact, observed, expected, supports: cause, weight, ...(note === undefined ? {} : { note }), order: this.fired.length });
  }
  /** One code row fires once per cause, whichever code fact (facilitator first) matched it. */
  fireCode(cause: FailureCause, weight: number, fact: string, code: string, note?: string): void {
    if (this.causesFromCodes.has(cause)) return;
    this.causesFromCodes.add(cause);
    this.fire(cause, weight, fact, code, null, note);
  }
  has(cause: FailureCause): boolean {
    return this.fired.some((f) => f.supports === cause);
  }
}

function codeRules(rules: Rules, facts: Facts, network: string | null, unmapped: string[]): void {
  for (const key of ['facilitator_error_code', 'target_error_code'] as const) {
    const code = facts[key];
    if (code === undefined) continue;
    const found = lookupError('x402_facilitator', code);
    const row = found ? CODE_CAUSES[found.canonical_code] : undefined;
    if (!row) {
      unmapped.push(code);
      continue;
    }
    rules.fireCode(row.cause, row.weight, `/failure_facts/${key}`, code, row.cause === 'invalid_signature' ? domainNote(network) : undefined);
  }
}

/** The EIP-712 domain of the network's USDC: the usual cause of a bad signature is signing with the wrong token name. */
function domainNote(network: string | null): string | undefined {
  const domain = network === null ? null : ASSET(network)?.eip712;
  return domain ? `The USDC EIP-712 domain on ${network} is name "${domain.name}", version "${domain.version}".` : undefined;
}

function mismatchRules(rules: Rules, facts: Facts, expected: Expected): void {
  const compare = (field: 'receiver' | 'amount' | 'network' | 'scheme' | 'resource_path', cause: FailureCause, same: (a: string, b: string) => boolean) => {
    const [observed, wanted] = [facts[field], expected[field]];
    if (observed === undefined || wanted === undefined || same(observed, wanted)) return;
    rules.fire(cause, 3, `/failure_facts/${field}`, observed, wanted);
  };
  compare('receiver', 'receiver_mismatch', (a, b) => caseFoldAddress(a) === caseFoldAddress(b));
  compare('amount', 'amount_mismatch', sameAmount);
  compare('network', 'network_mismatch', (a, b) => ND(a).network === ND(b).network);
  compare('scheme', 'scheme_mismatch', (a, b) => a.trim().toLowerCase() === b.trim().toLowerCase());
  compare('resource_path', 'resource_mismatch', (a, b) => pathOf(a) === pathOf(b));
}

function headerRules(rules: Rules, facts: Facts, step: string | undefined): void {
  if (facts.present_header_names === undefined) return;
  const present = new Set(facts.present_header_names.map((h) => h.trim().toLowerCase()));
  const has = (name: string) => present.has(name.toLowerCase());
  const [v1, v2] = [X402_HEADERS[1].payment, X402_HEADERS[2].payment];
  const seen = facts.present_header_names.join(', ') || null;
  if (facts.x402_version === 2 && has(v1) && !has(v2)) rules.fire('header_version_mismatch', 3, '/failure_facts/present_header_names', seen, v2, 'A v2 exchange carried the v1 payment header.');
  if (facts.x402_version === 1 && has(v2) && !has(v1)) rules.fire('header_version_mismatch', 3, '/failure_facts/present_header_names', seen, v1, 'A v1 exchange carried the v2 payment header.');
  if (facts.http_status === 402 && step === 'retry' && !has(v1) && !has(v2)) rules.fire('payment_header_missing', 4, '/failure_facts/present_header_names', seen, `${v2} or ${v1}`);
  if (facts.http_status === 402 && facts.x402_version === 2 && !has(X402_HEADERS[2].paymentRequired))
    rules.fire('challenge_header_not_visible', 2, '/failure_facts/present_header_names', seen, X402_HEADERS[2].paymentRequired, 'A v2 402 without a readable PAYMENT-REQUIRED: the header is often not exposed through CORS.');
}

function statusRules(rules: Rules, facts: Facts, step: string | undefined): void {
  const status = facts.http_status;
  if (status === 412 && !rules.has('permit2_allowance_required')) rules.fire('permit2_allowance_required', 4, '/failure_facts/http_status', status, null);
  if (status === 409) rules.fire('idempotency_conflict', 3, '/failure_facts/http_status', status, null, 'payment-identifier: the same id was sent with a different payload.');
  const facilitatorStep = step === 'verify' || step === 'settle';
  if ((status === 503 || ((status === 502 || status === 504) && facilitatorStep)) && !rules.has('facilitator_unavailable')) rules.fire('facilitator_unavailable', 3, '/failure_facts/http_status', status, null);
  if (step === 'settle' && facts.retry_status !== undefined && /timeout|pending/i.test(facts.retry_status)) rules.fire('settlement_pending', 3, '/failure_facts/retry_status', facts.retry_status, null);
  if (status !== undefined && status >= 500 && step === 'target_response') rules.fire('handler_error_uncharged', 3, '/failure_facts/http_status', status, null, 'The target failed after verification, before settlement.');
}

const rank = (cause: FailureCause) => FAILURE_CAUSES.indexOf(cause);

/** x402-failure-fact-classifier (design §3): a weighted rule table over the sanitized facts of one failed paid call. */
export function classifyFailureFacts(input: FailureFactInput): ToolOutput<FailureFactResult> {
  const facts = input.failure_facts;
  const step = input.caller_context?.integration_step;
  const flags = new Set<string>();
  const limitations = ['Facts are taken as reported: no payment was replayed, re-verified or looked up on chain.'];
  const nd = facts.network === undefined ? null : ND(facts.network);
  if (nd && !nd.known) flags.add('unknown_network');
  if (input.expected_facts?.network !== undefined && !ND(input.expected_facts.network).known) flags.add('unknown_network');

  const rules = new Rules();
  const unmapped: string[] = [];
  codeRules(rules, facts, nd?.network ?? null, unmapped);
  if (input.expected_facts) mismatchRules(rules, facts, input.expected_facts);
  else limitations.push('No expected_facts: the mismatch rules (receiver, amount, network, scheme, resource) were not evaluated.');
  headerRules(rules, facts, step);
  if (facts.present_header_names === undefined) limitations.push('No present_header_names: the header rules (version, missing payment header, CORS-hidden challenge) were not evaluated.');
  statusRules(rules, facts, step);
  if (unmapped.length > 0) {
    flags.add('unmapped_error_code');
    limitations.push(`Error code${unmapped.length > 1 ? 's' : ''} ${unmapped.join(', ')} support${unmapped.length > 1 ? '' : 's'} no cause of the rule table.`);
  }

  const scores = new Map<FailureCause, number>();
  for (const f of rules.fired) scores.set(f.supports, (scores.get(f.supports) ?? 0) + f.weight);
  const candidates = [...scores].map(([cause, score]) => ({ cause, score })).sort((a, b) => b.score - a.score || rank(a.cause) - rank(b.cause));
  const top = candidates[0]?.score ?? 0;
  const margin = top - (candidates[1]?.score ?? 0);
  const decision = top < 3 ? 'insufficient_facts' : margin < 2 ? 'ambiguous' : 'classified';
  const likely = decision === 'insufficient_facts' ? 'undetermined' : candidates[0]!.cause;
  const confidence = decision !== 'classified' ? 'low' : top >= 4 && margin >= 3 ? 'high' : 'medium';
  if (decision === 'classified') flags.add(likely);
  if (decision === 'ambiguous') flags.add('ambiguous_cause');

  const evidence = [...rules.fired].sort((a, b) => b.weight - a.weight || a.order - b.order).map(({ order: _order, ...item }) => item);
  const summary =
    decision === 'insufficient_facts'
      ? `Insufficient facts: ${rules.fired.length} rule${rules.fired.length === 1 ? '' : 's'} fired, top score ${top} (3 needed).`
      : decision === 'ambiguous'
        ? `Ambiguous: ${candidates[0]!.cause} (${top}) and ${candidates[1]!.cause} (${candidates[1]!.score}) are within 2 points.`
        : `Classified as ${likely}: score ${top}, ahead by ${margin}, from ${evidence.filter((e) => e.supports === likely).length} fact(s).`;
  const nextAction =
    decision === 'insufficient_facts'
      ? 'Add the facilitator error code, the HTTP status, the integration step and the expected offer facts, then classify again.'
      : decision === 'ambiguous'
        ? `Check ${candidates[0]!.cause} and ${candidates[1]!.cause} first; adding the facilitator error code usually separates them.`
        : NEXT_ACTION[likely as FailureCause];
  return x402Answer({ decision, confidence, summary, riskFlags: flags, nextAction, limitations }, { likely_cause: likely, evidence, candidate_causes: candidates });
}
