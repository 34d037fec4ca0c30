import { CHAINS, type ChainName, type Depth } from '@paysight/contracts';

/** How far back a wallet tool reads token transfer logs, by depth: a span of time, the same on every chain. */
export const ACTIVITY_WINDOWS: Readonly<Record<Depth, { days: number }>> = {
  basic: { days: 7 },
  deep: { days: 30 },
};

/**
 * Bounds on reading a window, by depth. The window is read in pages of one day, newest first, in waves
 * of `waveDays`; after a wave that brought `maxTransfers` or more transfers no older page is read, and
 * only the newest `maxTransfers` are kept.
 */
export const ACTIVITY_READ_LIMITS: Readonly<Record<Depth, { maxTransfers: number; waveDays: number }>> = {
  basic: { maxTransfers: 5_000, waveDays: 7 },
  deep: { maxTransfers: 20_000, waveDays: 7 },
};

export interface BlockWindow {
  fromBlock: bigint;
  toBlock: bigint;
  /** True when the window starts at genesis, so no older history exists outside it. */
  complete: boolean;
}

/** The blocks a chain makes in one day by its average block time. */
export function blocksPerDay(chain: ChainName): bigint {
  return BigInt(Math.round(86_400 / CHAINS[chain].averageBlockSeconds));
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

/** The blocks of the depth's window in days, by the chain's own block time (no cap in blocks). */
export function activityWindow(chain: ChainName, depth: Depth, head: bigint): BlockWindow {
  const window = lastBlocks(head, blocksPerDay(chain) * BigInt(ACTIVITY_WINDOWS[depth].days));
  return { ...window, complete: window.fromBlock === 0n };
}
