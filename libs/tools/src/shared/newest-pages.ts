export interface NewestPagesOptions {
  /** Blocks per page. Pages lie on a fixed grid of block numbers (multiples of pageBlocks), so a settled page is the same request on every call and the chain source's cache answers it. */
  pageBlocks: bigint;
  /** Pages per wave: the pages of a wave go out together. */
  wavePages: number;
  /** Pages of the first wave, when it differs from the later ones: a small first wave lets a busy account stop early, and one large later wave reads a quiet one in two stages. */
  firstWavePages?: number;
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

/** What a paged read covered, without its entries (for data that keeps the entries apart). */
export type PagesRead = Pick<NewestPages<unknown>, 'seen' | 'readFromBlock' | 'complete'>;

export const pagesRead = ({ seen, readFromBlock, complete }: PagesRead): PagesRead => ({ seen, readFromBlock, complete });

/** True when a read left entries out: more were seen than the `kept`, or older pages of the window were not read. */
export const leftOut = (read: PagesRead, kept: number): boolean => !read.complete || read.seen > kept;

type Range = { fromBlock: bigint; toBlock: bigint };

/** The window cut on the page grid, newest page first; the newest and the oldest page may be partial. */
export function pageRanges(window: Range, pageBlocks: bigint): Range[] {
  const ranges: Range[] = [];
  for (let toBlock = window.toBlock; toBlock >= window.fromBlock; ) {
    const gridStart = (toBlock / pageBlocks) * pageBlocks;
    const fromBlock = gridStart > window.fromBlock ? gridStart : window.fromBlock;
    ranges.push({ fromBlock, toBlock });
    toBlock = fromBlock - 1n;
  }
  return ranges;
}

/**
 * Reads a block window page by page, newest first, in waves, holding at most twice `maxEntries`
 * entries at any time (plus the pages in flight): a wallet with a million transfers costs no more
 * memory than one with `maxEntries`. `compare` orders newest first.
 */
export async function readNewestPages<T>(window: Range, options: NewestPagesOptions, readPage: (range: Range) => Promise<T[]>, compare: (a: T, b: T) => number): Promise<NewestPages<T>> {
  let held: T[] = [];
  let seen = 0;
  let pages = 0;
  let readFromBlock = window.toBlock + 1n;
  const keepNewest = () => {
    held.sort(compare);
    if (held.length > options.maxEntries) held = held.slice(0, options.maxEntries);
  };
  const ranges = pageRanges(window, options.pageBlocks);
  for (let start = 0; start < ranges.length && seen < options.maxEntries; ) {
    const wave = ranges.slice(start, start + (start === 0 ? (options.firstWavePages ?? options.wavePages) : options.wavePages));
    start += wave.length;
    await Promise.all(
      wave.map(async (range) => {
        const entries = await readPage(range);
        seen += entries.length;
        pages += 1;
        for (const entry of entries) held.push(entry);
        if (held.length > 2 * options.maxEntries) keepNewest();
      }),
    );
    readFromBlock = wave[wave.length - 1]!.fromBlock;
  }
  keepNewest();
  return { entries: held, seen, readFromBlock, complete: readFromBlock <= window.fromBlock, pages };
}

/** What the read limit left out, in plain words for limitations and data notes; empty when everything in the window was read and kept. */
export function samplingNotes(what: string, window: Range, read: Pick<NewestPages<unknown>, 'entries' | 'seen' | 'readFromBlock' | 'complete'>, blocksPerDay: bigint, maxEntries: number): string[] {
  if (!leftOut(read, read.entries.length)) return [];
  const days = (Number(window.toBlock - read.readFromBlock + 1n) / Number(blocksPerDay)).toFixed(1);
  const span = read.complete ? 'the whole window' : `blocks ${read.readFromBlock}-${window.toBlock} (the newest ${days} days of the window; older pages were not read)`;
  return [`${what}: the newest ${read.entries.length} of ${read.complete ? '' : 'at least '}${read.seen} in ${span} were kept (read limit ${maxEntries} transfers).`];
}
