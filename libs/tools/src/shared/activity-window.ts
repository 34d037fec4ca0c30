import { CHAINS, type ChainName, type Depth } from '@paysight/contracts';

/** How far back a wallet tool reads token transfer logs, by depth: a time span capped in blocks. */
export const ACTIVITY_WINDOWS: Readonly<Record<Depth, { days: number; maxBlocks: bigint }>> = {
  basic: { days: 7, maxBlocks: 100_000n },
  deep: { days: 30, maxBlocks: 1_000_000n },
};

export interface BlockWindow {
  fromBlock: bigint;
  toBlock: bigint;
  /** True when the window starts at genesis, so no older history exists outside it. */
  complete: boolean;
}

/** The blocks a chain makes in `days` by its average block time, at most `maxBlocks`; `capped` when the cap cut the span. */
export function blocksForDays(chain: ChainName, days: number, maxBlocks: bigint): { blocks: bigint; capped: boolean } {
  const byTime = BigInt(Math.ceil((days * 86_400) / CHAINS[chain].averageBlockSeconds));
  return byTime > maxBlocks ? { blocks: maxBlocks, capped: true } : { blocks: byTime, capped: false };
}

/** The last `blocks` blocks up to `head`, from genesis when the chain is shorter. */
export function lastBlocks(head: bigint, blocks: bigint): { fromBlock: bigint; toBlock: bigint } {
  return { fromBlock: head > blocks ? head - blocks + 1n : 0n, toBlock: head };
}

export function activityWindow(chain: ChainName, depth: Depth, head: bigint): BlockWindow {
  const { days, maxBlocks } = ACTIVITY_WINDOWS[depth];
  const window = lastBlocks(head, blocksForDays(chain, days, maxBlocks).blocks);
  return { ...window, complete: window.fromBlock === 0n };
}
