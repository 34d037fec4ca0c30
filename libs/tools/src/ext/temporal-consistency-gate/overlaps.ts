import { groupBy } from '../../shared/group-by.js';

export interface ValidityWindow {
  index: number;
  kind: string;
  subject: string;
  /** [from, until) in milliseconds; until is Infinity when the item has no end. */
  from: number;
  until: number;
}

export interface Overlaps {
  /** The first `limit` overlapping pairs not explained by a reference between the two, in sweep order. */
  pairs: [number, number][];
  /** All such pairs. */
  total: number;
}

/**
 * Items of one kind and subject whose validity windows overlap: two mandates, quotes or
 * attestations in force at once for the same subject, neither referencing the other (an item that
 * references the one it replaces supersedes it). Per (kind, subject), windows sorted by start; a
 * sweep keeps the windows still open at each start, and each of them overlaps the new one. A window
 * closes once, so the sweep costs O(m log m + p) for m windows and p overlapping pairs: quadratic
 * only when the answer is (every window overlapping every other), and then only counting: no more
 * than `limit` pairs are kept.
 */
export function overlappingWindows(windows: readonly ValidityWindow[], referenced: (a: number, b: number) => boolean, limit: number): Overlaps {
  const groups = groupBy(windows, (w) => JSON.stringify([w.kind, w.subject]));
  const pairs: [number, number][] = [];
  let total = 0;
  for (const list of groups.values()) {
    list.sort((a, b) => a.from - b.from || a.index - b.index);
    const open: ValidityWindow[] = [];
    for (const w of list) {
      let kept = 0;
      for (const o of open) {
        if (o.until <= w.from) continue;
        open[kept++] = o;
        if (referenced(o.index, w.index)) continue;
        total++;
        if (pairs.length < limit) pairs.push([o.index, w.index]);
      }
      open.length = kept;
      open.push(w);
    }
  }
  return { pairs, total };
}
