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

/** x ranks below y: lower overlap, or the same overlap and a later pair. */
const below = (x: Overlap, y: Overlap) => x.overlap < y.overlap || (x.overlap === y.overlap && (x.a > y.a || (x.a === y.a && x.b > y.b)));

/** The `keep` highest pairs offered, in a binary heap whose root is the lowest kept: O(log keep) per offer. */
class HighestPairs {
  private readonly heap: Overlap[] = [];
  constructor(private readonly keep: number) {}

  offer(pair: Overlap): void {
    const heap = this.heap;
    if (heap.length < this.keep) {
      heap.push(pair);
      for (let i = heap.length - 1, up = (i - 1) >> 1; i > 0 && below(heap[i]!, heap[up]!); i = up, up = (i - 1) >> 1) [heap[i], heap[up]] = [heap[up]!, heap[i]!];
      return;
    }
    if (!below(heap[0]!, pair)) return;
    heap[0] = pair;
    for (let i = 0; ; ) {
      const [l, r] = [2 * i + 1, 2 * i + 2];
      let low = i;
      if (l < heap.length && below(heap[l]!, heap[low]!)) low = l;
      if (r < heap.length && below(heap[r]!, heap[low]!)) low = r;
      if (low === i) return;
      [heap[i], heap[low]] = [heap[low]!, heap[i]!];
      i = low;
    }
  }

  highestFirst(): Overlap[] {
    return [...this.heap].sort((x, y) => (below(x, y) ? 1 : below(y, x) ? -1 : 0));
  }
}

/**
 * Weighted Jaccard similarity, with criticality as the weight, of every pair of services that share
 * a critical dependency: J(a, b) = sum of min(c_a, c_b) / sum of max(c_a, c_b) over the dependencies
 * of either. Row by row: for service a, each of its critical dependencies adds min(c_a, c_b) to
 * every later service b in that dependency's service list (the inverted index), in a row of n sums
 * reset after use; a pair that shares nothing is never touched. Sum of max follows without another
 * pass, as total_a + total_b - sum of min. Time O(sum over dependencies of k^2) for k services
 * sharing a dependency, plus O(P log keep) to keep the highest of the P pairs over the limit;
 * memory O(n + E), no n x n table.
 */
export function overlappingPairs(services: number, dependencies: readonly Dependency[], criticalTotal: readonly number[], limit: number, keep: number): OverlapFindings {
  // Each service's critical dependencies, with its own position in each one's service list (sorted by service).
  const listsOf: { users: Dependency['users']; at: number }[][] = Array.from({ length: services }, () => []);
  for (const { users } of dependencies) users.forEach((u, at) => listsOf[u.service]!.push({ users, at }));
  const row = new Float64Array(services);
  const marked = new Uint8Array(services);
  const hits = new Int32Array(services);
  const highest = new HighestPairs(keep);
  let touched = 0;
  let flagged = 0;
  let maxOverlap = 0;
  for (let a = 0; a < services; a++) {
    let count = 0;
    for (const { users, at } of listsOf[a]!) {
      const own = users[at]!.criticality;
      for (let j = at + 1; j < users.length; j++) {
        const { service: b, criticality } = users[j]!;
        if (!marked[b]) {
          marked[b] = 1;
          hits[count++] = b;
        }
        row[b]! += own < criticality ? own : criticality;
      }
    }
    touched += count;
    for (const b of hits.subarray(0, count).sort()) {
      const sum = row[b]!;
      row[b] = 0;
      marked[b] = 0;
      const union = criticalTotal[a]! + criticalTotal[b]! - sum;
      const overlap = union > 0 ? round4(sum / union) : 0;
      if (overlap > maxOverlap) maxOverlap = overlap;
      if (overlap > limit) {
        flagged++;
        highest.offer({ a, b, overlap });
      }
    }
  }
  return { touched, maxOverlap, flagged, top: highest.highestFirst() };
}
