import { ACTIVITY_WINDOWS, activityWindow, blocksPerDay } from './activity-window.js';
import { pageRanges, readNewestPages } from './newest-pages.js';

describe('activity window', () => {
  it('spans the depth in days on every chain, by its block time, without a cap in blocks', () => {
    const head = 300_000_000n;
    expect(blocksPerDay('ethereum')).toBe(7_200n);
    expect(blocksPerDay('base')).toBe(43_200n);
    expect(blocksPerDay('arbitrum')).toBe(345_600n);
    for (const chain of ['ethereum', 'base', 'polygon', 'arbitrum', 'optimism'] as const) {
      for (const depth of ['basic', 'deep'] as const) {
        const window = activityWindow(chain, depth, head);
        expect(window.toBlock - window.fromBlock + 1n).toBe(blocksPerDay(chain) * BigInt(ACTIVITY_WINDOWS[depth].days));
      }
    }
    expect(activityWindow('arbitrum', 'basic', head).fromBlock).toBe(head - 2_419_200n + 1n);
  });

  it('starts at genesis on a chain younger than the window', () => {
    expect(activityWindow('base', 'deep', 1_000n)).toEqual({ fromBlock: 0n, toBlock: 1_000n, complete: true });
  });
});

describe('pages of a window', () => {
  it('cuts the window on a fixed grid, newest first, so settled pages repeat from call to call', () => {
    expect(pageRanges({ fromBlock: 15n, toBlock: 47n }, 10n)).toEqual([
      { fromBlock: 40n, toBlock: 47n },
      { fromBlock: 30n, toBlock: 39n },
      { fromBlock: 20n, toBlock: 29n },
      { fromBlock: 15n, toBlock: 19n },
    ]);
    // A later head moves only the newest page and the oldest.
    expect(pageRanges({ fromBlock: 18n, toBlock: 50n }, 10n).slice(1, 3)).toEqual([
      { fromBlock: 40n, toBlock: 49n },
      { fromBlock: 30n, toBlock: 39n },
    ]);
  });

  /** One entry per block of the range: the entry is the block number. */
  const everyBlock = (read: { fromBlock: bigint; toBlock: bigint }[]) => async (range: { fromBlock: bigint; toBlock: bigint }) => {
    read.push(range);
    const entries: bigint[] = [];
    for (let b = range.fromBlock; b <= range.toBlock; b++) entries.push(b);
    return entries;
  };
  const newestFirst = (a: bigint, b: bigint) => (a === b ? 0 : a > b ? -1 : 1);

  it('reads every page and keeps everything when the window holds fewer entries than the limit', async () => {
    const read: { fromBlock: bigint; toBlock: bigint }[] = [];
    const result = await readNewestPages({ fromBlock: 1n, toBlock: 100n }, { pageBlocks: 10n, wavePages: 3, maxEntries: 1_000 }, everyBlock(read), newestFirst);
    expect(result).toMatchObject({ seen: 100, complete: true, readFromBlock: 1n, pages: 11 });
    expect(result.entries).toHaveLength(100);
    expect(result.entries[0]).toBe(100n);
  });

  it('stops after the wave that reached the limit and keeps the newest entries only', async () => {
    const read: { fromBlock: bigint; toBlock: bigint }[] = [];
    const result = await readNewestPages({ fromBlock: 1n, toBlock: 100n }, { pageBlocks: 10n, wavePages: 2, maxEntries: 25 }, everyBlock(read), newestFirst);
    // Waves of two pages: [100, 90-99], then [80-89, 70-79] brings the count to 31, past 25.
    expect(read.map((r) => r.fromBlock)).toEqual([100n, 90n, 80n, 70n]);
    expect(result).toMatchObject({ seen: 31, complete: false, readFromBlock: 70n, pages: 4 });
    expect(result.entries).toEqual(Array.from({ length: 25 }, (_, i) => 100n - BigInt(i)));
  });

  it('reads a small first wave, then every older page in one wave when the first held fewer than the limit', async () => {
    const window = { fromBlock: 1n, toBlock: 100n };
    const options = { pageBlocks: 10n, firstWavePages: 2, wavePages: Number.POSITIVE_INFINITY };
    // The first wave [100, 90-99] holds 11 entries: enough for a limit of 5, so nothing older is read.
    const busy: { fromBlock: bigint; toBlock: bigint }[] = [];
    expect(await readNewestPages(window, { ...options, maxEntries: 5 }, everyBlock(busy), newestFirst)).toMatchObject({ seen: 11, complete: false, readFromBlock: 90n, pages: 2 });
    expect(busy).toHaveLength(2);
    // Under a limit of 12 the nine older pages go out together, as one second wave.
    const quiet: { fromBlock: bigint; toBlock: bigint }[] = [];
    let inFlight = 0;
    let peak = 0;
    const counted = async (range: { fromBlock: bigint; toBlock: bigint }) => {
      peak = Math.max(peak, ++inFlight);
      const entries = await everyBlock(quiet)(range);
      await Promise.resolve();
      inFlight -= 1;
      return entries;
    };
    expect(await readNewestPages(window, { ...options, maxEntries: 12 }, counted, newestFirst)).toMatchObject({ seen: 100, complete: true, readFromBlock: 1n, pages: 11 });
    expect(peak).toBe(9);
  });
});
