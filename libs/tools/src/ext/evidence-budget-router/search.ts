import type { RouterModel } from './model.js';

/** Values closer than this are equal (the objective is a sum of products of probabilities). */
export const EPS = 1e-9;
/**
 * Nodes the branch and bound may visit: at the largest request (50 sources of 20 dimensions each,
 * about 1,000 covers to read per node) this keeps the search under 200 ms on one core. When the
 * search stops here the plan is the best found, `optimal` is false and the root bound says how far
 * off it can be. Random requests of 20 sources over 8 dimensions finish in about 1,000 nodes.
 */
export const MAX_NODES = 5_000;

export interface SearchLimits {
  budget: bigint;
  maxSources: number;
  /** Dimensions whose confidence must reach `minimum`. */
  required: readonly number[];
  minimum: number;
}

export interface SearchResult {
  /** Candidate indexes of the best plan, or null when no plan meets the limits and the required dimensions. */
  plan: number[] | null;
  value: number;
  cost: bigint;
  /** The search finished: no plan within the limits has a higher value (or the same value for less). */
  optimal: boolean;
  nodes: number;
  /** No plan can be worth more than this (the bound at the root). */
  upperBound: number;
}

/**
 * Exact 0/1 selection by depth-first branch and bound. The value of a set S of sources is
 * f(S) = sum over dimensions of weight x confidence (model.confidences), monotone and submodular: a
 * source adds less the more is already bought. So for any additions T, f(S + T) - f(S) is at most
 * the sum of each one's gain on S alone; the fractional knapsack of those gains over the budget left
 * bounds every branch below S (so do the largest gains up to the sources left, and, per dimension,
 * the lesser of what every open source could settle of it and their gains on it; the least of the
 * three is used). A branch is also cut when a required dimension could not reach the minimum even
 * with every open source bought. Buying a source buys its dependency closure; refusing one closes
 * every source that needs it; a source with no gain is not branched on. Sources are tried in order
 * of value per USDC, after a greedy plan gives a first incumbent. Worst case O(2^S) nodes, each
 * O(S x C) for C covered dimensions per source, capped at MAX_NODES.
 *
 * Money is counted in micro-USDC as integers in doubles: prices and the budget are at most 10^12
 * (the schema) and a plan has at most 50 sources, so every sum is an exact integer below 2^53.
 */
export function searchPlan(model: RouterModel, open: readonly number[], limits: SearchLimits): SearchResult {
  const { candidates, dimensions, groups } = model;
  const n = candidates.length;
  const D = dimensions.length;
  const weight = Float64Array.from(dimensions, (d) => d.weight);
  const price = Float64Array.from(candidates, (c) => Number(c.price));
  const budget = Number(limits.budget);
  const coverStart = new Int32Array(n + 1);
  candidates.forEach((c, i) => (coverStart[i + 1] = coverStart[i]! + c.covers.length));
  const coverDimension = Int32Array.from(candidates.flatMap((c) => c.covers.map((x) => x.dimension)));
  const coverQ = Float64Array.from(candidates.flatMap((c) => c.covers.map((x) => x.q)));
  const group = Int32Array.from(candidates, (c) => c.group);
  const needing: number[][] = candidates.map(() => []); // needing[j]: sources whose closure holds j
  candidates.forEach((c, i) => c.closure.forEach((j) => needing[j]!.push(i)));

  const best = new Float64Array(D * groups); // best q per (dimension, group) in the current set
  const miss = new Float64Array(D).fill(1); // per dimension: product over groups of (1 - best q)
  const status = new Int8Array(n); // 1 bought, -1 refused, 0 open
  const refusedInClosure = new Int32Array(n);
  let value = 0;
  let cost = 0;
  let count = 0;

  const refuse = (j: number, by: 1 | -1) => {
    status[j] = by === 1 ? -1 : 0;
    for (const i of needing[j]!) refusedInClosure[i]! += by;
  };
  const isOpen = new Set(open);
  for (let i = 0; i < n; i++) if (!isOpen.has(i)) refuse(i, 1);

  const gain = (i: number): number => {
    let g = 0;
    for (let k = coverStart[i]!; k < coverStart[i + 1]!; k++) {
      const d = coverDimension[k]!;
      const q = coverQ[k]!;
      const m = best[d * groups + group[i]!]!;
      if (q > m) g += (weight[d]! * miss[d]! * (q - m)) / (1 - m);
    }
    return g;
  };

  const undo: number[] = [];
  const buy = (i: number) => {
    status[i] = 1;
    cost += price[i]!;
    count++;
    for (let k = coverStart[i]!; k < coverStart[i + 1]!; k++) {
      const d = coverDimension[k]!;
      const q = coverQ[k]!;
      const key = d * groups + group[i]!;
      const m = best[key]!;
      if (q <= m) continue;
      undo.push(key, m, d, miss[d]!);
      value += (weight[d]! * miss[d]! * (q - m)) / (1 - m);
      miss[d] = (miss[d]! * (1 - q)) / (1 - m);
      best[key] = q;
    }
  };
  const checkpoint = () => ({ undo: undo.length, value, cost, count });
  const restore = (mark: ReturnType<typeof checkpoint>, bought: readonly number[]) => {
    while (undo.length > mark.undo) {
      const missBefore = undo.pop()!;
      const d = undo.pop()!;
      const m = undo.pop()!;
      best[undo.pop()!] = m;
      miss[d] = missBefore;
    }
    for (const i of bought) status[i] = 0;
    ({ value, cost, count } = mark);
  };
  /** What buying i adds: the members of its closure not bought yet. */
  const missing = (i: number) => candidates[i]!.closure.filter((j) => status[j] !== 1);
  const fits = (extra: readonly number[]) => count + extra.length <= limits.maxSources && cost + extra.reduce((sum, j) => sum + price[j]!, 0) <= budget;

  const meetsRequired = () => limits.required.every((d) => 1 - miss[d]! >= limits.minimum - EPS);
  let incumbent: { plan: number[]; value: number; cost: number } | null = null;
  const consider = () => {
    if (!meetsRequired()) return;
    if (incumbent && !(value > incumbent.value + EPS || (value >= incumbent.value - EPS && cost < incumbent.cost))) return;
    incumbent = { plan: candidates.map((_, i) => i).filter((i) => status[i] === 1), value, cost };
  };

  const reach = new Float64Array(D);
  const dimensionGain = new Float64Array(D);
  const gains = new Float64Array(n);
  const byRatio: number[] = [];
  const largest = new Float64Array(n);
  /** Upper bound on any plan below the current set; -1 when a required dimension can no longer reach the minimum. */
  const bound = (): number => {
    reach.set(miss);
    dimensionGain.fill(0);
    byRatio.length = 0;
    let k = 0;
    for (let i = 0; i < n; i++) {
      if (status[i] !== 0 || refusedInClosure[i] !== 0) continue;
      // One pass over its covers: the optimistic reach of each dimension, and its gain on the current set.
      let g = 0;
      for (let c = coverStart[i]!; c < coverStart[i + 1]!; c++) {
        const d = coverDimension[c]!;
        const q = coverQ[c]!;
        reach[d]! *= 1 - q;
        const m = best[d * groups + group[i]!]!;
        if (q <= m) continue;
        const part = (weight[d]! * miss[d]! * (q - m)) / (1 - m);
        g += part;
        dimensionGain[d]! += part;
      }
      if (g <= 0) continue;
      gains[i] = g;
      byRatio.push(i);
      largest[k++] = g;
    }
    for (const d of limits.required) if (1 - reach[d]! < limits.minimum - EPS) return -1;
    let room = budget - cost;
    let fractional = 0;
    let openPrice = 0;
    for (const i of byRatio) openPrice += price[i]!;
    // Everything open fits: the knapsack takes it all, no order needed.
    if (openPrice > room) byRatio.sort((a, b) => gains[b]! * price[a]! - gains[a]! * price[b]! || gains[b]! - gains[a]!);
    for (const i of byRatio) {
      if (price[i]! <= room) {
        fractional += gains[i]!;
        room -= price[i]!;
      } else {
        fractional += (gains[i]! * room) / price[i]!;
        break;
      }
    }
    const slots = limits.maxSources - count;
    let topSum = Number.POSITIVE_INFINITY;
    if (slots < k) {
      const top = largest.subarray(0, k).sort();
      topSum = 0;
      for (let s = k - slots; s < k; s++) topSum += top[s]!;
    }
    // Per dimension: no more than every open source together could settle of it (reach treats
    // sources of one group as independent, which only overstates), nor than their gains on it.
    let perDimension = 0;
    for (let d = 0; d < D; d++) perDimension += Math.min(weight[d]! * (miss[d]! - reach[d]!), dimensionGain[d]!);
    return value + Math.min(fractional, topSum, perDimension);
  };

  // Try sources in order of value per USDC on the empty set (free ones first), ties by id.
  const order = [...open].sort((a, b) => gain(b) / Math.max(1, price[b]!) - gain(a) / Math.max(1, price[a]!) || (candidates[a]!.sourceId < candidates[b]!.sourceId ? -1 : 1));

  // Greedy incumbent: keep buying the open source (with its closure) of best gain per USDC that fits.
  for (;;) {
    let pick: number[] | null = null;
    let pickRatio = 0;
    for (const i of order) {
      if (status[i] !== 0 || refusedInClosure[i] !== 0) continue;
      const extra = missing(i);
      if (!fits(extra)) continue;
      const ratio = extra.reduce((sum, j) => sum + gain(j), 0) / Math.max(1, extra.reduce((sum, j) => sum + price[j]!, 0));
      if (ratio > pickRatio + EPS) [pick, pickRatio] = [extra, ratio];
    }
    if (!pick) break;
    pick.forEach(buy);
  }
  consider();
  restore({ undo: 0, value: 0, cost: 0, count: 0 }, candidates.map((_, i) => i).filter((i) => status[i] === 1));

  const upperBound = bound();
  let nodes = 0;
  let truncated = false;
  const visit = (depth: number): void => {
    if (++nodes > MAX_NODES) {
      truncated = true;
      return;
    }
    consider();
    // Sources already bought with a closure, or closed by a refusal, need no branch of their own.
    while (depth < order.length && status[order[depth]!] !== 0) depth++;
    if (depth === order.length) return;
    const upper = bound();
    if (upper < 0) return;
    if (incumbent && (upper < incumbent.value - EPS || (upper <= incumbent.value + EPS && cost >= incumbent.cost))) return;
    const i = order[depth]!;
    // A source that adds nothing now adds nothing below (gains only shrink): buying it alone is never
    // better. It stays open, since a source that needs it may still buy it.
    if (gain(i) <= EPS) return visit(depth + 1);
    const extra = refusedInClosure[i] === 0 ? missing(i) : null;
    if (extra && fits(extra)) {
      const mark = checkpoint();
      extra.forEach(buy);
      visit(depth + 1);
      restore(mark, extra);
    }
    if (truncated) return;
    refuse(i, 1);
    visit(depth + 1);
    refuse(i, -1);
  };
  visit(0);

  const found = incumbent as { plan: number[]; value: number; cost: number } | null;
  return {
    plan: found?.plan ?? null,
    value: found?.value ?? 0,
    cost: BigInt(found?.cost ?? 0),
    optimal: !truncated,
    nodes: Math.min(nodes, MAX_NODES),
    upperBound: Math.max(upperBound, found?.value ?? 0),
  };
}
