import type { Dependency } from './dependency-index.js';

export interface Overlap {
  a: number;
  b: number;
  /** Weighted Jaccard similarity of the two services' critical dependencies, rounded to 4 digits. */
  overlap: number;
}

export interface OverlapFindings {
  /** Pairs that share at least one critical dependency. */
  touched: number;
  maxOverlap: number;
  /** Pairs above the limit. */
  flagged: number;
  /** The `keep` highest of those, highest first; ties in service order. */
  top: Overlap[];
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * Weighted Jaccard similarity, with criticality as the weight, of every pair of services that share
 * a critical dependency: J(a, b) = sum of min(c_a, c_b) / sum of max(c_a, c_b) over the dependencies
 * of either. The shared minima are summed by walking each dependency's service list (the inverted
 * index), so a pair that shares nothing is never touched; the maxima follow without another pass,
 * as sum max = total_a + total_b - sum min. Time O(sum over dependencies of k^2) for k services
 * sharing a dependency, and O(P log P) in a typed-array sort to rank the P pairs above the limit;
 * the per-pair sums live in an n x n array (n services) read only at touched pairs.
 */
export function overlappingPairs(services: number, dependencies: Iterable<Dependency>, criticalTotal: readonly number[], limit: number, keep: number): OverlapFindings {
  const shared = new Float64Array(services * services);
  const seen = new Uint8Array(services * services);
  const touched: number[] = [];
  for (const { users } of dependencies) {
    if (users.length < 2) continue;
    // Users are in increasing service order, so (i, j) with i < j is the pair's cell a * n + b with a < b.
    const ids = Int32Array.from(users, (u) => u.service);
    const weights = Float64Array.from(users, (u) => u.criticality);
    for (let i = 0; i < ids.length; i++) {
      const row = ids[i]! * services;
      const own = weights[i]!;
      for (let j = i + 1; j < ids.length; j++) {
        const cell = row + ids[j]!;
        if (!seen[cell]) {
          seen[cell] = 1;
          touched.push(cell);
        }
        const other = weights[j]!;
        shared[cell]! += own < other ? own : other;
      }
    }
  }

  let maxOverlap = 0;
  const flaggedCells: number[] = [];
  const flaggedOverlaps: number[] = [];
  for (const cell of touched) {
    const union = criticalTotal[Math.floor(cell / services)]! + criticalTotal[cell % services]! - shared[cell]!;
    const overlap = union > 0 ? round4(shared[cell]! / union) : 0;
    if (overlap > maxOverlap) maxOverlap = overlap;
    if (overlap > limit) {
      flaggedCells.push(cell);
      flaggedOverlaps.push(overlap);
    }
  }
  // Rank without sorting every flagged pair with a comparator: the keep-th highest overlap by a
  // numeric sort of a copy, the pairs above it by comparator (fewer than keep), ties at it by cell.
  const cutoff = flaggedOverlaps.length > keep ? Float64Array.from(flaggedOverlaps).sort()[flaggedOverlaps.length - keep]! : -1;
  const above: { cell: number; overlap: number }[] = [];
  const ties: number[] = [];
  flaggedCells.forEach((cell, i) => {
    if (flaggedOverlaps[i]! > cutoff) above.push({ cell, overlap: flaggedOverlaps[i]! });
    else if (flaggedOverlaps[i] === cutoff) ties.push(cell);
  });
  above.sort((x, y) => y.overlap - x.overlap || x.cell - y.cell);
  const tied = Uint32Array.from(ties).sort().slice(0, keep - above.length);
  const top = [...above, ...Array.from(tied, (cell) => ({ cell, overlap: cutoff }))].map(({ cell, overlap }) => ({ a: Math.floor(cell / services), b: cell % services, overlap }));
  return { touched: touched.length, maxOverlap, flagged: flaggedCells.length, top };
}
