import type { RangeRefusal } from './log-range-refusal.js';

export interface BlockRange {
  from: bigint;
  to: bigint;
}

export function rangeSpan(range: BlockRange): bigint {
  return range.to - range.from + 1n;
}

/** Consecutive ranges of at most `span` blocks covering `range`. */
export function splitRange(range: BlockRange, span: bigint): BlockRange[] {
  if (span < 1n) throw new RangeError('span must be at least one block');
  const parts: BlockRange[] = [];
  for (let from = range.from; from <= range.to; from += span) {
    const to = from + span - 1n;
    parts.push({ from, to: to < range.to ? to : range.to });
  }
  return parts;
}

/**
 * Fetches a block range in pieces of at most `maxSpan` blocks. A piece the provider refuses is
 * split to the span it names, or halved, until it is accepted; a refused single block rethrows.
 * Results come back in range order.
 */
export async function fetchInRanges<T>(
  range: BlockRange,
  maxSpan: bigint,
  fetchRange: (range: BlockRange) => Promise<T[]>,
  refusalOf: (error: unknown) => RangeRefusal | null,
): Promise<T[]> {
  const fetchAdaptively = async (piece: BlockRange): Promise<T[]> => {
    try {
      return await fetchRange(piece);
    } catch (error) {
      const refusal = refusalOf(error);
      const span = rangeSpan(piece);
      if (refusal === null || span === 1n) throw error;
      const next = refusal.maxSpan !== undefined && refusal.maxSpan < span ? refusal.maxSpan : (span + 1n) / 2n;
      const parts = await Promise.all(splitRange(piece, next).map(fetchAdaptively));
      return parts.flat();
    }
  };
  const parts = await Promise.all(splitRange(range, maxSpan).map(fetchAdaptively));
  return parts.flat();
}
