import { CHAINS, type ChainName, type ChainSource, type SourceCoverage } from '@paysight/contracts';
import { getAddress, type Address } from 'viem';
import { blocksForDays, lastBlocks } from '../../shared/activity-window.js';
import { pageRanges, readNewestPages } from '../../shared/newest-pages.js';
import { addressTopic, AUTHORIZATION_USED_TOPIC, TRANSFER_TOPIC } from '../../shared/erc-events.js';
import { newestFirst, type TokenTransfer } from '../../shared/transfers.js';
import { usdcPaymentsReceived } from '../../shared/usdc-payment.js';
import { PAYEE_FLOW_CAPS } from '../../trust/payee-flows/index.js';

/** What one call reads at most (docs/tools/expansion.md, "agent_payment_history_summary"). */
export const PAYMENT_HISTORY_CAPS = {
  /** Blocks of the window, whatever lookback_days asks for: the trust family's cap (about 46 days on Base, 277 on Ethereum, 6 on Arbitrum). */
  maxWindowBlocks: PAYEE_FLOW_CAPS.maxWindowBlocks,
  /** Blocks per page of Transfer logs; pages lie on a fixed grid of block numbers and are read newest first. */
  pageBlocks: 250_000n,
  /** Payments kept, the newest first: no older page is read once the pages read hold this many. */
  maxPayments: 5_000,
  /** Pages of the first wave (the newest page of the grid may be only a few blocks); when they hold fewer than maxPayments, every older page goes out together in a second wave. */
  firstWavePages: 2,
  /** Block headers read for timestamps; the times of other blocks are interpolated between them. */
  maxHeaders: 200,
  /** Payers whose EIP-3009 authorizations are looked up, the most frequent first. */
  authorizationPayers: 50,
} as const;

/** A payment and when its block was made (unix seconds). */
export interface TimedPayment extends TokenTransfer {
  time: number;
  /** True when the time was interpolated between two read block headers. */
  timeEstimated: boolean;
}

export interface PaymentHistoryData {
  chain: ChainName;
  payee: Address;
  coverage: SourceCoverage;
  lookbackDays: number;
  head: { block: bigint; time: number };
  /** plannedFromBlock: where lookback_days puts the window; fromBlock: the oldest block read (later when the payment cap stopped the reading). */
  window: { plannedFromBlock: bigint; fromBlock: bigint; toBlock: bigint; cappedByBlocks: boolean };
  /** Time of the block just before the oldest block read: the reads cover every block after it. Null when the oldest block read is genesis. */
  timeBeforeWindow: number | null;
  pages: { planned: number; read: number };
  /** Payments in the pages read; more than `payments` when the payment cap stopped the reading. */
  paymentsSeen: number;
  /** The newest payments (at most maxPayments), newest first, with their times. */
  payments: TimedPayment[];
  headersRead: number;
  /** Payers whose AuthorizationUsed events were looked up, and the payments (transaction:payer) made by one. */
  authorizations: { checkedPayers: Address[]; used: ReadonlySet<string> };
}

export const authorizationKey = (transactionHash: string, payer: string) => `${transactionHash.toLowerCase()}:${payer.toLowerCase()}`;

/** At most `count` blocks spread evenly over the sorted list, its first and last included. */
function anchorsOf(blocks: readonly bigint[], count: number): bigint[] {
  if (blocks.length <= count) return [...blocks];
  return Array.from({ length: count }, (_, i) => blocks[Math.round((i * (blocks.length - 1)) / (count - 1))]!);
}

/** Time of `block` from the read headers: its own, or a straight line between the nearest read blocks below and above. */
function timeAt(block: bigint, anchors: readonly { block: bigint; time: number }[]): { time: number; estimated: boolean } {
  let lo = 0;
  let hi = anchors.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (anchors[mid]!.block <= block) lo = mid;
    else hi = mid - 1;
  }
  const below = anchors[lo]!;
  if (below.block === block) return { time: below.time, estimated: false };
  const above = anchors[lo + 1] ?? below;
  if (above.block === below.block) return { time: below.time, estimated: true };
  const fraction = Number(block - below.block) / Number(above.block - below.block);
  return { time: Math.round(below.time + fraction * (above.time - below.time)), estimated: true };
}

/**
 * Reads a payee's incoming USDC Transfer logs over a window of blocks measured from lookback_days by
 * the chain's average block time (capped), in pages newest first (two, then the rest together) until
 * the payment cap; then the block times of those payments (at most maxHeaders headers, the rest interpolated) and the EIP-3009
 * authorizations of its most frequent payers over the blocks the payments span.
 */
export async function gatherPaymentHistory(source: ChainSource, chain: ChainName, payeeInput: string, lookbackDays: number): Promise<PaymentHistoryData> {
  const payee = getAddress(payeeInput);
  const usdc = getAddress(CHAINS[chain].usdc);
  const headBlock = await source.getBlockNumber(chain);
  const { blocks, capped } = blocksForDays(chain, lookbackDays, PAYMENT_HISTORY_CAPS.maxWindowBlocks);
  const window = lastBlocks(headBlock, blocks);

  const read = await readNewestPages(
    window,
    { pageBlocks: PAYMENT_HISTORY_CAPS.pageBlocks, firstWavePages: PAYMENT_HISTORY_CAPS.firstWavePages, wavePages: Number.POSITIVE_INFINITY, maxEntries: PAYMENT_HISTORY_CAPS.maxPayments },
    // The query names the payee in an indexed topic: sparse, so the adapter asks for a page whole.
    async (page) => usdcPaymentsReceived(await source.getLogs(chain, { address: usdc, topics: [TRANSFER_TOPIC, null, addressTopic(payee)], ...page, sparse: true }), usdc, payee),
    newestFirst,
  );
  const kept = read.entries;
  const oldestRead = read.readFromBlock;

  const paymentBlocks = [...new Set(kept.map((p) => p.blockNumber))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const before = oldestRead > 0n ? [oldestRead - 1n] : [];
  const anchorBlocks = [...new Set([...before, ...anchorsOf(paymentBlocks, PAYMENT_HISTORY_CAPS.maxHeaders - 2), headBlock])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const headers = await Promise.all(anchorBlocks.map((block) => source.getBlock(chain, block)));
  const anchors = headers.flatMap((h) => (h ? [{ block: h.number, time: Number(h.timestamp) }] : []));
  const head = anchors.find((a) => a.block === headBlock);
  if (!head) throw new Error(`the node did not return the header of its head block ${headBlock}`);
  const payments = kept.map((p) => {
    const { time, estimated } = timeAt(p.blockNumber, anchors);
    return { ...p, time, timeEstimated: estimated };
  });

  const byCount = new Map<Address, number>();
  for (const p of kept) byCount.set(p.from, (byCount.get(p.from) ?? 0) + 1);
  const checkedPayers = [...byCount.entries()]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, PAYMENT_HISTORY_CAPS.authorizationPayers)
    .map(([payer]) => payer);
  const used = new Set<string>();
  if (checkedPayers.length > 0) {
    const range = { fromBlock: paymentBlocks[0]!, toBlock: paymentBlocks[paymentBlocks.length - 1]! };
    const logs = await source.getLogs(chain, { address: usdc, topics: [AUTHORIZATION_USED_TOPIC, checkedPayers.map(addressTopic)], ...range });
    for (const log of logs) if (log.topics.length === 3) used.add(authorizationKey(log.transactionHash, `0x${log.topics[1]!.slice(26)}`));
  }

  return {
    chain,
    payee,
    coverage: source.coverage(chain),
    lookbackDays,
    head: { block: headBlock, time: head.time },
    window: { plannedFromBlock: window.fromBlock, fromBlock: oldestRead, toBlock: window.toBlock, cappedByBlocks: capped },
    timeBeforeWindow: oldestRead > 0n ? timeAt(oldestRead - 1n, anchors).time : null,
    pages: { planned: pageRanges(window, PAYMENT_HISTORY_CAPS.pageBlocks).length, read: read.pages },
    paymentsSeen: read.seen,
    payments,
    headersRead: anchors.length,
    authorizations: { checkedPayers, used },
  };
}
