import { catalogEntry, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { hashKey } from '../identifiers.js';
import { Reasons, defineCheckedRequestTool, requestOnlyMetadata } from '../verdict.js';
import { removedPercent, versionDiff, type SetDiff, type VersionDiff } from './diff.js';
import { checkVersionSignature, type VersionSignatureCheck } from './signature.js';

type Entry = CatalogEntryOf<'version_continuity_proof'>;
export type VersionInput = RequestOf<Entry>;
export type VersionResult = ResultOf<Entry>;

export const VERSION_DEFAULTS = { requireSameOwner: true, maximumSchemaBreakPercent: 100, blockPrivilegeExpansionWithoutApproval: true, reputationTransferThreshold: 70 } as const;

/** Points of each part of continuity in the score (they sum to 100). */
export const CONTINUITY_WEIGHTS = { ownerKeys: 25, signature: 25, paymentWallets: 10, routes: 10, schemas: 15, permissionScopes: 5, dependencies: 10 } as const;
type Component = keyof typeof CONTINUITY_WEIGHTS;

const LIMITATIONS = [
  'Only the two versions in the request are compared; versions between them, and what the agent did while running them, are not seen.',
  'eip191 and ed25519 signatures are verified; other algorithms are matched by keyId only, which is not proof.',
  'rotationProofs and allowWalletRotationWithProof are reserved: recorded, not enforced.',
  'Owner keys compare by key material as written (EVM addresses without case); key statuses are as each version lists them.',
];

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const kept = (d: SetDiff) => (d.previous === 0 ? 1 : d.kept / d.previous);

/**
 * Each part of continuity from 0 to 1, or null when it cannot be measured from the request (no
 * active owner key in the previous version; a signature of an algorithm that is not verified).
 */
function components(diff: VersionDiff, signature: VersionSignatureCheck, schemaBreak: { request: number; response: number }): Record<Component, number | null> {
  const scopes = diff.permissionScopes;
  const deps = diff.dependencies;
  const union = deps.previous + deps.added.length;
  return {
    ownerKeys: diff.ownerKeys.previous === 0 ? null : diff.ownerKeys.kept / diff.ownerKeys.previous,
    signature: signature.status === 'verified' ? 1 : signature.status === 'unverifiable_algorithm' || signature.status === 'no_previous_keys' ? null : 0,
    paymentWallets: kept(diff.paymentWallets),
    routes: kept(diff.routes),
    schemas: 1 - Math.max(schemaBreak.request, schemaBreak.response) / 100,
    permissionScopes: scopes.added.length === 0 ? 1 : scopes.previous === 0 ? 0 : Math.max(0, 1 - scopes.added.length / scopes.previous),
    dependencies: union === 0 ? 1 : deps.kept / union,
  };
}

/** The weighted mean of the measured parts, 0 to 100, rounded to an integer. */
function continuityScore(parts: Record<Component, number | null>): { score: number; measuredWeight: number } {
  let points = 0;
  let measuredWeight = 0;
  for (const [name, value] of Object.entries(parts) as [Component, number | null][]) {
    if (value === null) continue;
    points += CONTINUITY_WEIGHTS[name] * value;
    measuredWeight += CONTINUITY_WEIGHTS[name];
  }
  return { score: Math.round((points / measuredWeight) * 100), measuredWeight };
}

const SIGNATURE_REASONS = {
  verified: ['signature_verified', 'info'],
  invalid: ['signature_invalid', 'critical'],
  key_not_found: ['signing_key_not_previous_owner', 'critical'],
  key_not_active: ['signing_key_not_active', 'critical'],
  algorithm_mismatch: ['signature_algorithm_mismatch', 'critical'],
  unverifiable_algorithm: ['signature_unverifiable', 'warning'],
  no_previous_keys: ['no_previous_owner_keys', 'warning'],
} as const;

export function analyzeVersionContinuity(input: VersionInput, signature: VersionSignatureCheck): ToolOutput<VersionResult> {
  const { previousVersion: previous, currentVersion: current } = input;
  const policy = input.policy ?? {};
  const applied = {
    requireSameOwner: policy.requireSameOwner ?? VERSION_DEFAULTS.requireSameOwner,
    maximumSchemaBreakPercent: policy.maximumSchemaBreakPercent ?? VERSION_DEFAULTS.maximumSchemaBreakPercent,
    blockPrivilegeExpansionWithoutApproval: policy.blockPrivilegeExpansionWithoutApproval ?? VERSION_DEFAULTS.blockPrivilegeExpansionWithoutApproval,
    reputationTransferThreshold: policy.reputationTransferThreshold ?? VERSION_DEFAULTS.reputationTransferThreshold,
    allowWalletRotationWithProof: policy.allowWalletRotationWithProof ?? null,
  };
  const reasons = new Reasons();
  const diff = versionDiff(previous, current);
  const schemaBreak = { request: round(removedPercent(diff.requestSchemas)), response: round(removedPercent(diff.responseSchemas)) };
  const parts = components(diff, signature, schemaBreak);
  const { score, measuredWeight } = continuityScore(parts);
  let insufficient = false;

  const [signatureCode, signatureSeverity] = SIGNATURE_REASONS[signature.status];
  reasons.add(signatureCode, signatureSeverity, signature.detail);
  if (signature.status === 'unverifiable_algorithm' || signature.status === 'no_previous_keys') insufficient = true;

  const sameOwner = diff.ownerKeys.kept > 0;
  if (!sameOwner && diff.ownerKeys.previous > 0) {
    const message = `No active owner key of the previous version is an active owner key of the current one (${diff.ownerKeys.previous} before, ${diff.ownerKeys.current} now).`;
    reasons.add('owner_changed', applied.requireSameOwner ? 'critical' : 'warning', message);
  }

  const limit = applied.maximumSchemaBreakPercent;
  if (schemaBreak.request > limit || schemaBreak.response > limit) {
    reasons.add('schema_break_exceeds_limit', 'critical', `${schemaBreak.request}% of the request schemas and ${schemaBreak.response}% of the response schemas are gone; the policy allows ${limit}% of each, whatever the score.`);
  } else if (diff.requestSchemas.removed.length || diff.responseSchemas.removed.length) {
    reasons.add('schemas_removed', 'info', `${diff.requestSchemas.removed.length} request and ${diff.responseSchemas.removed.length} response schema hash(es) are gone (${schemaBreak.request}% and ${schemaBreak.response}%), within the ${limit}% limit.`);
  }

  const addedScopes = diff.permissionScopes.added;
  if (addedScopes.length) {
    const list = addedScopes.join(', ');
    if (signature.status === 'verified') reasons.add('privilege_expansion_approved', 'info', `New permission scopes, approved by the previous owner's verified signature: ${list}.`);
    else reasons.add('privilege_expansion_without_approval', applied.blockPrivilegeExpansionWithoutApproval ? 'critical' : 'warning', `New permission scopes without a verified signature of the previous owner to approve them: ${list}.`);
  }

  const wallets = diff.paymentWallets;
  if (wallets.previous > 0 && wallets.kept === 0) reasons.add('payment_wallets_rotated', 'warning', `None of the ${wallets.previous} payment wallet(s) of the previous version is kept: payments would go elsewhere.`);
  if (previous.agentId !== current.agentId) reasons.add('agent_id_changed', 'warning', `The agent id changed from ${previous.agentId} to ${current.agentId}.`);
  if (Date.parse(current.signedAt) <= Date.parse(previous.signedAt)) reasons.add('not_signed_after_previous', 'warning', `The current version was signed at ${current.signedAt}, not after the previous one (${previous.signedAt}).`);
  const changed = Object.values(diff).some((d) => d.added.length > 0 || d.removed.length > 0) || previous.codeHash !== current.codeHash;
  if (changed && hashKey(previous.manifestHash) === hashKey(current.manifestHash)) {
    reasons.add('manifest_hash_unchanged', 'warning', 'The versions differ, yet carry the same manifestHash: the manifest hash does not describe the version.');
  }
  if (previous.codeHash === null || current.codeHash === null) reasons.add('code_hash_unknown', 'info', 'A codeHash is null: code continuity is not measured.');
  if (input.rotationProofs?.length) reasons.add('rotation_proofs_not_enforced', 'info', `${input.rotationProofs.length} rotation proof(s) recorded; they are reserved and not enforced.`);

  const threshold = applied.reputationTransferThreshold;
  if (score < threshold) reasons.add('continuity_below_threshold', 'critical', `Continuity score ${score} is below the transfer threshold ${threshold}.`);
  else reasons.add('continuity_score', 'info', `Continuity score ${score} meets the transfer threshold ${threshold}.`);

  const decision = insufficient && !reasons.has('critical') ? 'insufficient_evidence' : reasons.decide();
  const summaries = {
    block: `Do not transfer reputation from ${previous.agentId} to the current version: ${reasons.list.filter((r) => r.severity === 'critical').map((r) => r.code).join(', ')}.`,
    insufficient_evidence: 'The request cannot show that the previous owner signed the current version: verify the signature by other means first.',
    review: `Review before transferring reputation: continuity score ${score}, with changes a person should look at.`,
    allow: `Reputation may pass to the current version: signed by the previous owner, continuity score ${score}.`,
  } as const;

  return {
    result: {
      ...reasons.verdict(decision, summaries[decision]),
      evidence: {
        signature: { keyId: current.signature.keyId, algorithm: current.signature.algorithm, status: signature.status, signedDigest: signature.digest },
        diff,
        schemaBreakPercent: schemaBreak,
        score: {
          value: score,
          threshold,
          measuredWeight,
          components: Object.fromEntries(Object.entries(parts).map(([name, value]) => [name, { weight: CONTINUITY_WEIGHTS[name as Component], value: value === null ? null : round(value, 4) }])),
        },
        rotationProofsRecorded: input.rotationProofs?.length ?? 0,
        policyApplied: applied,
      },
      continuityScore: score,
      signatureStatus: signature.status,
      sameOwner,
      schemaBreakPercent: schemaBreak,
      addedPermissionScopes: addedScopes,
    },
    metadata: requestOnlyMetadata(LIMITATIONS),
  };
}

export const versionContinuityProof = defineCheckedRequestTool(
  catalogEntry('version_continuity_proof'),
  (input) => checkVersionSignature(input.previousVersion, input.currentVersion),
  analyzeVersionContinuity,
);
