import { catalogEntry, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { identifierKey } from '../union-find.js';
import { Reasons, defineRequestOnlyTool, listed, micro, requestOnlyMetadata, usdc } from '../verdict.js';
import { authorityAt, delegationTree, lapseOf, type DelegationTree } from './tree.js';
import { scanWindows, windowTotals, type CountedSpend, type SpendWindow } from './windows.js';

type Entry = CatalogEntryOf<'spend_laundering_detector'>;
export type LaunderingInput = RequestOf<Entry>;
export type LaunderingResult = ResultOf<Entry>;
type SpendEvent = LaunderingInput['spendEvents'][number];

export const LAUNDERING_DEFAULTS = { windowSeconds: 86_400, nearLimitPercent: 80, minimumSplitDelegates: 2 } as const;
/** Most items any evidence list carries (its full count is given beside it). */
const LISTED = 50;

const LIMITATIONS = [
  'Sees only the grants and payments in the request: spend through wallets or agents it was not told about is not counted.',
  'A wallet outside the delegation tree is counted only when a payment names a member as its agent with an evidence hash; the evidence itself is not verified here.',
  'Grants are read as given: signatures behind evidenceHash are not checked, and timestamps are taken as given (no clock is read).',
];

const iso = (t: number) => new Date(t).toISOString();

/** The wallets of each member: the principal's own, and those of every grant in the tree. Hex addresses in lower case. */
function walletOwners(principal: LaunderingInput['principal'], tree: DelegationTree): Map<string, string[]> {
  const owners = new Map<string, Set<string>>();
  const own = (wallet: string, member: string) => {
    const key = identifierKey(wallet);
    const set = owners.get(key);
    if (set) set.add(member);
    else owners.set(key, new Set([member]));
  };
  for (const wallet of principal.wallets) own(wallet, principal.id);
  for (const member of tree.members.values()) for (const grant of member.grants) for (const wallet of grant.delegation.wallets) own(wallet, grant.to);
  return new Map([...owners].map(([wallet, set]) => [wallet, [...set].sort()]));
}

interface Attribution {
  counted: (CountedSpend & { event: SpendEvent; via: 'wallet' | 'evidence' })[];
  unproven: SpendEvent[];
  unattributed: SpendEvent[];
}

/** Hash join of each payment's wallet on the members' wallets; failing that, its agent with evidence. O(E). */
function attribute(events: readonly SpendEvent[], owners: ReadonlyMap<string, string[]>, tree: DelegationTree): Attribution {
  const found: Attribution = { counted: [], unproven: [], unattributed: [] };
  for (const event of events) {
    const base = { eventId: event.eventId, time: Date.parse(event.timestamp), amount: micro(event.amount), event };
    const members = owners.get(identifierKey(event.wallet));
    if (members) found.counted.push({ ...base, members, via: 'wallet' });
    else if (event.agentId != null && tree.members.has(event.agentId)) {
      if (event.attributionEvidenceHash != null) found.counted.push({ ...base, members: [event.agentId], via: 'evidence' });
      else found.unproven.push(event);
    } else found.unattributed.push(event);
  }
  found.counted.sort((a, b) => a.time - b.time || (a.eventId < b.eventId ? -1 : 1));
  return found;
}

export function analyzeSpendLaundering(input: LaunderingInput): ToolOutput<LaunderingResult> {
  const { principal, policy } = input;
  const aggregate = micro(policy.aggregateLimit);
  const perDelegate = policy.perDelegateLimit == null ? null : micro(policy.perDelegateLimit);
  const windowSeconds = policy.windowSeconds ?? LAUNDERING_DEFAULTS.windowSeconds;
  const nearPercent = policy.nearLimitPercent ?? LAUNDERING_DEFAULTS.nearLimitPercent;
  const minimumSplit = policy.minimumSplitDelegates ?? LAUNDERING_DEFAULTS.minimumSplitDelegates;
  const maxDepth = policy.maxDelegationDepth ?? null;
  const reasons = new Reasons();
  const triggered = new Set<string>();

  const tree = delegationTree(principal.id, input.delegations);
  // A delegate's limit: the tightest its grants set, else the policy's default for delegates.
  const limits = new Map<string, bigint | null>();
  for (const member of tree.members.values()) {
    if (member.id === principal.id) continue;
    const own = member.grants.flatMap((g) => (g.delegation.spendLimit == null ? [] : [micro(g.delegation.spendLimit)]));
    limits.set(member.id, own.length ? own.reduce((min, v) => (v < min ? v : min)) : perDelegate);
  }
  const limitOf = (member: string) => (member === principal.id ? aggregate : (limits.get(member) ?? null));
  const owners = walletOwners(principal, tree);
  const { counted, unproven, unattributed } = attribute(input.spendEvents, owners, tree);

  // Authority at the moment of each payment, and depth.
  const holders = authorityAt(tree);
  const unauthorized: { eventId: string; memberId: string; amount: string; cause: string; delegationId: string | null }[] = [];
  for (const spend of counted) {
    for (const memberId of spend.members) {
      if (memberId === principal.id) continue;
      const depth = tree.members.get(memberId)!.depth;
      if (!holders(spend.time).has(memberId)) {
        const lapse = lapseOf(tree, memberId, spend.time)!;
        unauthorized.push({ eventId: spend.eventId, memberId, amount: usdc(spend.amount), cause: lapse.status, delegationId: lapse.grant.delegation.delegationId });
      } else if (maxDepth !== null && depth > maxDepth) {
        unauthorized.push({ eventId: spend.eventId, memberId, amount: usdc(spend.amount), cause: 'beyond_max_depth', delegationId: null });
      }
    }
  }
  const revoked = unauthorized.filter((u) => u.cause === 'revoked');
  const outsideValidity = unauthorized.filter((u) => u.cause === 'expired' || u.cause === 'not_yet_valid');
  const tooDeep = unauthorized.filter((u) => u.cause === 'beyond_max_depth');
  const sumOf = (list: typeof unauthorized) => usdc(list.reduce((sum, u) => sum + micro(u.amount), 0n));

  const found = scanWindows(counted, { windowMs: windowSeconds * 1000, aggregate, limitOf, nearPercent: BigInt(nearPercent), minimumSplit, principalId: principal.id });
  const describe = (window: SpendWindow | null) =>
    window && {
      total: usdc(window.total),
      from: iso(counted[window.from]!.time),
      to: iso(counted[window.to]!.time),
      eventIds: counted.slice(window.from, window.to + 1).map((s) => s.eventId).slice(0, LISTED),
      events: window.to - window.from + 1,
      byMember: windowTotals(counted, window)
        .slice(0, LISTED)
        .map(([memberId, spent]) => ({ memberId, spent: usdc(spent), limit: limitOf(memberId) === null ? null : usdc(limitOf(memberId)!) })),
    };

  if (found.split) {
    triggered.add('aggregateLimit');
    const delegates = windowTotals(counted, found.split).filter(([m]) => m !== principal.id);
    reasons.add(
      'split_across_delegates',
      'critical',
      `${delegates.length} delegates, none past its own limit, together spent ${usdc(found.split.total)} USDC within ${windowSeconds} s, above the principal's limit of ${policy.aggregateLimit} USDC: ${listed(delegates.map(([m]) => m))}.`,
    );
  } else if (found.over) {
    triggered.add('aggregateLimit');
    reasons.add('aggregate_limit_exceeded', 'critical', `The tree spent ${usdc(found.over.total)} USDC within ${windowSeconds} s, above the principal's limit of ${policy.aggregateLimit} USDC.`);
  }
  const overOwn = [...found.memberWorst]
    .filter(([member, spent]) => member !== principal.id && limitOf(member) !== null && spent > limitOf(member)!)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  if (overOwn.length) {
    triggered.add('spendLimit');
    reasons.add('delegate_limit_exceeded', 'critical', `${overOwn.length} delegate(s) spent more than their own limit within one window: ${listed(overOwn.map(([m, s]) => `${m} ${usdc(s)} > ${usdc(limitOf(m)!)}`))}.`);
  }
  if (revoked.length) {
    triggered.add('revoked');
    reasons.add('spend_after_revocation', 'critical', `${revoked.length} payment(s) worth ${sumOf(revoked)} USDC were made under a revoked grant: ${listed(revoked.map((u) => `${u.eventId} (${u.memberId}, ${u.delegationId})`))}.`);
  }
  if (outsideValidity.length) {
    triggered.add('validityWindow');
    reasons.add('spend_outside_validity', 'critical', `${outsideValidity.length} payment(s) worth ${sumOf(outsideValidity)} USDC were made while a grant on the delegate's chain was expired or not yet valid: ${listed(outsideValidity.map((u) => `${u.eventId} (${u.memberId}, ${u.delegationId} ${u.cause})`))}.`);
  }
  if (tooDeep.length) {
    triggered.add('maxDelegationDepth');
    reasons.add('spend_beyond_max_depth', 'critical', `${tooDeep.length} payment(s) worth ${sumOf(tooDeep)} USDC were made by delegates more than ${maxDepth} grants from the principal: ${listed([...new Set(tooDeep.map((u) => u.memberId))])}.`);
  }

  const evidenceSpend = counted.filter((s) => s.via === 'evidence');
  if (evidenceSpend.length) {
    reasons.add(
      'untracked_wallet_spend',
      'warning',
      `${evidenceSpend.length} payment(s) came from wallets outside the delegation tree and were counted because evidence names a member as the payer: ${listed(evidenceSpend.map((s) => `${s.eventId} (${s.event.wallet} by ${s.event.agentId})`))}.`,
    );
  }
  if (unproven.length) {
    reasons.add('unproven_attribution', 'warning', `${unproven.length} payment(s) name a member as the payer from a wallet outside the tree, without evidence; they were not counted: ${listed(unproven.map((e) => e.eventId))}.`);
  }
  if (tree.cycles.length) {
    reasons.add('circular_delegation', 'warning', `Grants loop back: ${tree.cycles.map((c) => c.join(' <-> ')).join('; ')}. Authority that circles can be granted again after a revocation.`);
  }
  const amplified = [...tree.members.values()]
    .flatMap((m) => m.grants.map((g) => g.delegation))
    .filter((g) => g.spendLimit != null && limitOf(g.from) !== null && micro(g.spendLimit) > limitOf(g.from)!)
    .sort((a, b) => (a.delegationId < b.delegationId ? -1 : 1));
  if (amplified.length) {
    reasons.add('sub_delegation_exceeds_parent', 'warning', `${amplified.length} grant(s) allow more than the grantor may spend itself: ${listed(amplified.map((g) => `${g.delegationId} (${g.spendLimit} > ${usdc(limitOf(g.from)!)})`))}.`);
  }
  const deepMembers = maxDepth === null ? [] : [...tree.members.values()].filter((m) => m.depth > maxDepth).map((m) => m.id).sort();
  if (deepMembers.length && !tooDeep.length) {
    reasons.add('delegation_depth_exceeded', 'warning', `${deepMembers.length} delegate(s) sit more than ${maxDepth} grants from the principal, though none of them spent: ${listed(deepMembers)}.`);
  }
  if (!found.split && !found.over) {
    if (found.worst && found.worst.total * 100n >= aggregate * BigInt(nearPercent)) {
      reasons.add('aggregate_near_limit', 'warning', `The tree spent ${usdc(found.worst.total)} USDC within one window, ${nearPercent}% or more of the principal's limit of ${policy.aggregateLimit} USDC.`);
    }
    if (found.nearRun) {
      reasons.add('coordinated_near_limit_spend', 'warning', `${found.nearRun.delegates} delegates each spent between ${nearPercent}% of their own limit and the limit within one window: spend spread to stay under the limits.`);
    }
  }
  const shared = [...owners].filter(([, members]) => members.length > 1);
  if (shared.length) reasons.add('wallet_shared_by_members', 'info', `${shared.length} wallet(s) are listed for more than one member; their payments count against each of them: ${listed(shared.map(([w]) => w))}.`);
  if (unattributed.length) reasons.add('unattributed_spend', 'info', `${unattributed.length} payment(s) are from wallets and agents outside the tree and were not counted: ${listed(unattributed.map((e) => e.eventId))}.`);
  if (tree.outside.length) reasons.add('delegations_outside_tree', 'info', `${tree.outside.length} grant(s) come from someone the principal's authority does not reach and were left out: ${listed(tree.outside.map((d) => d.delegationId))}.`);

  const decision = reasons.decide();
  if (decision === 'allow') reasons.add('no_laundering_pattern', 'info', `The tree's spend stays within the principal's and each delegate's limits, under grants in force: largest window ${usdc(found.worst?.total ?? 0n)} USDC.`);
  const summaries = {
    block: `Block: spend through ${principal.id}'s delegates breaks the policy.`,
    review: `Review: spend through ${principal.id}'s delegates looks spread or routed around the limits, though none is broken.`,
    allow: `Allow: spend through ${principal.id}'s delegates stays within the policy.`,
  } as const;
  const depths = [...tree.members.values()].map((m) => m.depth);

  return {
    result: {
      ...reasons.verdict(decision, summaries[decision]),
      evidence: {
        members: tree.members.size,
        delegationsInTree: input.delegations.length - tree.outside.length,
        delegationsOutsideTree: tree.outside.map((d) => d.delegationId).slice(0, LISTED),
        deepestDelegation: Math.max(...depths),
        cycles: tree.cycles,
        eventsCounted: counted.length,
        eventsByEvidence: evidenceSpend.length,
        unprovenEventIds: unproven.map((e) => e.eventId).slice(0, LISTED),
        unattributedEventIds: unattributed.map((e) => e.eventId).slice(0, LISTED),
        totalSpend: usdc(counted.reduce((sum, s) => sum + s.amount, 0n)),
        worstWindow: describe(found.worst),
        splitWindow: describe(found.split),
        overLimitWindow: describe(found.over),
        delegatesOverLimit: overOwn.slice(0, LISTED).map(([memberId, spent]) => ({ memberId, worstWindowSpend: usdc(spent), limit: usdc(limitOf(memberId)!) })),
        unauthorizedSpend: unauthorized.slice(0, LISTED),
        untrackedWalletSpend: evidenceSpend.slice(0, LISTED).map((s) => ({ eventId: s.eventId, wallet: s.event.wallet, agentId: s.event.agentId, evidenceHash: s.event.attributionEvidenceHash })),
        amplifiedGrants: amplified.slice(0, LISTED).map((g) => ({ delegationId: g.delegationId, spendLimit: g.spendLimit, grantorLimit: usdc(limitOf(g.from)!) })),
        sharedWallets: shared.slice(0, LISTED).map(([wallet, members]) => ({ wallet, members })),
        policyApplied: { aggregateLimit: policy.aggregateLimit, windowSeconds, perDelegateLimit: policy.perDelegateLimit ?? null, maxDelegationDepth: maxDepth, nearLimitPercent: nearPercent, minimumSplitDelegates: minimumSplit },
      },
      aggregateSpend: usdc(found.worst?.total ?? 0n),
      walletsObserved: [...new Set(counted.map((s) => identifierKey(s.event.wallet)))].sort(),
      triggeredPolicies: [...triggered],
    },
    metadata: requestOnlyMetadata(LIMITATIONS),
  };
}

export const spendLaunderingDetector = defineRequestOnlyTool(catalogEntry('spend_laundering_detector'), analyzeSpendLaundering);
