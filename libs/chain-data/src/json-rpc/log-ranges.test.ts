import { fetchInRanges, splitRange, type BlockRange } from './log-ranges.js';

describe('splitRange', () => {
  it('covers the range with consecutive pieces of at most the span', () => {
    expect(splitRange({ from: 10n, to: 24n }, 5n)).toEqual([
      { from: 10n, to: 14n },
      { from: 15n, to: 19n },
      { from: 20n, to: 24n },
    ]);
    expect(splitRange({ from: 7n, to: 7n }, 100n)).toEqual([{ from: 7n, to: 7n }]);
    expect(splitRange({ from: 0n, to: 10n }, 4n).at(-1)).toEqual({ from: 8n, to: 10n });
  });
});

describe('fetchInRanges', () => {
  const refused = new Error('refused');
  const blocksOf = (r: BlockRange) => Array.from({ length: Number(r.to - r.from + 1n) }, (_, i) => r.from + BigInt(i));

  it('halves refused pieces until the provider accepts them, keeping range order', async () => {
    const asked: BlockRange[] = [];
    const blocks = await fetchInRanges(
      { from: 0n, to: 99n },
      64n,
      async (r) => {
        asked.push(r);
        if (r.to - r.from + 1n > 10n) throw refused;
        return blocksOf(r);
      },
      (e) => (e === refused ? {} : null),
    );
    expect(blocks).toEqual(blocksOf({ from: 0n, to: 99n }));
    expect(asked[0]).toEqual({ from: 0n, to: 63n });
    expect(asked.filter((r) => r.to - r.from + 1n <= 10n).every((r) => r.to - r.from + 1n >= 5n)).toBe(true);
  });

  it('jumps to the span the provider names', async () => {
    const asked: BlockRange[] = [];
    await fetchInRanges(
      { from: 0n, to: 99n },
      100n,
      async (r) => {
        asked.push(r);
        if (r.to - r.from + 1n > 25n) throw refused;
        return [];
      },
      (e) => (e === refused ? { maxSpan: 25n } : null),
    );
    expect(asked).toEqual([{ from: 0n, to: 99n }, ...splitRange({ from: 0n, to: 99n }, 25n)]);
  });

  it('rethrows a refusal of a single block and any other failure', async () => {
    const refuseAll = () => Promise.reject(refused);
    await expect(fetchInRanges({ from: 5n, to: 8n }, 10n, refuseAll, () => ({}))).rejects.toBe(refused);
    const other = new Error('down');
    await expect(fetchInRanges({ from: 5n, to: 8n }, 10n, () => Promise.reject(other), (e) => (e === refused ? {} : null))).rejects.toBe(other);
  });
});
