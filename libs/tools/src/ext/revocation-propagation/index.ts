import { catalogEntry, fingerprint, type CatalogEntryOf, type REVOCATION_AUTHORIZATION_STATUSES, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { AnalyzeContext, ToolOutput } from '../../tool-module.js';
import { checkSignature, type SignatureCheck } from '../signatures.js';
import { identifierKey } from '../union-find.js';
import { Reasons, defineCheckedRequestTool, requestOnlyMetadata } from '../verdict.js';
import { grantSignedPayload, revocationIdOf, revocationSignedPayload } from './signing.js';

type Entry = CatalogEntryOf<'revocation_propagation'>;
export type RevocationInput = RequestOf<Entry>;
export type RevocationResult = ResultOf<Entry>;
type Target = RevocationInput['targets'][number];
type TargetResult = RevocationResult['targetResults'][number];
type AuthorizationStatus = (typeof REVOCATION_AUTHORIZATION_STATUSES)[number];

export const REVOCATION_DEFAULTS = { maxTargets: 25, requireGrantProof: true, requireVerifiedIdentity: true } as const;
/** Statuses under which the revoker is taken to be the grantor, and notices are prepared. */
const AUTHORIZED: ReadonlySet<AuthorizationStatus> = new Set(['authorized', 'authorized_without_grant_proof']);

/** The revocation's id and the signature checks, done before the pure analysis (recovery is asynchronous). */
export interface RevocationChecks {
  revocationId: string;
  revoker: SignatureCheck;
  /** The grantor's signature over the grant checksum; null without a grant proof. */
  grant: SignatureCheck | null;
}

export async function checkRevocation(input: RevocationInput): Promise<RevocationChecks> {
  const { revocation, authorizationProof: proof } = input;
  const revocationId = revocationIdOf(revocation);
  const revoker = await checkSignature(proof.revokerSignature, revocationSignedPayload(revocation, revocationId));
  const grant = proof.grantSignature && revocation.grantChecksum !== undefined ? await checkSignature(proof.grantSignature, grantSignedPayload(revocation.grantChecksum)) : null;
  return { revocationId, revoker, grant };
}

const LIMITATIONS = [
  'Paysight contacts no target: endpoints are labels, and the notices are returned for the caller to deliver. Delivery, and what targets do with a notice, are not observed.',
  'Authority comes from the signatures in authorizationProof only; whoever paid for this call is not taken into account.',
  'Only EOA signatures are verified (ECDSA recovery); a smart-account (EIP-1271) signer needs its chain and is not accepted.',
  'Opt-ins and target identities are as the caller verified them (the verified flags and evidence hashes); Paysight cannot check them.',
  'A grant proof shows the grantor signed the grant checksum; whether that checksum is the grant the targets hold is for them to check.',
];

/** Whether the revoker is shown to be the grantor, and the reason that says so. */
function authorityOf(input: RevocationInput, checks: RevocationChecks, requireGrantProof: boolean): { status: AuthorizationStatus; code: string; severity: 'info' | 'warning' | 'critical'; message: string } {
  const { revocation, authorizationProof: proof } = input;
  const revoker = proof.revokerSignature;
  if (checks.revoker.verdict === 'unsupported') return { status: 'unsupported_signer', code: 'revoker_signer_unsupported', severity: 'critical', message: checks.revoker.detail };
  if (checks.revoker.verdict === 'invalid') return { status: 'invalid_signature', code: 'revoker_signature_invalid', severity: 'critical', message: `${checks.revoker.detail} It does not sign revocation ${checks.revocationId}.` };
  if (identifierKey(revoker.signer) !== identifierKey(revocation.grantor)) {
    return { status: 'not_grantor', code: 'revoker_not_grantor', severity: 'critical', message: `${revoker.signer} signed the revocation, but the grant is ${revocation.grantor}'s: only its grantor may revoke it.` };
  }
  const grantSigner = proof.grantSignature?.signer;
  if (!checks.grant || grantSigner === undefined) {
    return requireGrantProof
      ? { status: 'grant_proof_missing', code: 'grant_proof_missing', severity: 'critical', message: `The revocation is signed by ${revoker.signer}, the grantor it names, but no grantSignature shows that address gave grant ${revocation.grantId}; the policy requires one.` }
      : { status: 'authorized_without_grant_proof', code: 'grant_proof_not_required', severity: 'warning', message: `The revocation is signed by ${revoker.signer}, the grantor it names; nothing shows that address gave grant ${revocation.grantId} (the policy does not require it).` };
  }
  if (checks.grant.verdict !== 'valid' || identifierKey(grantSigner) !== identifierKey(revocation.grantor)) {
    const why = checks.grant.verdict !== 'valid' ? checks.grant.detail : `The grant checksum was signed by ${grantSigner}, not by the grantor ${revocation.grantor}.`;
    return { status: 'grant_proof_invalid', code: 'grant_proof_invalid', severity: 'critical', message: `${why} The grant proof does not hold.` };
  }
  return { status: 'authorized', code: 'authority_verified', severity: 'info', message: `${revoker.signer} signed the revocation and, earlier, the grant checksum ${revocation.grantChecksum}: the revoker is the grantor.` };
}

/** Why a target takes no notice, in the order the rules run; null when it may take one. */
function ineligibility(target: Target, grantType: RevocationInput['revocation']['grantType'], now: number, requireVerifiedIdentity: boolean): string | null {
  const { optIn } = target;
  if (!optIn) return 'not_opted_in';
  if (!optIn.verified) return 'opt_in_unverified';
  if (Date.parse(optIn.optedInAt) > now || (optIn.expiresAt !== null && now >= Date.parse(optIn.expiresAt))) return 'opt_in_not_in_force';
  if (optIn.grantTypes && !optIn.grantTypes.includes(grantType)) return 'grant_type_not_covered';
  if (requireVerifiedIdentity && !target.identityVerified) return 'identity_unverified';
  return null;
}

const SKIP_MESSAGES: Record<string, string> = {
  duplicate_target: 'listed more than once (the first entry counts)',
  not_opted_in: 'not opted in to revocation notices',
  opt_in_unverified: 'opt-in not verified',
  opt_in_not_in_force: 'opt-in not in force now',
  grant_type_not_covered: 'opted in for other grant types',
  identity_unverified: 'identity not verified',
  fan_out_limit: 'beyond policy.maxTargets',
  authority_not_established: 'no notice without the grantor\'s authority',
};

/**
 * Plans the propagation, in request order: one pass over at most 25 targets with a set of the ids
 * seen; each planned notice is hashed once, so O(T x S) for T targets and a revocation and proof of
 * S bytes.
 */
export function analyzeRevocation(input: RevocationInput, checks: RevocationChecks, context: AnalyzeContext): ToolOutput<RevocationResult> {
  const { revocation, authorizationProof, targets, policy } = input;
  const applied = {
    maxTargets: policy.maxTargets ?? REVOCATION_DEFAULTS.maxTargets,
    requireGrantProof: policy.requireGrantProof ?? REVOCATION_DEFAULTS.requireGrantProof,
    requireVerifiedIdentity: policy.requireVerifiedIdentity ?? REVOCATION_DEFAULTS.requireVerifiedIdentity,
  };
  const reasons = new Reasons();
  const authority = authorityOf(input, checks, applied.requireGrantProof);
  reasons.add(authority.code, authority.severity, authority.message);
  const authorized = AUTHORIZED.has(authority.status);

  const now = context.now.getTime();
  const seen = new Set<string>();
  let planned = 0;
  const targetResults: TargetResult[] = targets.map((target) => {
    const endpoint = target.endpoint ?? null;
    const duplicate = seen.has(target.targetId);
    seen.add(target.targetId);
    const skip = duplicate ? 'duplicate_target' : ineligibility(target, revocation.grantType, now, applied.requireVerifiedIdentity);
    if (skip) return { targetId: target.targetId, status: 'skipped', reason: skip, endpoint, notice: null, noticeHash: null };
    const refusal = !authorized ? 'authority_not_established' : planned >= applied.maxTargets ? 'fan_out_limit' : null;
    if (refusal) return { targetId: target.targetId, status: 'refused', reason: refusal, endpoint, notice: null, noticeHash: null };
    planned++;
    const notice = { kind: 'paysight.revocation_notice', version: 1, revocationId: checks.revocationId, targetId: target.targetId, revocation, authorizationProof };
    return { targetId: target.targetId, status: 'planned', reason: null, endpoint, notice, noticeHash: fingerprint(notice) };
  });

  const byReason = new Map<string, string[]>();
  for (const t of targetResults) if (t.reason) byReason.set(t.reason, [...(byReason.get(t.reason) ?? []), t.targetId]);
  for (const [code, ids] of byReason) {
    if (code !== 'authority_not_established') reasons.add(code, 'warning', `${ids.length} target(s) ${SKIP_MESSAGES[code]}: ${ids.join(', ')}.`);
  }

  const unplanned = targets.length - planned;
  const completionStatus = !authorized ? 'failed' : targets.length > 0 && planned === 0 ? 'failed' : unplanned > 0 ? 'partial' : 'completed';
  if (authorized && targets.length === 0) reasons.add('no_targets', 'info', 'No targets were listed: the revocation is validated and there is no one to notify.');
  else if (authorized && planned === 0) reasons.add('nothing_planned', 'critical', 'No target may take a notice: nothing can be propagated.');
  else if (planned > 0) reasons.add('notices_prepared', 'info', `${planned} notice(s) prepared for delivery by the caller; Paysight sent nothing.`);

  const summaries = {
    completed: `Revocation ${checks.revocationId} validated; ${planned} notice(s) prepared, one per target.`,
    partial: `Revocation ${checks.revocationId} validated; ${planned} of ${targets.length} targets get a notice, the others were skipped or refused.`,
    failed: authorized ? `Revocation ${checks.revocationId} validated, but no target may take a notice.` : `No notice prepared: the revoker is not shown to be the grantor (${authority.status}).`,
  } as const;
  const revoker = authorizationProof.revokerSignature;
  return {
    result: {
      ...reasons.verdict(completionStatus, summaries[completionStatus]),
      evidence: {
        revocationId: checks.revocationId,
        authority: {
          from: 'authorizationProof',
          grantor: revocation.grantor,
          revoker: { scheme: revoker.scheme, signer: revoker.signer, detail: checks.revoker.detail },
          grantProof: authorizationProof.grantSignature ? { signer: authorizationProof.grantSignature.signer, grantChecksum: revocation.grantChecksum ?? null, detail: checks.grant?.detail ?? null } : null,
        },
        targets: { listed: targets.length, planned, skipped: targetResults.filter((t) => t.status === 'skipped').length, refused: targetResults.filter((t) => t.status === 'refused').length },
        preparedAt: context.now.toISOString(),
        delivery: 'none: Paysight contacted no target; deliver each planned notice yourself',
        policyApplied: applied,
      },
      authorizationStatus: authority.status,
      revocationId: checks.revocationId,
      targetResults,
      completionStatus,
    },
    metadata: requestOnlyMetadata(LIMITATIONS),
  };
}

export const revocationPropagation = defineCheckedRequestTool(catalogEntry('revocation_propagation'), checkRevocation, analyzeRevocation);
