import type { BlockWindow } from './activity-window.js';

export interface NewestPagesOptions {
  /** Blocks per page (one request set). */
  pageBlocks: bigint;
  /** Blocks per wave: the pages of a wave go out together. */
  waveBlocks: bigint;
  /** Entries kept; no wave is started once this many were seen. */
  maxEntries: number;
}

export interface NewestPages<T> {
  /** The newest entries, newest first, at most `maxEntries`. */
  entries: T[];
  /** Entries in the pages that were read (at least `entries.length`). */
  seen: number;
  /** The oldest block whose page was read; the window's start when every page was read. */
  readFromBlock: bigint;
  /** Every page of the window was read. */
  complete: boolean;
  pages: number;
}

/**
 * Reads a block window page by page, newest first, holding at most twice `maxEntries` entries at any
 * time (plus the pages in flight): a wallet with a million transfers costs no more memory than one with
 * `maxEntries`. `compare` orders newest first.
 */
export async function readNewestPages<T>(
  window: Pick<BlockWindow, 'fromBlock' | 'toBlock'>,
  options: NewestPagesOptions,
  readPage: (range: { fromBlock: bigint; toBlock: bigint }) => Promise<T[]>,
  compare: (a: T, b: T) => number,
): Promise<NewestPages<T>> {
  let held: T[] = [];
  let seen = 0;
  let pages = 0;
  let readFromBlock = window.toBlock + 1n;
  const keepNewest = () => {
    held.sort(compare);
    if (held.length > options.maxEntries) held = held.slice(0, options.maxEntries);
  };
  for (let waveEnd = window.toBlock; waveEnd >= window.fromBlock; waveEnd -= options.waveBlocks) {
    if (seen >= options.maxEntries) break;
    const waveStart = max(window.fromBlock, waveEnd - options.waveBlocks + 1n);
    const ranges: { fromBlock: bigint; toBlock: bigint }[] = [];
    for (let toBlock = waveEnd; toBlock >= waveStart; toBlock -= options.pageBlocks) ranges.push({ fromBlock: max(waveStart, toBlock - options.pageBlocks + 1n), toBlock });
    await Promise.all(
      ranges.map(async (range) => {
        const entries = await readPage(range);
        seen += entries.length;
        pages += 1;
        for (const entry of entries) held.push(entry);
        if (held.length > 2 * options.maxEntries) keepNewest();
      }),
    );
    readFromBlock = waveStart;
  }
  keepNewest();
  return { entries: held, seen, readFromBlock, complete: readFromBlock <= window.fromBlock, pages };
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
