import { catalogEntry, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { hashKey } from '../identifiers.js';
import { UnionFind, identifierKey } from '../union-find.js';
import { Reasons, defineRequestOnlyTool, micro, requestOnlyMetadata, usdc } from '../verdict.js';

type Entry = CatalogEntryOf<'micropurchase_fragmentation_guard'>;
export type FragmentationInput = RequestOf<Entry>;
export type FragmentationResult = ResultOf<Entry>;
type Purchase = FragmentationInput['proposedPurchases'][number];
type Relationship = NonNullable<FragmentationInput['verifiedRelationships']>[number];

/** The policy's defaults where it leaves a field null or out (docs/tools/ext.md). */
export const FRAGMENTATION_DEFAULTS = { windowSeconds: 86_400, minimumFragmentCount: 3, similarityWindowSeconds: 300, nearThresholdPercent: 90 } as const;

interface Event {
  id: string;
  proposed: boolean;
  time: number;
  amount: bigint;
  near: boolean;
  /** requestFingerprint without its sha256: prefix, lower case. */
  request: string;
  buyer: string;
  seller: string;
  resource: string;
}

interface Policy {
  single: bigint;
  aggregate: bigint;
  windowMs: number;
  similarityMs: number;
  minimumFragments: number;
  nearPercent: bigint;
}

/** The worst window of one group that holds a proposed purchase. */
interface GroupFindings {
  buyers: string[];
  sellers: string[];
  resource: string;
  events: number;
  worstSum: bigint;
  worstWindow: Event[];
  nearRun: Event[];
  repeated: Event[];
}

const byTime = (a: Event, b: Event) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The window (t_r - W, t_r] ending at each event, by two pointers over the time-sorted group: every
 * window that matters ends at an event, and amounts are non-negative, so the largest total over
 * windows holding a proposed purchase is the largest over these. O(n) after the sort.
 */
function scanWindows(events: Event[], windowMs: number, weight: (e: Event) => bigint): { sum: bigint; window: Event[] } {
  let best = { sum: -1n, from: 0, to: -1 };
  let sum = 0n;
  let proposed = 0;
  let left = 0;
  for (let right = 0; right < events.length; right++) {
    const entering = events[right]!;
    sum += weight(entering);
    if (entering.proposed) proposed++;
    while (entering.time - events[left]!.time >= windowMs) {
      const leaving = events[left++]!;
      sum -= weight(leaving);
      if (leaving.proposed) proposed--;
    }
    if (proposed > 0 && sum > best.sum) best = { sum, from: left, to: right };
  }
  return { sum: best.sum < 0n ? 0n : best.sum, window: events.slice(best.from, best.to + 1) };
}

/** Same request paid again within the similarity window, a proposed purchase among them. */
function repeatedRequests(events: Event[], similarityMs: number): Event[] {
  const byRequest = new Map<string, Event[]>();
  for (const e of events) {
    const list = byRequest.get(e.request);
    if (list) list.push(e);
    else byRequest.set(e.request, [e]);
  }
  const found: Event[] = [];
  for (const group of byRequest.values()) {
    if (group.length < 2) continue;
    const { window } = scanWindows(group, similarityMs, () => 1n);
    if (window.length >= 2) found.push(...window);
  }
  return found.sort(byTime);
}

function groupFindings(events: Event[], policy: Policy, union: UnionFind): GroupFindings[] {
  const groups = new Map<string, Event[]>();
  for (const e of events) {
    const key = `${union.find(e.buyer)}\u0000${union.find(e.seller)}\u0000${e.resource}`;
    const list = groups.get(key);
    if (list) list.push(e);
    else groups.set(key, [e]);
  }
  const findings: GroupFindings[] = [];
  for (const group of groups.values()) {
    if (!group.some((e) => e.proposed)) continue;
    group.sort(byTime);
    const worst = scanWindows(group, policy.windowMs, (e) => e.amount);
    const near = scanWindows(group, policy.windowMs, (e) => (e.near ? 1n : 0n));
    findings.push({
      buyers: [...new Set(group.map((e) => e.buyer))].sort(),
      sellers: [...new Set(group.map((e) => e.seller))].sort(),
      resource: group[0]!.resource,
      events: group.length,
      worstSum: worst.sum,
      worstWindow: worst.window,
      nearRun: near.window.filter((e) => e.near),
      repeated: repeatedRequests(group, policy.similarityMs),
    });
  }
  return findings;
}

/** Two ids that are one party: a relationship, or an agent and the wallet it pays or is paid with. */
type Link = Pick<Relationship, 'leftId' | 'rightId'>;

function joinGroups(events: readonly Event[], relationships: readonly Link[]): UnionFind {
  const union = new UnionFind();
  for (const e of events) union.find(e.seller);
  for (const r of relationships) union.union(identifierKey(r.leftId), identifierKey(r.rightId));
  return union;
}

const overAggregate = (g: GroupFindings, policy: Policy) => g.worstSum > policy.aggregate;

const LIMITATIONS = [
  'Sees only the purchases and relationships in the request: spend through buyers, wallets or sellers it was not told about is not grouped.',
  'Relationships with verified false are not used to join groups; they are only tested for what they would change (insufficient_evidence).',
  'Amounts are compared as USDC whatever the network; timestamps are taken as given, no clock is read.',
];

export function analyzeFragmentation(input: FragmentationInput): ToolOutput<FragmentationResult> {
  const { policy: given } = input;
  const policy: Policy = {
    single: micro(given.singlePurchaseLimit),
    aggregate: micro(given.aggregateWindowLimit),
    windowMs: (given.windowSeconds ?? FRAGMENTATION_DEFAULTS.windowSeconds) * 1000,
    similarityMs: (given.similarityWindowSeconds ?? FRAGMENTATION_DEFAULTS.similarityWindowSeconds) * 1000,
    minimumFragments: given.minimumFragmentCount ?? FRAGMENTATION_DEFAULTS.minimumFragmentCount,
    nearPercent: BigInt(given.nearThresholdPercent ?? FRAGMENTATION_DEFAULTS.nearThresholdPercent),
  };
  const maxEvents = given.maxEvents ?? Number.POSITIVE_INFINITY;
  const reasons = new Reasons();
  const limitations = [...LIMITATIONS];

  // Events: proposed first, then recent; an eventId seen twice counts once (the first).
  const toEvent = (p: Purchase, proposed: boolean): Event => {
    const amount = micro(p.amount);
    return {
      id: p.eventId,
      proposed,
      time: Date.parse(p.timestamp),
      amount,
      near: amount <= policy.single && amount * 100n >= policy.single * policy.nearPercent,
      request: hashKey(p.requestFingerprint),
      buyer: identifierKey(p.buyerAgentId),
      seller: identifierKey(p.sellerAgentId),
      resource: p.resourceId,
    };
  };
  const seen = new Set<string>();
  const duplicates: string[] = [];
  const unique = (e: Event) => (seen.has(e.id) ? (duplicates.push(e.id), false) : (seen.add(e.id), true));
  const proposed = input.proposedPurchases.map((p) => toEvent(p, true)).filter(unique);
  let recent = (input.recentPurchases ?? []).map((p) => toEvent(p, false)).filter(unique);
  if (duplicates.length) reasons.add('duplicate_event_ids', 'warning', `Event ids listed more than once were counted once: ${duplicates.slice(0, 10).join(', ')}${duplicates.length > 10 ? ', ...' : ''}.`);
  const room = Math.max(0, maxEvents - proposed.length);
  if (recent.length > room) {
    recent = [...recent].sort((a, b) => byTime(b, a)).slice(0, room);
    limitations.push(`maxEvents ${maxEvents}: only the ${room} latest recent purchases were examined; ${input.recentPurchases!.length - room} older ones were not.`);
  }
  const events = [...proposed, ...recent];

  // A purchase joins its buyer agent to the buyer wallet and its seller agent to the seller wallet: a shared wallet is one party.
  const wallets: Link[] = input.proposedPurchases.concat(input.recentPurchases ?? []).flatMap((p) => [
    { leftId: p.buyerAgentId, rightId: p.buyerWallet },
    { leftId: p.sellerAgentId, rightId: p.sellerWallet },
  ]);
  const relationships = input.verifiedRelationships ?? [];
  const verified = relationships.filter((r) => r.verified);
  const unverified = relationships.filter((r) => !r.verified);
  const findings = groupFindings(events, policy, joinGroups(events, [...wallets, ...verified]));

  const flagged = new Set<string>();
  const flag = (list: Event[]) => list.filter((e) => e.proposed).forEach((e) => flagged.add(e.id));
  const triggered = new Set<string>();

  const oversized = proposed.filter((e) => e.amount > policy.single);
  if (oversized.length) {
    flag(oversized);
    triggered.add('singlePurchaseLimit');
    reasons.add('single_purchase_limit_exceeded', 'critical', `${oversized.length} proposed purchase(s) are above the single-purchase limit of ${given.singlePurchaseLimit} USDC: ${oversized.map((e) => e.id).join(', ')}.`);
  }
  for (const g of findings) {
    const ids = (list: Event[]) => list.map((e) => e.id).join(', ');
    if (overAggregate(g, policy)) {
      flag(g.worstWindow);
      triggered.add('aggregateWindowLimit');
      const fragmented = g.worstWindow.length >= policy.minimumFragments && g.worstWindow.every((e) => e.amount <= policy.single);
      if (fragmented) triggered.add('minimumFragmentCount');
      reasons.add(
        fragmented ? 'fragmented_over_aggregate_limit' : 'aggregate_window_limit_exceeded',
        'critical',
        fragmented
          ? `${g.worstWindow.length} purchases, each within the single limit, add up to ${usdc(g.worstSum)} USDC inside one window, above the ${given.aggregateWindowLimit} USDC limit: ${ids(g.worstWindow)}.`
          : `Purchases of one group add up to ${usdc(g.worstSum)} USDC inside one window, above the ${given.aggregateWindowLimit} USDC limit: ${ids(g.worstWindow)}.`,
      );
    }
    if (g.nearRun.length >= policy.minimumFragments) {
      flag(g.nearRun);
      triggered.add('nearThresholdPercent');
      reasons.add('near_threshold_run', 'warning', `${g.nearRun.length} purchases within one window are each at ${policy.nearPercent}% or more of the single-purchase limit: ${ids(g.nearRun)}.`);
    }
    if (g.repeated.length) {
      flag(g.repeated);
      triggered.add('similarityWindowSeconds');
      reasons.add('repeated_request', 'warning', `The same request was paid ${g.repeated.length} times within ${policy.similarityMs / 1000} s: ${ids(g.repeated)}.`);
    }
  }

  // What the unverified relationships would change: a block they alone would cause is not established.
  let unverifiedWouldBlock: string[] = [];
  if (unverified.length && !reasons.has('critical')) {
    const widened = groupFindings(events, policy, joinGroups(events, [...wallets, ...relationships])).filter((g) => overAggregate(g, policy));
    unverifiedWouldBlock = [...new Set(widened.flatMap((g) => g.worstWindow.filter((e) => e.proposed).map((e) => e.id)))].sort();
    if (unverifiedWouldBlock.length) {
      reasons.add(
        'unverified_relationship_would_join',
        'warning',
        `Unverified relationships (${unverified.length}) would join groups whose window total is above the ${given.aggregateWindowLimit} USDC limit; verify them to decide.`,
      );
    }
  }

  if (input.principalAgentId !== undefined && !events.some((e) => e.buyer === identifierKey(input.principalAgentId!))) {
    reasons.add('principal_not_a_buyer', 'info', `${input.principalAgentId} is not the buyer of any listed purchase; its agents are joined to it only through the relationships.`);
  }

  const decision = !reasons.has('critical') && unverifiedWouldBlock.length ? 'insufficient_evidence' : reasons.decide();
  if (decision === 'allow') reasons.add('no_fragmentation', 'info', 'No group of purchases splits spend past the policy limits.');
  const worst = findings.reduce((max, g) => (g.worstSum > max ? g.worstSum : max), 0n);
  const summaries = {
    block: 'Block: the proposed purchases break the spending policy, split or not.',
    insufficient_evidence: 'Cannot decide: only unverified relationships would make this fragmentation.',
    review: 'Review: the purchases look split to stay under the limits, though no limit is broken.',
    allow: 'Allow: no fragmentation past the policy limits.',
  } as const;

  return {
    result: {
      ...reasons.verdict(decision, summaries[decision]),
      evidence: {
        eventsExamined: events.length,
        proposedEvents: proposed.length,
        groups: findings
          .map((g) => ({
            buyerAgentIds: g.buyers,
            sellerAgentIds: g.sellers,
            resourceId: g.resource,
            events: g.events,
            worstWindowTotal: usdc(g.worstSum),
            worstWindowEventIds: g.worstWindow.map((e) => e.id),
            nearThresholdEventIds: g.nearRun.map((e) => e.id),
            repeatedRequestEventIds: g.repeated.map((e) => e.id),
          }))
          .filter((g) => g.worstWindowEventIds.length > 1 || g.nearThresholdEventIds.length || g.repeatedRequestEventIds.length)
          .sort((a, b) => (`${a.buyerAgentIds}|${a.sellerAgentIds}|${a.resourceId}` < `${b.buyerAgentIds}|${b.sellerAgentIds}|${b.resourceId}` ? -1 : 1)),
        relationshipsUsed: verified.length,
        unverifiedRelationships: unverified.length,
        unverifiedWouldFlag: unverifiedWouldBlock,
        policyApplied: {
          singlePurchaseLimit: given.singlePurchaseLimit,
          aggregateWindowLimit: given.aggregateWindowLimit,
          windowSeconds: policy.windowMs / 1000,
          minimumFragmentCount: policy.minimumFragments,
          similarityWindowSeconds: policy.similarityMs / 1000,
          nearThresholdPercent: Number(policy.nearPercent),
          maxEvents: given.maxEvents ?? null,
        },
      },
      fragmentationDetected: triggered.has('aggregateWindowLimit') || triggered.has('nearThresholdPercent') || triggered.has('similarityWindowSeconds'),
      flaggedEventIds: [...flagged].sort(),
      aggregateSpend: usdc(worst),
      triggeredPolicies: [...triggered],
    },
    metadata: requestOnlyMetadata(limitations),
  };
}

export const micropurchaseFragmentationGuard = defineRequestOnlyTool(catalogEntry('micropurchase_fragmentation_guard'), analyzeFragmentation);
