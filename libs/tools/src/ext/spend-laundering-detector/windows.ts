/** A payment counted for the tree: its amount goes to the aggregate once and to each member that owns its wallet. */
export interface CountedSpend {
  eventId: string;
  time: number;
  amount: bigint;
  /** Members it is charged to (several when they share the wallet). */
  members: readonly string[];
}

export interface WindowLimits {
  windowMs: number;
  aggregate: bigint;
  /** Per-window limit of a member, null when it has none (the principal's is the aggregate). */
  limitOf(member: string): bigint | null;
  nearPercent: bigint;
  minimumSplit: number;
  principalId: string;
}

/** A window (t_last - windowMs, t_last] as positions in the time-sorted spend. */
export interface SpendWindow {
  from: number;
  to: number;
  total: bigint;
}

export interface WindowFindings {
  /** The window with the largest total. */
  worst: SpendWindow | null;
  /** The largest window over the aggregate limit in which at least minimumSplit delegates spent and none passed its own limit. */
  split: SpendWindow | null;
  /** The largest window over the aggregate limit otherwise. */
  over: SpendWindow | null;
  /** The window where most delegates (at least minimumSplit) were each between nearPercent of their limit and the limit. */
  nearRun: (SpendWindow & { delegates: number }) | null;
  /** Each member's largest total in one window. */
  memberWorst: Map<string, bigint>;
}

/**
 * One pass of two pointers over the spend sorted by time. The window ending at each payment is
 * (t - windowMs, t]; entering and leaving payments update the aggregate and each member's total, and
 * three counters kept as totals cross thresholds: delegates with spend, delegates over their own
 * limit, delegates near it. Every check at a window end is then O(1), and the whole pass is O(n x k)
 * for k owners per payment (1 unless a wallet is shared).
 */
export function scanWindows(spend: readonly CountedSpend[], limits: WindowLimits): WindowFindings {
  const totals = new Map<string, bigint>();
  const memberWorst = new Map<string, bigint>();
  let total = 0n;
  let spenders = 0;
  let over = 0;
  let near = 0;
  const isNear = (sum: bigint, limit: bigint) => sum > 0n && sum <= limit && sum * 100n >= limit * limits.nearPercent;
  const move = (member: string, delta: bigint) => {
    const before = totals.get(member) ?? 0n;
    const after = before + delta;
    totals.set(member, after);
    if (member === limits.principalId) return;
    spenders += Number(after > 0n) - Number(before > 0n);
    const limit = limits.limitOf(member);
    if (limit === null) return;
    over += Number(after > limit) - Number(before > limit);
    near += Number(isNear(after, limit)) - Number(isNear(before, limit));
  };
  const found: WindowFindings = { worst: null, split: null, over: null, nearRun: null, memberWorst };
  const larger = (current: SpendWindow | null) => current === null || total > current.total;
  let left = 0;
  for (let right = 0; right < spend.length; right++) {
    const entering = spend[right]!;
    total += entering.amount;
    for (const member of entering.members) move(member, entering.amount);
    while (entering.time - spend[left]!.time >= limits.windowMs) {
      const leaving = spend[left++]!;
      total -= leaving.amount;
      for (const member of leaving.members) move(member, -leaving.amount);
    }
    const window = { from: left, to: right, total };
    for (const member of entering.members) {
      if (totals.get(member)! > (memberWorst.get(member) ?? 0n)) memberWorst.set(member, totals.get(member)!);
    }
    if (larger(found.worst)) found.worst = window;
    if (total > limits.aggregate) {
      if (over === 0 && spenders >= limits.minimumSplit) {
        if (larger(found.split)) found.split = window;
      } else if (larger(found.over)) found.over = window;
    }
    if (near >= limits.minimumSplit && (found.nearRun === null || near > found.nearRun.delegates)) found.nearRun = { ...window, delegates: near };
  }
  return found;
}

/** Each member's total inside one window, largest first. O(w x k). */
export function windowTotals(spend: readonly CountedSpend[], window: SpendWindow): [string, bigint][] {
  const totals = new Map<string, bigint>();
  for (let i = window.from; i <= window.to; i++) for (const member of spend[i]!.members) totals.set(member, (totals.get(member) ?? 0n) + spend[i]!.amount);
  return [...totals].sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : a[0] < b[0] ? -1 : 1));
}
