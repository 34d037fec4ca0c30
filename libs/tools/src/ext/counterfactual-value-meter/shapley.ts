/** How many offending coalitions or ids a report lists. */
export const LISTED = 20;

export interface CoalitionEntry {
  coalitionIds: readonly string[];
  /** Utility in millionths. */
  utility: bigint;
}

/** The characteristic function v as a table over bitmasks, and what kept it from being complete. */
export interface CoalitionTable {
  n: number;
  /** v(mask) in millionths, null where no usable entry gave it. */
  values: (bigint | null)[];
  /** Masks with no entry, in increasing order. */
  missing: number[];
  /** Masks given by more than one entry (listed once each). */
  duplicates: number[];
  /** coalitionIds that name no evidence item. */
  unknownIds: string[];
  /** Indexes of entries that list one id twice. */
  malformed: number[];
}

/**
 * Maps every coalitionUtilities entry to the bitmask of its evidence items (bit i = the i-th item
 * of evidenceItems) and checks that each of the 2^n coalitions, the empty one included, is given
 * exactly once. Entries naming an unknown id or listing an id twice are set aside, not guessed at.
 * O(2^n + total ids).
 */
export function coalitionTable(itemIds: readonly string[], entries: readonly CoalitionEntry[]): CoalitionTable {
  const n = itemIds.length;
  const bit = new Map(itemIds.map((id, i) => [id, 1 << i]));
  const values: (bigint | null)[] = new Array<bigint | null>(1 << n).fill(null);
  const duplicates = new Set<number>();
  const unknownIds = new Set<string>();
  const malformed: number[] = [];
  entries.forEach((entry, index) => {
    let mask = 0;
    let usable = true;
    for (const id of entry.coalitionIds) {
      const b = bit.get(id);
      if (b === undefined) {
        unknownIds.add(id);
        usable = false;
      } else if (mask & b) {
        usable = false;
        if (malformed[malformed.length - 1] !== index) malformed.push(index);
      } else mask |= b;
    }
    if (!usable) return;
    if (values[mask] !== null) duplicates.add(mask);
    else values[mask] = entry.utility;
  });
  const missing: number[] = [];
  values.forEach((v, mask) => {
    if (v === null) missing.push(mask);
  });
  return { n, values, missing, duplicates: [...duplicates].sort((a, b) => a - b), unknownIds: [...unknownIds].sort(), malformed };
}

export const membersOf = (mask: number, itemIds: readonly string[]): string[] => itemIds.filter((_, i) => mask & (1 << i));

function factorials(n: number): bigint[] {
  const f = [1n];
  for (let k = 1; k <= n; k++) f.push(f[k - 1]! * BigInt(k));
  return f;
}

export interface ShapleyAttribution {
  /** n! x the Shapley value, in millionths: exact integers. */
  scaled: bigint[];
  /** n!: the Shapley value of item i is scaled[i] / (n! x 10^6) utility units. */
  denominator: bigint;
  /** Smallest and largest marginal contribution v(S ∪ {i}) - v(S) of each item, in millionths. */
  minMarginal: bigint[];
  maxMarginal: bigint[];
}

/**
 * Exact Shapley values from a complete table: phi_i = sum over S not holding i of
 * |S|! (n - |S| - 1)! / n! x (v(S ∪ {i}) - v(S)). Every term is multiplied by n! so the sums are
 * integers; nothing is rounded here. n x 2^(n-1) marginal contributions (24,576 for 12 items).
 */
export function shapley(n: number, v: readonly bigint[]): ShapleyAttribution {
  const f = factorials(n);
  const weight = Array.from({ length: n }, (_, size) => f[size]! * f[n - size - 1]!);
  const scaled = new Array<bigint>(n).fill(0n);
  const minMarginal = new Array<bigint | null>(n).fill(null);
  const maxMarginal = new Array<bigint | null>(n).fill(null);
  const popcount = new Uint8Array(1 << n);
  for (let mask = 1; mask < 1 << n; mask++) popcount[mask] = popcount[mask >> 1]! + (mask & 1);
  for (let mask = 0; mask < 1 << n; mask++) {
    const w = weight[popcount[mask]!];
    for (let i = 0; i < n; i++) {
      const b = 1 << i;
      if (mask & b) continue;
      const marginal = v[mask | b]! - v[mask]!;
      scaled[i]! += w! * marginal;
      if (minMarginal[i] === null || marginal < minMarginal[i]!) minMarginal[i] = marginal;
      if (maxMarginal[i] === null || marginal > maxMarginal[i]!) maxMarginal[i] = marginal;
    }
  }
  return { scaled, denominator: f[n]!, minMarginal: minMarginal as bigint[], maxMarginal: maxMarginal as bigint[] };
}
