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

export function activityWindow(chain: ChainName, depth: Depth, head: bigint): BlockWindow {
  const { days, maxBlocks } = ACTIVITY_WINDOWS[depth];
  const byTime = BigInt(Math.ceil((days * 86_400) / CHAINS[chain].averageBlockSeconds));
  const span = byTime < maxBlocks ? byTime : maxBlocks;
  const fromBlock = head > span ? head - span + 1n : 0n;
  return { fromBlock, toBlock: head, complete: fromBlock === 0n };
}
