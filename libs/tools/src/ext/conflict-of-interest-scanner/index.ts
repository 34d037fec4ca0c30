import { catalogEntry, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { identifierKey } from '../union-find.js';
import { Reasons, defineRequestOnlyTool, micro, requestOnlyMetadata } from '../verdict.js';

type Entry = CatalogEntryOf<'conflict_of_interest_scanner'>;
export type ConflictInput = RequestOf<Entry>;
export type ConflictResult = ResultOf<Entry>;
type Candidate = ConflictInput['candidateSellers'][number];
type Relationship = NonNullable<ConflictInput['relationships']>[number];

export const CONFLICT_DEFAULTS = { materialDeviationPercent: 5, blockUndisclosedFinancialBenefit: true } as const;
/** Relationships through which the agent (or its owners) can gain from the sale. */
const FINANCIAL_TYPES = new Set(['ownership', 'shared_wallet', 'referral', 'commission', 'affiliate']);

export interface ScoredSeller {
  sellerId: string;
  priceScore: number;
  qualityScore: number;
  latencyScore: number;
  /** successRate x the weighted mean of the three scores, from 0 to 1. */
  score: number;
}

const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Min-max normalisation where lower is better: the best value scores 1, the worst 0, all equal 1. */
function lowerIsBetter(values: readonly bigint[]): (v: bigint) => number {
  let min = values[0]!;
  let max = values[0]!;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return (v) => (max === min ? 1 : Number(max - v) / Number(max - min));
}

/** O(C): one pass for the ranges, one for the scores. Returns null when every weight is 0. */
export function scoreSellers(candidates: readonly Candidate[], weights: ConflictInput['selectionPolicy']['weights']): ScoredSeller[] | null {
  const w = weights ? { price: weights.price ?? 0, quality: weights.quality ?? 0, latency: weights.latency ?? 0 } : { price: 1, quality: 1, latency: 1 };
  const total = w.price + w.quality + w.latency;
  if (total === 0) return null;
  const price = lowerIsBetter(candidates.map((c) => micro(c.quotedPrice)));
  const latency = lowerIsBetter(candidates.map((c) => BigInt(c.latencyMs)));
  return candidates.map((c) => {
    const priceScore = price(micro(c.quotedPrice));
    const qualityScore = c.qualityScore / 100;
    const latencyScore = latency(BigInt(c.latencyMs));
    const score = (c.successRate * (w.price * priceScore + w.quality * qualityScore + w.latency * latencyScore)) / total;
    return { sellerId: c.sellerId, priceScore, qualityScore, latencyScore, score };
  });
}

interface Tie {
  /** The relationship, or null for an identifier the agent and the seller both list (a shared wallet or organization). */
  relationship: Relationship | null;
  shared?: string;
}

/**
 * Ties from the recommending agent to every candidate: a breadth-first search over the
 * relationships in force, from the agent's identifiers (agentId, wallets, organizationIds) to each
 * seller's identifiers. Relationships are ties in both directions; an identifier listed by both the
 * agent and a seller is a tie of its own. Returns, per seller, the relationships on a shortest path
 * (fewest relationships). O(N + R) for N identifiers and R relationships.
 */
function tiesToSellers(agentIds: readonly string[], candidates: readonly Candidate[], relationships: readonly Relationship[]): Map<string, Tie[]> {
  const sellerOf = new Map<string, Set<string>>();
  for (const c of candidates) {
    for (const id of [c.sellerId, ...(c.wallets ?? []), ...(c.organizationIds ?? [])].map(identifierKey)) {
      const sellers = sellerOf.get(id);
      if (sellers) sellers.add(c.sellerId);
      else sellerOf.set(id, new Set([c.sellerId]));
    }
  }
  const adjacent = new Map<string, { to: string; relationship: Relationship }[]>();
  const link = (a: string, b: string, relationship: Relationship) => {
    const list = adjacent.get(a);
    if (list) list.push({ to: b, relationship });
    else adjacent.set(a, [{ to: b, relationship }]);
  };
  for (const r of relationships) {
    link(identifierKey(r.fromId), identifierKey(r.toId), r);
    link(identifierKey(r.toId), identifierKey(r.fromId), r);
  }
  const via = new Map<string, { from: string; relationship: Relationship } | null>();
  const queue: string[] = [];
  for (const id of agentIds.map(identifierKey)) {
    if (via.has(id)) continue;
    via.set(id, null);
    queue.push(id);
  }
  const ties = new Map<string, Tie[]>();
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const sellerId of sellerOf.get(node) ?? []) {
      if (ties.has(sellerId)) continue;
      const path: Tie[] = [];
      for (let step = via.get(node); step; step = via.get(step.from)) path.push({ relationship: step.relationship });
      ties.set(sellerId, path.length ? path.reverse() : [{ relationship: null, shared: node }]);
    }
    for (const { to, relationship } of adjacent.get(node) ?? []) {
      if (via.has(to)) continue;
      via.set(to, { from: node, relationship });
      queue.push(to);
    }
  }
  return ties;
}

const inForce = (r: Relationship, at: number) => Date.parse(r.validFrom) <= at && (r.validUntil === null || at < Date.parse(r.validUntil));

const LIMITATIONS = [
  'Sees only the relationships, wallets and organizations in the request; ties the caller did not list are invisible.',
  'Reports one shortest chain of relationships per seller; longer chains to the same seller are not listed.',
  'Scores only price, quality, latency and success rate as submitted; the objective text is recorded, not interpreted.',
];

export function analyzeConflictOfInterest(input: ConflictInput): ToolOutput<ConflictResult> {
  const { selectionPolicy: policy, recommendingAgent: agent } = input;
  const reasons = new Reasons();
  const at = Date.parse(input.evaluatedAt);
  const materialPercent = policy.materialDeviationPercent ?? CONFLICT_DEFAULTS.materialDeviationPercent;
  const blockUndisclosed = policy.blockUndisclosedFinancialBenefit ?? CONFLICT_DEFAULTS.blockUndisclosedFinancialBenefit;
  const allowed = new Set(policy.allowedDisclosedRelationships ?? []);

  const seen = new Set<string>();
  const candidates = input.candidateSellers.filter((c) => !seen.has(c.sellerId) && seen.add(c.sellerId));
  if (candidates.length < input.candidateSellers.length) reasons.add('duplicate_seller_ids', 'warning', 'Sellers listed more than once were scored once (their first entry).');

  const relationships = input.relationships ?? [];
  const current = relationships.filter((r) => inForce(r, at));
  const outOfWindow = relationships.filter((r) => !inForce(r, at)).map((r) => r.relationshipId);
  const ties = tiesToSellers([agent.agentId, ...(agent.wallets ?? []), ...(agent.organizationIds ?? [])], candidates, current);
  const scored = scoreSellers(candidates, policy.weights);
  const selected = scored?.find((s) => s.sellerId === input.selectedSellerId);

  const tieView = (list: Tie[]) => list.map((t) => (t.relationship ? { relationshipId: t.relationship.relationshipId, type: t.relationship.type, disclosed: t.relationship.disclosed, verified: t.relationship.verified, evidenceHash: t.relationship.evidenceHash } : { sharedIdentifier: t.shared, type: 'shared_identifier', disclosed: false, verified: true }));
  const evidenceBase = {
    objective: policy.objective,
    relationshipsInForce: current.length,
    relationshipsOutOfWindow: outOfWindow,
    tiesBySeller: Object.fromEntries([...ties].sort(([a], [b]) => (a < b ? -1 : 1)).map(([seller, list]) => [seller, tieView(list)])),
    policyApplied: { weights: policy.weights ?? null, materialDeviationPercent: materialPercent, allowedDisclosedRelationships: [...allowed], blockUndisclosedFinancialBenefit: blockUndisclosed },
  };

  if (!scored || !selected) {
    if (!scored) reasons.add('no_selection_weights', 'warning', 'Every selection weight is 0: no seller can be scored.');
    else reasons.add('selected_seller_not_candidate', 'warning', `${input.selectedSellerId} is not among the candidate sellers, so the selection cannot be compared.`);
    return {
      result: { ...reasons.verdict('insufficient_evidence', 'Cannot judge the selection from this request.'), evidence: evidenceBase, conflictDetected: ties.has(input.selectedSellerId), bestSellerId: null, deviationPercent: null, relationshipIds: [] },
      metadata: requestOnlyMetadata(LIMITATIONS),
    };
  }

  const best = scored.reduce((a, b) => (b.score > a.score || (b.score === a.score && b.sellerId < a.sellerId) ? b : a));
  const deviation = best.score > 0 ? ((best.score - selected.score) / best.score) * 100 : 0;
  const material = deviation > materialPercent;
  const tie = ties.get(selected.sellerId) ?? [];
  const conflicted = tie.length > 0;
  const financial = tie.some((t) => !t.relationship || FINANCIAL_TYPES.has(t.relationship.type));
  const undisclosed = tie.filter((t) => !t.relationship || !t.relationship.disclosed);
  const undisclosedFinancial = undisclosed.some((t) => !t.relationship || FINANCIAL_TYPES.has(t.relationship.type));
  const unverified = tie.some((t) => t.relationship && !t.relationship.verified);
  const notAllowed = tie.filter((t) => t.relationship?.disclosed && !allowed.has(t.relationship.relationshipId) && !allowed.has(t.relationship.type));
  const chain = tieView(tie)
    .map((t) => ('relationshipId' in t ? `${t.relationshipId} (${t.type})` : `shared ${t.sharedIdentifier}`))
    .join(' -> ');

  if (undisclosedFinancial) {
    if (blockUndisclosed && !unverified) reasons.add('undisclosed_financial_benefit', 'critical', `The agent gains from the selected seller through an undisclosed tie: ${chain}.`);
    else reasons.add('undisclosed_financial_benefit', 'warning', `The agent may gain from the selected seller through an undisclosed tie${unverified ? ' that is not verified' : ''}: ${chain}.`);
  } else if (undisclosed.length) {
    reasons.add('undisclosed_relationship', 'warning', `The agent has an undisclosed tie to the selected seller: ${chain}.`);
  }
  if (conflicted && material) {
    reasons.add('conflicted_selection_materially_worse', 'critical', `The selected seller, tied to the agent (${chain}), scores ${round(deviation, 2)}% below the best seller ${best.sellerId}; the policy tolerates ${materialPercent}%.`);
  } else if (material) {
    reasons.add('material_deviation', 'warning', `The selected seller scores ${round(deviation, 2)}% below the best seller ${best.sellerId}, with no tie to explain it; the policy tolerates ${materialPercent}%.`);
  }
  if (notAllowed.length) reasons.add('disclosed_relationship_not_allowed', 'warning', `Disclosed ties the policy does not allow: ${notAllowed.map((t) => t.relationship!.relationshipId).join(', ')}.`);
  if (conflicted && !undisclosed.length && !notAllowed.length) reasons.add('disclosed_relationship_allowed', 'info', `The agent's ties to the selected seller are disclosed and allowed: ${chain}.`);
  const others = [...ties.keys()].filter((id) => id !== selected.sellerId).sort();
  if (others.length) reasons.add('ties_to_other_sellers', 'info', `The agent also has ties to sellers it did not select: ${others.join(', ')}.`);

  const decision = reasons.decide();
  const summaries = {
    block: `Block: the selection of ${selected.sellerId} is conflicted.`,
    review: `Review the selection of ${selected.sellerId} before acting on it.`,
    allow: `The selection of ${selected.sellerId} shows no conflict of interest within the policy.`,
  } as const;

  return {
    result: {
      ...reasons.verdict(decision, summaries[decision]),
      evidence: {
        ...evidenceBase,
        financialTie: financial,
        scores: [...scored].sort((a, b) => b.score - a.score || (a.sellerId < b.sellerId ? -1 : 1)).map((s) => ({ sellerId: s.sellerId, score: round(s.score), priceScore: round(s.priceScore), qualityScore: round(s.qualityScore), latencyScore: round(s.latencyScore) })),
        selectedScore: round(selected.score),
        bestScore: round(best.score),
      },
      conflictDetected: conflicted,
      bestSellerId: best.sellerId,
      deviationPercent: round(deviation, 2),
      relationshipIds: tie.flatMap((t) => (t.relationship ? [t.relationship.relationshipId] : [])),
    },
    metadata: requestOnlyMetadata(LIMITATIONS),
  };
}

export const conflictOfInterestScanner = defineRequestOnlyTool(catalogEntry('conflict_of_interest_scanner'), analyzeConflictOfInterest);
