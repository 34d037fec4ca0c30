import type { ObservationDimensions, ObservationGroup } from '@paysight/contracts';

/** The dimensions a query can fix and a limitation can name: the four task-context ones and the service version. */
export const DIMENSIONS = ['serviceVersion', 'network', 'resourceType', 'payloadSizeClass', 'latencyRequirementMs'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export type DimensionValue = string | number;
export type Query = Partial<Record<Dimension, DimensionValue>>;

type Labelled = ObservationDimensions & { serviceVersion: string | null };

/**
 * The spec's matching rule: every dimension the query gives must equal the observation's exactly
 * (numbers by value, strings by code units); an observation without that dimension does not match.
 */
export function matches(group: Labelled, query: Query): boolean {
  for (const dimension of DIMENSIONS) {
    const wanted = query[dimension];
    if (wanted !== undefined && group[dimension] !== wanted) return false;
  }
  return true;
}

export interface Tally {
  samples: number;
  failures: number;
  failuresByCode: Map<string, number>;
}

const emptyTally = (): Tally => ({ samples: 0, failures: 0, failuresByCode: new Map() });

function add(tally: Tally, group: ObservationGroup): void {
  tally.samples += group.count;
  if (group.outcome !== 'failed') return;
  tally.failures += group.count;
  const code = group.errorCode ?? 'unknown';
  tally.failuresByCode.set(code, (tally.failuresByCode.get(code) ?? 0) + group.count);
}

function addCodes(into: Map<string, number>, from: ReadonlyMap<string, number>): void {
  for (const [code, n] of from) into.set(code, (into.get(code) ?? 0) + n);
}

export interface Aggregate extends Tally {
  firstSeen: Date | null;
  lastSeen: Date | null;
  totalDurationMs: number;
  maxDurationMs: number;
}

/** Sums groups into one aggregate. O(G). */
export function aggregate(groups: readonly ObservationGroup[]): Aggregate {
  const result: Aggregate = { ...emptyTally(), firstSeen: null, lastSeen: null, totalDurationMs: 0, maxDurationMs: 0 };
  for (const group of groups) {
    add(result, group);
    result.totalDurationMs += group.totalDurationMs;
    result.maxDurationMs = Math.max(result.maxDurationMs, group.maxDurationMs);
    if (!result.firstSeen || group.firstSeen < result.firstSeen) result.firstSeen = group.firstSeen;
    if (!result.lastSeen || group.lastSeen > result.lastSeen) result.lastSeen = group.lastSeen;
  }
  return result;
}

export interface Limitation extends Tally {
  dimensions: Partial<Record<Dimension, DimensionValue>>;
}

/**
 * The failing task contexts among the matched groups. Over every non-empty combination of the
 * dimensions the query left free (the lattice of their subsets), the tallies of each combination of
 * values; a combination qualifies when its failure rate is above `failureRate` with at least
 * `minimumSamples` samples. It is listed only when it fails more often than every qualifying
 * broader context that contains it (a proper subset of its dimension values, or all the matched
 * runs): "network polygon" is listed once rather than once per payload size, and "polygon with
 * large payloads" only when it is worse than polygon as a whole. An observation without a value
 * for a dimension counts for no combination naming that dimension.
 *
 * Groups that differ only by outcome or error code are first merged into their K label sets. Each
 * combination gets an integer id, built up the lattice: the id of a mask's combination comes from
 * the id of the mask without its highest dimension and that dimension's value, so the K x 2^D
 * tallies (D <= 5 free dimensions) are array updates keyed by small integers. O(G + K x 2^D x 2^D)
 * with the check of every broader context, no string built per combination.
 */
export function limitations(groups: readonly ObservationGroup[], free: readonly Dimension[], minimumSamples: number, failureRate: number): Limitation[] {
  const all = emptyTally();
  const interned = free.map(() => new Map<DimensionValue, number>());
  const labelSets = new Map<string, { values: (DimensionValue | null)[]; valueIds: number[]; tally: Tally }>();
  for (const group of groups) {
    add(all, group);
    const values = free.map((d) => group[d]);
    const key = JSON.stringify(values);
    let entry = labelSets.get(key);
    if (!entry) {
      const valueIds = values.map((v, d) => (v === null ? -1 : (interned[d]!.get(v) ?? interned[d]!.set(v, interned[d]!.size).size - 1)));
      labelSets.set(key, (entry = { values, valueIds, tally: emptyTally() }));
    }
    add(entry.tally, group);
  }
  const sets = [...labelSets.values()];
  const subsets = 1 << free.length;
  const radix = Math.max(1, ...interned.map((m) => m.size));
  // comboOf[k * subsets + mask]: the combination id of label set k under mask; -1 without a value; 0 is the root.
  const comboOf = new Int32Array(sets.length * subsets);
  const ids = new Map<number, number>();
  const samples: number[] = [0];
  const failures: number[] = [0];
  const first: { set: number; mask: number }[] = [{ set: -1, mask: 0 }];
  sets.forEach(({ valueIds, tally }, k) => {
    const base = k * subsets;
    for (let mask = 1; mask < subsets; mask++) {
      const high = 31 - Math.clz32(mask);
      const parent = comboOf[base + (mask ^ (1 << high))]!;
      const value = valueIds[high]!;
      if (parent < 0 || value < 0) {
        comboOf[base + mask] = -1;
        continue;
      }
      const key = (parent * free.length + high) * radix + value;
      let id = ids.get(key);
      if (id === undefined) {
        ids.set(key, (id = samples.length));
        samples.push(0);
        failures.push(0);
        first.push({ set: k, mask });
      }
      comboOf[base + mask] = id;
      samples[id]! += tally.samples;
      failures[id]! += tally.failures;
    }
  });
  const rate = (id: number) => failures[id]! / samples[id]!;
  const qualifies = (id: number) => samples[id]! >= minimumSamples && rate(id) > failureRate;
  samples[0] = all.samples;
  failures[0] = all.failures;
  const listed = new Set<number>();
  for (let id = 1; id < samples.length; id++) {
    if (!qualifies(id)) continue;
    const { set, mask } = first[id]!;
    let covered = false;
    // Every proper sub-mask of `mask`, down to 0 (all the matched runs).
    for (let sub = (mask - 1) & mask; !covered; sub = (sub - 1) & mask) {
      const broader = comboOf[set * subsets + sub]!;
      if (qualifies(broader) && rate(broader) >= rate(id)) covered = true;
      if (sub === 0) break;
    }
    if (!covered) listed.add(id);
  }
  const found = new Map<number, Limitation>();
  for (const id of listed) {
    const { set, mask } = first[id]!;
    found.set(id, { samples: samples[id]!, failures: failures[id]!, failuresByCode: new Map(), dimensions: dimensionsOf(mask, sets[set]!.values, free) });
  }
  // The error codes of the listed combinations only.
  sets.forEach(({ tally }, k) => {
    if (tally.failures === 0) return;
    for (let mask = 1; mask < subsets; mask++) {
      const limitation = found.get(comboOf[k * subsets + mask]!);
      if (limitation) addCodes(limitation.failuresByCode, tally.failuresByCode);
    }
  });
  const byRate = (a: Limitation, b: Limitation) => b.failures / b.samples - a.failures / a.samples || b.samples - a.samples || compareKeys(a, b);
  return [...found.values()].sort(byRate);
}

function dimensionsOf(mask: number, values: readonly (DimensionValue | null)[], free: readonly Dimension[]): Limitation['dimensions'] {
  const dimensions: Limitation['dimensions'] = {};
  for (let bit = 0; bit < free.length; bit++) if (mask & (1 << bit)) dimensions[free[bit]!] = values[bit]!;
  return dimensions;
}

function compareKeys(a: Limitation, b: Limitation): number {
  const ka = JSON.stringify(DIMENSIONS.map((d) => a.dimensions[d] ?? null));
  const kb = JSON.stringify(DIMENSIONS.map((d) => b.dimensions[d] ?? null));
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * The 95% Wilson score interval of a failure rate: how far the true rate may be from the one
 * observed, given the number of samples. Reported as evidence; the decision uses the observed rate.
 */
export function wilsonInterval(failures: number, samples: number): [number, number] | null {
  if (samples === 0) return null;
  const z = 1.959964;
  const p = failures / samples;
  const denominator = 1 + (z * z) / samples;
  const centre = (p + (z * z) / (2 * samples)) / denominator;
  const spread = (z * Math.sqrt((p * (1 - p)) / samples + (z * z) / (4 * samples * samples))) / denominator;
  return [Math.max(0, centre - spread), Math.min(1, centre + spread)];
}
