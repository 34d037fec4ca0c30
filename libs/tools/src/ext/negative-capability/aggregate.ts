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

function merge(into: Tally, part: Tally): void {
  into.samples += part.samples;
  into.failures += part.failures;
  for (const [code, n] of part.failuresByCode) into.failuresByCode.set(code, (into.failuresByCode.get(code) ?? 0) + n);
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
 * for a dimension counts for no combination naming that dimension. O(G) to merge the G groups into
 * their K label sets, O(K x 2^D) for D free dimensions (D <= 5), then O(L x 2^D) over the L
 * qualifying combinations.
 */
export function limitations(groups: readonly ObservationGroup[], free: readonly Dimension[], minimumSamples: number, failureRate: number): Limitation[] {
  const all: Limitation = { ...emptyTally(), dimensions: {} };
  // Groups that differ only by outcome or error code share their labels: tally them once first.
  const labelled = new Map<string, { values: (DimensionValue | null)[]; tally: Tally }>();
  for (const group of groups) {
    add(all, group);
    const values = free.map((d) => group[d]);
    const key = JSON.stringify(values);
    let entry = labelled.get(key);
    if (!entry) labelled.set(key, (entry = { values, tally: emptyTally() }));
    add(entry.tally, group);
  }
  const tallies = new Map<string, Limitation>();
  const subsets = 1 << free.length;
  for (const { values, tally: part } of labelled.values()) {
    for (let mask = 1; mask < subsets; mask++) {
      const key = keyOf(mask, values);
      if (key === null) continue;
      let tally = tallies.get(key);
      if (!tally) tallies.set(key, (tally = { ...emptyTally(), dimensions: dimensionsOf(mask, values, free) }));
      merge(tally, part);
    }
  }
  const rate = (t: Tally) => t.failures / t.samples;
  const qualifies = (t: Tally) => t.samples >= minimumSamples && rate(t) > failureRate;
  const qualifying = new Map([...tallies].filter(([, t]) => qualifies(t)));
  const listed: Limitation[] = [];
  for (const [key, limitation] of qualifying) {
    const mask = Number.parseInt(key, 10);
    const values = free.map((d) => limitation.dimensions[d] ?? null);
    let covered = false;
    // Every proper sub-mask of `mask`, down to 0 (all the matched runs).
    for (let sub = (mask - 1) & mask; !covered; sub = (sub - 1) & mask) {
      const broader = sub === 0 ? (qualifies(all) ? all : undefined) : qualifying.get(keyOf(sub, values)!);
      if (broader && rate(broader) >= rate(limitation)) covered = true;
      if (sub === 0) break;
    }
    if (!covered) listed.push(limitation);
  }
  return listed.sort((a, b) => rate(b) - rate(a) || b.samples - a.samples || compareKeys(a, b));
}

/**
 * One key per (dimensions, values): the mask, then the values of the mask's dimensions, typed
 * (a number label and a string label that read alike stay apart); null when one of them is missing.
 */
function keyOf(mask: number, values: readonly (DimensionValue | null)[]): string | null {
  let key = String(mask);
  for (let bit = 0; bit < values.length; bit++) {
    if (!(mask & (1 << bit))) continue;
    const value = values[bit];
    if (value === null || value === undefined) return null;
    key += typeof value === 'number' ? `\u0000n${value}` : `\u0000s${value}`;
  }
  return key;
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
