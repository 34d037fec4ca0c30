import { groupBy } from '../../shared/group-by.js';

export interface SequencedItem {
  index: number;
  issuer: string;
  /** The stream within the issuer: sequenceScope, or the item kind. */
  scope: string;
  sequence: number;
  issuedAt: number;
}

export interface StreamFindings {
  issuer: string;
  scope: string;
  items: number;
  /** Pairs of items holding the same number. */
  duplicates: [number, number][];
  /** (later item, earlier item): the later-issued item has the lower number. */
  regressions: [number, number][];
  /** Missing numbers between the lowest and the highest seen, as inclusive ranges. */
  missing: [number, number][];
  missingCount: number;
}

/**
 * Per issuer stream: numbers must be unique, grow with issuedAt, and leave no hole between the
 * lowest and the highest. A regression is an item with a lower number than an item issued more than
 * `skewMs` before it (closer than that, the two issuers' clocks may disagree on the order): items
 * sorted by issuedAt, a second pointer trails `skewMs` behind carrying the highest number so far.
 * O(k log k) for k sequenced items (the sorts).
 */
export function checkSequences(items: readonly SequencedItem[], skewMs: number): StreamFindings[] {
  const streams = groupBy(items, (item) => JSON.stringify([item.issuer, item.scope]));
  const findings: StreamFindings[] = [];
  for (const list of streams.values()) {
    const byNumber = [...list].sort((a, b) => a.sequence - b.sequence || a.index - b.index);
    const duplicates: [number, number][] = [];
    const missing: [number, number][] = [];
    let missingCount = 0;
    for (let i = 1; i < byNumber.length; i++) {
      const previous = byNumber[i - 1]!;
      const current = byNumber[i]!;
      if (current.sequence === previous.sequence) duplicates.push([previous.index, current.index]);
      else if (current.sequence > previous.sequence + 1) {
        missing.push([previous.sequence + 1, current.sequence - 1]);
        missingCount += current.sequence - previous.sequence - 1;
      }
    }
    const byTime = [...list].sort((a, b) => a.issuedAt - b.issuedAt || a.sequence - b.sequence || a.index - b.index);
    const regressions: [number, number][] = [];
    let highest: SequencedItem | null = null;
    for (let j = 0, trail = 0; j < byTime.length; j++) {
      const item = byTime[j]!;
      for (; trail < j && byTime[trail]!.issuedAt < item.issuedAt - skewMs; trail++) {
        if (!highest || byTime[trail]!.sequence > highest.sequence) highest = byTime[trail]!;
      }
      if (highest && highest.sequence > item.sequence) regressions.push([item.index, highest.index]);
    }
    const first = list[0]!;
    findings.push({ issuer: first.issuer, scope: first.scope, items: list.length, duplicates, regressions, missing, missingCount });
  }
  return findings.sort((a, b) => (a.issuer < b.issuer ? -1 : a.issuer > b.issuer ? 1 : a.scope < b.scope ? -1 : a.scope > b.scope ? 1 : 0));
}
