import { CONTINUITY_SIGNAL_TYPES, catalogEntry, type CatalogEntryOf, type ContinuitySignalType, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { listed } from '../listing.js';
import { identifierKey } from '../union-find.js';
import { Reasons, defineRequestOnlyTool, requestOnlyMetadata } from '../verdict.js';
import { TYPE_INDEX, countedAt, indexCandidate, isKnownStrength, pairQuality, signalKey, type ReincarnationInput, type Signal } from './signals.js';

export type { ReincarnationInput } from './signals.js';
export type ReincarnationResult = ResultOf<CatalogEntryOf<'reputation_reincarnation_detector'>>;
type Match = ReincarnationResult['matches'][number];
type StatusClass = Match['statusClass'];

/** Weight of each signal type where policy.weights leaves it null or out (docs/tools/ext.md). */
export const DEFAULT_WEIGHTS: Readonly<Record<ContinuitySignalType, number>> = {
  owner_key: 30,
  wallet_funding: 20,
  domain_certificate: 15,
  infrastructure_fingerprint: 15,
  code_hash: 10,
  schema_fingerprint: 5,
  behavioral_fingerprint: 5,
};
export const REINCARNATION_DEFAULTS = { minimumStrongSignals: 1, minimumWeightedScore: 50 } as const;

/** Entity statuses by class, after trimming, lower-casing and turning spaces and hyphens into _. Any other status is unclassified. */
const STATUS_CLASSES: Readonly<Record<string, StatusClass>> = Object.fromEntries([
  ...['suspended', 'banned', 'blocked', 'revoked', 'terminated', 'delisted', 'deactivated', 'restricted', 'denylisted', 'blacklisted', 'quarantined', 'slashed', 'frozen'].map((s) => [s, 'restricted']),
  ...['active', 'good_standing', 'verified', 'listed', 'operational'].map((s) => [s, 'active']),
  ...['retired', 'archived', 'deprecated', 'sunset', 'migrated', 'inactive', 'closed', 'decommissioned'].map((s) => [s, 'retired']),
]);
const statusClass = (status: string): StatusClass => STATUS_CLASSES[status.trim().toLowerCase().replace(/[\s-]+/g, '_')] ?? 'unclassified';

const VALID_SIGNATURES = new Set(['valid', 'verified']);
const LISTED_MATCHES = 100;
const LISTED_SIGNAL_IDS = 20;

const LIMITATIONS = [
  'Compares only the signals in the request: hashes are matched, never resolved, and no registry, chain or key server is read.',
  'A shared signal shows continuity of control or build, not who operates either agent; the answer makes no identity, fraud or wrongdoing claim.',
  'Proof signatures are taken at the signatureStatus the caller gives; they are not verified here.',
];

interface Scored {
  entityId: string;
  status: string;
  statusClass: StatusClass;
  weightedScore: number;
  verifiedScore: number;
  strongSignals: number;
  types: ContinuitySignalType[];
  signalIds: string[];
}

/**
 * Every reference entity's overlap with the candidate, by a hash join: the candidate's counted
 * signals are indexed by (type, value hash), and each counted reference signal probes that index
 * once. O(C + R) for C candidate and R reference signals; no pair of signals is compared twice.
 */
function scoreReferences(
  candidate: ReturnType<typeof indexCandidate>,
  references: readonly { entity: ReincarnationInput['referenceEntities'][number]; signals: readonly Signal[] }[],
  weights: readonly number[],
  weightTotal: number,
): Scored[] {
  const scored: Scored[] = [];
  const best = new Float64Array(CONTINUITY_SIGNAL_TYPES.length);
  const bestVerified = new Float64Array(CONTINUITY_SIGNAL_TYPES.length);
  for (const { entity, signals } of references) {
    best.fill(0);
    bestVerified.fill(0);
    const strong = new Set<string>();
    const signalIds = new Set<string>();
    for (const signal of signals) {
      const key = signalKey(signal);
      const own = candidate.get(key);
      if (!own) continue;
      const t = TYPE_INDEX.get(signal.type)!;
      const quality = pairQuality(own, signal);
      best[t] = Math.max(best[t]!, quality.any);
      bestVerified[t] = Math.max(bestVerified[t]!, quality.verified);
      if (quality.strong) strong.add(key);
      for (const id of own.signalIds) signalIds.add(id);
    }
    if (!signalIds.size) continue;
    const score = (quality: Float64Array) => Math.round((100 * quality.reduce((sum, q, t) => sum + weights[t]! * q, 0)) / (1000 * weightTotal));
    scored.push({
      entityId: entity.entityId,
      status: entity.status,
      statusClass: statusClass(entity.status),
      weightedScore: score(best),
      verifiedScore: score(bestVerified),
      strongSignals: strong.size,
      types: CONTINUITY_SIGNAL_TYPES.filter((_, t) => best[t]! > 0),
      signalIds: [...signalIds].sort(),
    });
  }
  return scored;
}

const RANK: Record<Match['matchStatus'], number> = { match: 0, authorized_continuity: 1, allowlisted_migration: 2, partial: 3 };
const line = (m: Scored) => `${m.entityId} (${m.status}; score ${m.weightedScore}, ${m.strongSignals} strong; ${m.types.join(', ')})`;

export function analyzeReincarnation(input: ReincarnationInput): ToolOutput<ReincarnationResult> {
  const reasons = new Reasons();
  const limitations = [...LIMITATIONS];
  const at = Date.parse(input.evaluatedAt);
  const state = countedAt(at);
  const { policy } = input;
  const minimumStrong = policy.minimumStrongSignals ?? REINCARNATION_DEFAULTS.minimumStrongSignals;
  const minimumScore = policy.minimumWeightedScore ?? REINCARNATION_DEFAULTS.minimumWeightedScore;
  const weights = CONTINUITY_SIGNAL_TYPES.map((t) => policy.weights[t] ?? DEFAULT_WEIGHTS[t]);
  const candidateKey = identifierKey(input.candidate.agentId);

  // References: the first maximumReferences, each entityId once, the candidate itself left out.
  const given = input.referenceEntities;
  const cap = policy.maximumReferences ?? given.length;
  if (given.length > cap) {
    reasons.add('references_truncated', 'info', `Only the first ${cap} of ${given.length} reference entities were compared (maximumReferences).`);
    limitations.push(`maximumReferences ${cap}: ${given.length - cap} reference entities were not compared.`);
  }
  const seen = new Set<string>();
  const repeated: string[] = [];
  let selfListed = false;
  const references = given.slice(0, cap).filter((e) => {
    const key = identifierKey(e.entityId);
    if (key === candidateKey) selfListed = true;
    else if (seen.has(key)) repeated.push(e.entityId);
    else {
      seen.add(key);
      return true;
    }
    return false;
  });
  if (selfListed) reasons.add('candidate_listed_as_reference', 'info', `${input.candidate.agentId} is itself among the reference entities; it was not compared with itself.`);
  if (repeated.length) reasons.add('duplicate_entity_ids', 'warning', `Reference entities listed more than once were compared once, as first listed: ${listed([...new Set(repeated)])}.`);

  // Signals in force at evaluatedAt, each signal's state read once.
  const tally = () => ({ counted: 0, expired: 0, future: 0 });
  const candidateTally = tally();
  const referenceTally = tally();
  const inForce = (t: ReturnType<typeof tally>) => (s: Signal) => {
    const st = state(s);
    t[st]++;
    return st === 'counted';
  };
  const counted = input.candidate.signals.filter(inForce(candidateTally));
  const compared = references.map((entity) => ({ entity, signals: entity.signals.filter(inForce(referenceTally)) }));
  const expired = candidateTally.expired + referenceTally.expired;
  const future = candidateTally.future + referenceTally.future;
  if (expired) reasons.add('expired_signals_ignored', 'info', `Signals expired by ${input.evaluatedAt}, not counted: ${expired}.`);
  if (future) reasons.add('future_signals_ignored', 'info', `Signals observed after ${input.evaluatedAt}, not counted: ${future}.`);
  const unknownStrengths = new Set<string>();
  for (const signals of [input.candidate.signals, ...references.map((e) => e.signals)]) for (const s of signals) if (!isKnownStrength(s)) unknownStrengths.add(s.strength);
  if (unknownStrengths.size) reasons.add('unknown_strength_counted_weak', 'info', `Strengths other than strong, medium and weak were counted as weak: ${listed([...unknownStrengths].sort())}.`);

  const weightTotal = CONTINUITY_SIGNAL_TYPES.reduce((sum, t, i) => sum + (counted.some((s) => s.type === t) ? weights[i]! : 0), 0);
  const policyApplied = { weights: Object.fromEntries(CONTINUITY_SIGNAL_TYPES.map((t, i) => [t, weights[i]])), minimumStrongSignals: minimumStrong, minimumWeightedScore: minimumScore, maximumReferences: policy.maximumReferences ?? null };
  const evidenceBase = {
    candidateSignals: { given: input.candidate.signals.length, ...candidateTally },
    referenceSignals: { given: references.reduce((n, e) => n + e.signals.length, 0), ...referenceTally },
    referencesCompared: references.length,
    candidateWeightTotal: weightTotal,
    policyApplied,
  };

  const insufficient: string[] = [];
  if (!counted.length) insufficient.push('the candidate has no signal in force at evaluatedAt');
  else if (weightTotal === 0) insufficient.push('every signal type the candidate has weighs 0');
  if (!references.length) insufficient.push('no reference entity to compare with');
  if (insufficient.length) {
    reasons.add('nothing_to_compare', 'warning', `Cannot compare: ${insufficient.join('; ')}.`);
    return {
      result: { ...reasons.verdict('insufficient_evidence', 'Cannot judge continuity: nothing comparable was supplied.'), evidence: evidenceBase, continuityDetected: false, matches: [], topMatch: null },
      metadata: requestOnlyMetadata(limitations),
    };
  }

  // Highest score first (ties by entityId), so every list in the answer is independent of the request's order.
  const scored = scoreReferences(indexCandidate(counted), compared, weights, weightTotal).sort((a, b) => b.weightedScore - a.weightedScore || (a.entityId < b.entityId ? -1 : a.entityId > b.entityId ? 1 : 0));

  // Authorizations the candidate holds, by the entity they come from.
  const valid = new Map<string, string>();
  const notCounted: string[] = [];
  for (const p of input.authorizedContinuityProofs ?? []) {
    if (identifierKey(p.toAgentId) !== candidateKey) continue;
    const why = !VALID_SIGNATURES.has(p.signatureStatus.trim().toLowerCase()) ? `signature ${p.signatureStatus}` : p.expiresAt !== null && Date.parse(p.expiresAt) <= at ? 'expired' : null;
    if (why) notCounted.push(`${p.proofId} (${why})`);
    else if (!valid.has(identifierKey(p.fromEntityId))) valid.set(identifierKey(p.fromEntityId), p.proofId);
  }
  const migrations = new Map<string, string>();
  for (const m of input.allowlistedMigrations ?? []) {
    const inForce = m.expiresAt == null || Date.parse(m.expiresAt) > at;
    if (identifierKey(m.toAgentId) === candidateKey && inForce && !migrations.has(identifierKey(m.fromEntityId))) migrations.set(identifierKey(m.fromEntityId), m.migrationId);
  }
  if (notCounted.length) reasons.add('proofs_not_counted', 'info', `Continuity proofs for the candidate that do not count: ${listed(notCounted)}.`);

  const meets = (score: number, strong: number) => score >= minimumScore && strong >= minimumStrong;
  const matches: Match[] = scored.map((m) => {
    const key = identifierKey(m.entityId);
    const proofId = valid.get(key) ?? null;
    const migrationId = migrations.get(key) ?? null;
    const matchStatus = !meets(m.weightedScore, m.strongSignals) ? 'partial' : proofId ? 'authorized_continuity' : migrationId ? 'allowlisted_migration' : 'match';
    return { entityId: m.entityId, entityStatus: m.status, statusClass: m.statusClass, matchStatus, weightedScore: m.weightedScore, verifiedScore: m.verifiedScore, strongSignals: m.strongSignals, matchedSignalTypes: m.types, matchedSignalIds: m.signalIds.slice(0, LISTED_SIGNAL_IDS), proofId: matchStatus === 'partial' ? null : proofId, migrationId: matchStatus === 'partial' || proofId ? null : migrationId };
  });
  const byStatus = (status: Match['matchStatus'], cls?: StatusClass) => scored.filter((_, i) => matches[i]!.matchStatus === status && (!cls || matches[i]!.statusClass === cls));

  const restricted = byStatus('match', 'restricted');
  const restrictedVerified = restricted.filter((m) => meets(m.verifiedScore, m.strongSignals));
  const restrictedUnverified = restricted.filter((m) => !meets(m.verifiedScore, m.strongSignals));
  const unauthorized = 'and no valid continuity proof or allowlisted migration covers it';
  if (restrictedVerified.length) reasons.add('continuity_with_restricted_entity', 'critical', `The candidate carries verified continuity signals of restricted entities, ${unauthorized}: ${listed(restrictedVerified, 5, line)}.`);
  if (restrictedUnverified.length) reasons.add('unverified_continuity_with_restricted_entity', 'warning', `Only with unverified signals does the candidate meet the thresholds for restricted entities; verify them to decide: ${listed(restrictedUnverified, 5, line)}.`);
  const active = byStatus('match', 'active');
  if (active.length) reasons.add('continuity_with_active_entity', 'warning', `The candidate shares continuity signals with entities that are still active, ${unauthorized}: ${listed(active, 5, line)}.`);
  const retired = byStatus('match', 'retired');
  if (retired.length) reasons.add('continuity_without_authorization', 'warning', `The candidate carries the continuity signals of retired entities without a valid proof or allowlisted migration; their reputation should not pass to it as is: ${listed(retired, 5, line)}.`);
  const unclassified = byStatus('match', 'unclassified');
  if (unclassified.length) reasons.add('continuity_with_unclassified_entity', 'warning', `The candidate shares continuity signals with entities of a status this tool does not classify, ${unauthorized}: ${listed(unclassified, 5, line)}.`);
  const authorized = byStatus('authorized_continuity');
  if (authorized.length) reasons.add('authorized_continuity', 'info', `Continuity covered by a valid proof: ${listed(authorized, 5, (m) => `${m.entityId} (${valid.get(identifierKey(m.entityId))})`)}.`);
  const allowlisted = byStatus('allowlisted_migration');
  if (allowlisted.length) reasons.add('allowlisted_migration', 'info', `Continuity covered by an allowlisted migration: ${listed(allowlisted, 5, (m) => `${m.entityId} (${migrations.get(identifierKey(m.entityId))})`)}.`);
  const partial = byStatus('partial');
  if (partial.length) reasons.add('partial_overlap', 'info', `Shared signals below the thresholds (score ${minimumScore}, ${minimumStrong} strong): ${listed(partial, 5, line)}.`);
  if (!scored.length) reasons.add('no_shared_signals', 'info', `No signal in force of the candidate matches a signal in force of the ${references.length} reference entities.`);

  const decision = reasons.has('critical') ? 'block' : restrictedUnverified.length ? 'insufficient_evidence' : reasons.decide();
  const summaries = {
    block: `Block reputation transfer: ${input.candidate.agentId} carries the continuity signals of a restricted entity without authorization.`,
    insufficient_evidence: `Cannot decide: only unverified signals tie ${input.candidate.agentId} to a restricted entity.`,
    review: `Review: ${input.candidate.agentId} shares continuity signals with other entities without authorization.`,
    allow: `${input.candidate.agentId} shows no unauthorized continuity with the reference entities.`,
  } as const;
  const ordered = [...matches].sort((a, b) => RANK[a.matchStatus] - RANK[b.matchStatus]);
  const top = ordered[0];
  return {
    result: {
      ...reasons.verdict(decision, summaries[decision]),
      evidence: { ...evidenceBase, referencesWithSharedSignals: scored.length, validProofIds: [...valid.values()].sort(), allowlistedMigrationIds: [...migrations.values()].sort() },
      continuityDetected: ordered.some((m) => m.matchStatus !== 'partial'),
      matches: ordered.slice(0, LISTED_MATCHES),
      topMatch: top ? { entityId: top.entityId, matchStatus: top.matchStatus, weightedScore: top.weightedScore } : null,
    },
    metadata: requestOnlyMetadata(limitations),
  };
}

export const reputationReincarnationDetector = defineRequestOnlyTool(catalogEntry('reputation_reincarnation_detector'), analyzeReincarnation);
