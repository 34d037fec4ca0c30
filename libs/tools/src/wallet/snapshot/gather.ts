import { ChainUnavailableError, MULTICALL3_ADDRESS, type BlockHeader, type ChainName, type ChainSource, type Depth, type WalletRequest } from '@paysight/contracts';
import { erc1155Abi, erc20Abi, erc721Abi, multicall3Abi, type Address, type Hex } from 'viem';
import { ACTIVITY_READ_LIMITS, ACTIVITY_WINDOWS, activityWindow, blocksPerDay, type BlockWindow } from '../../shared/activity-window.js';
import { readNewestPages, samplingNotes } from '../../shared/newest-pages.js';
import { TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC, addressTopic } from '../../shared/erc-events.js';
import { KNOWN_TOKENS } from '@paysight/datasets';
import { ReadPlan } from '../../shared/read-plan.js';
import { decodeTransferLog, newestFirst, uniqueTransfers, type TokenTransfer } from '../../shared/transfers.js';
import type { ToolPorts } from '../../tool-module.js';
import type { TokenReading, WalletSnapshotData } from './data.js';

/** Bounds on what one snapshot reads, so a very active wallet cannot make a call unbounded. */
export const SNAPSHOT_LIMITS = {
  historyTokens: 40,
  erc721Ids: 100,
  erc1155Items: 40,
  activityItems: { basic: 20, deep: 50 },
} as const;

export async function gatherWalletSnapshot(input: WalletRequest, { chain: source }: ToolPorts): Promise<WalletSnapshotData> {
  const { chain, address } = input;
  // Three dependent stages: the head; the account and the whole window's logs; balances (one Multicall3) beside block times.
  const head = await latestBlock(source, chain);
  const { sampling, ...activity } = await readWalletActivity(source, chain, address, input.depth, head.number, ACTIVITY_WINDOWS[input.depth].days);
  const plan = new ReadPlan();
  const planned = planWalletReads(plan, chain, address, activity.transfers);
  const [, blockTimestamps] = await Promise.all([
    plan.execute(source, chain, head.number),
    readBlockTimestamps(source, chain, activity.transfers.slice(0, SNAPSHOT_LIMITS.activityItems[input.depth])),
  ]);
  planned.truncations.unshift(...sampling);
  return { chain, address, coverage: source.coverage(chain), head: { number: head.number, timestamp: head.timestamp }, ...activity, ...resolveWalletReads(plan, address, planned), blockTimestamps };
}

export async function latestBlock(source: ChainSource, chain: ChainName): Promise<BlockHeader> {
  const head = await source.getBlock(chain, 'latest');
  if (!head) throw new ChainUnavailableError(chain, 'the node returned no latest block');
  return head;
}

export interface WalletActivity {
  window: BlockWindow;
  code: Hex;
  transactionCount: number;
  /** Token transfers to or from the wallet inside the window, newest first, without duplicates; the newest ACTIVITY_READ_LIMITS[depth].maxTransfers at most. */
  transfers: TokenTransfer[];
  /** What the read limits left out, in plain words (empty when the whole window was read and kept). */
  sampling: string[];
}

/**
 * Account state and the token transfer logs of one wallet in its activity window, at block `head`. The
 * window is read in pages of one day (on a fixed grid of block numbers, so settled pages are cached),
 * newest first, in waves of `waveDays` (all pages of a wave go out together); no further wave is read
 * once ACTIVITY_READ_LIMITS[depth].maxTransfers transfers were seen.
 */
export async function readWalletActivity(
  source: ChainSource,
  chain: ChainName,
  address: Address,
  depth: Depth,
  head: bigint,
  waveDays: number = ACTIVITY_READ_LIMITS[depth].waveDays,
): Promise<WalletActivity> {
  const window = activityWindow(chain, depth, head);
  const topic = addressTopic(address);
  const { maxTransfers } = ACTIVITY_READ_LIMITS[depth];
  const perDay = blocksPerDay(chain);
  const readPage = async (range: { fromBlock: bigint; toBlock: bigint }) => {
    const pages = await Promise.all([
      source.getLogs(chain, { ...range, topics: [TRANSFER_TOPIC, topic] }),
      source.getLogs(chain, { ...range, topics: [TRANSFER_TOPIC, null, topic] }),
      source.getLogs(chain, { ...range, topics: [[TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC], null, topic] }),
      source.getLogs(chain, { ...range, topics: [[TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC], null, null, topic] }),
    ]);
    return uniqueTransfers(pages.flat().flatMap(decodeTransferLog));
  };
  const [code, transactionCount, read] = await Promise.all([
    source.getCode(chain, address, head),
    source.getTransactionCount(chain, address, head),
    // One page more than the days: pages on the day grid cut a window of whole days into days + 1 pieces.
    readNewestPages(window, { pageBlocks: perDay, wavePages: waveDays + 1, maxEntries: maxTransfers }, readPage, newestFirst),
  ]);
  return { window, code, transactionCount, transfers: read.entries, sampling: samplingNotes('Token transfers', window, read, perDay, maxTransfers) };
}

/** The balance and metadata reads of one wallet, added to a plan that may hold other wallets' reads too. */
export function planWalletReads(plan: ReadPlan, chain: ChainName, address: Address, transfers: TokenTransfer[]) {
  const truncations: string[] = [];
  return {
    native: plan.add({ address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getEthBalance', args: [address] }),
    tokens: planTokenReads(plan, address, tokenCandidates(chain, transfers, truncations)),
    erc721: planErc721Reads(plan, address, transfers, truncations),
    erc1155: planErc1155Reads(plan, address, transfers, truncations),
    truncations,
  };
}
export type PlannedWalletReads = ReturnType<typeof planWalletReads>;

/** The wallet's balances and holdings, once the plan has run. */
export function resolveWalletReads(plan: ReadPlan, address: Address, planned: PlannedWalletReads) {
  return {
    nativeBalance: plan.value<bigint>(planned.native),
    tokens: planned.tokens.map(
      (h): TokenReading => ({
        address: h.address,
        source: h.source,
        balance: plan.value<bigint>(h.balance),
        symbol: plan.value<string>(h.symbol),
        name: plan.value<string>(h.name),
        decimals: toNumber(plan.value<number | bigint>(h.decimals)),
      }),
    ),
    erc721: planned.erc721.map((h) => ({
      contract: h.contract,
      name: plan.value<string>(h.name),
      symbol: plan.value<string>(h.symbol),
      balance: plan.value<bigint>(h.balance),
      ownedIds: h.owners.filter((o) => plan.value<string>(o.handle)?.toLowerCase() === address.toLowerCase()).map((o) => o.tokenId),
    })),
    erc1155: planned.erc1155.map((h) => ({ contract: h.contract, tokenId: h.tokenId, balance: plan.value<bigint>(h.balance) })),
    truncations: planned.truncations,
  };
}

function toNumber(value: number | bigint | null): number | null {
  return value === null ? null : Number(value);
}

interface TokenCandidate {
  address: Address;
  source: TokenReading['source'];
}

/** Known tokens of the chain first, then ERC-20 contracts seen in the wallet's transfers (most recent first). */
function tokenCandidates(chain: ChainName, transfers: TokenTransfer[], truncations: string[]): TokenCandidate[] {
  const candidates = new Map<string, TokenCandidate>();
  for (const t of KNOWN_TOKENS[chain]) candidates.set(t.address.toLowerCase(), { address: t.address, source: 'known_token' });
  const fromHistory = [...new Set(transfers.filter((t) => t.kind === 'erc20').map((t) => t.token))].filter((a) => !candidates.has(a.toLowerCase()));
  if (fromHistory.length > SNAPSHOT_LIMITS.historyTokens) {
    truncations.push(`${fromHistory.length} ERC-20 contracts appear in the window; balances were read for the ${SNAPSHOT_LIMITS.historyTokens} most recent.`);
  }
  for (const token of fromHistory.slice(0, SNAPSHOT_LIMITS.historyTokens)) candidates.set(token.toLowerCase(), { address: token, source: 'transfer_history' });
  return [...candidates.values()];
}

function planTokenReads(plan: ReadPlan, wallet: Address, candidates: TokenCandidate[]) {
  return candidates.map((c) => ({
    ...c,
    balance: plan.add({ address: c.address, abi: erc20Abi, functionName: 'balanceOf', args: [wallet] }),
    symbol: plan.add({ address: c.address, abi: erc20Abi, functionName: 'symbol' }),
    name: plan.add({ address: c.address, abi: erc20Abi, functionName: 'name' }),
    decimals: plan.add({ address: c.address, abi: erc20Abi, functionName: 'decimals' }),
  }));
}

function planErc721Reads(plan: ReadPlan, wallet: Address, transfers: TokenTransfer[], truncations: string[]) {
  const received = transfers.filter((t) => t.kind === 'erc721' && t.to === wallet && t.tokenId !== null);
  const idsByContract = new Map<Address, Set<bigint>>();
  let checked = 0;
  for (const t of received) {
    const ids = idsByContract.get(t.token) ?? new Set<bigint>();
    if (!ids.has(t.tokenId!) && checked < SNAPSHOT_LIMITS.erc721Ids) {
      ids.add(t.tokenId!);
      checked++;
    }
    idsByContract.set(t.token, ids);
  }
  if (new Set(received.map((t) => `${t.token}:${t.tokenId}`)).size > checked) {
    truncations.push(`Ownership was checked for the ${SNAPSHOT_LIMITS.erc721Ids} most recently received ERC-721 items only.`);
  }
  return [...idsByContract.entries()].map(([contract, ids]) => ({
    contract,
    name: plan.add({ address: contract, abi: erc721Abi, functionName: 'name' }),
    symbol: plan.add({ address: contract, abi: erc721Abi, functionName: 'symbol' }),
    balance: plan.add({ address: contract, abi: erc721Abi, functionName: 'balanceOf', args: [wallet] }),
    owners: [...ids].map((tokenId) => ({ tokenId, handle: plan.add({ address: contract, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] }) })),
  }));
}

function planErc1155Reads(plan: ReadPlan, wallet: Address, transfers: TokenTransfer[], truncations: string[]) {
  const items = new Map<string, { contract: Address; tokenId: bigint }>();
  for (const t of transfers) {
    if (t.kind === 'erc1155' && t.tokenId !== null) items.set(`${t.token}:${t.tokenId}`, { contract: t.token, tokenId: t.tokenId });
  }
  if (items.size > SNAPSHOT_LIMITS.erc1155Items) {
    truncations.push(`Balances were read for the ${SNAPSHOT_LIMITS.erc1155Items} most recent of ${items.size} ERC-1155 items.`);
  }
  return [...items.values()].slice(0, SNAPSHOT_LIMITS.erc1155Items).map((item) => ({
    ...item,
    balance: plan.add({ address: item.contract, abi: erc1155Abi, functionName: 'balanceOf', args: [wallet, item.tokenId] }),
  }));
}

/** Unix seconds of the blocks behind some transfers, keyed by block number (each block read once). */
export async function readBlockTimestamps(source: ChainSource, chain: ChainName, transfers: readonly TokenTransfer[]): Promise<Record<string, string>> {
  const blocks = [...new Set(transfers.map((t) => t.blockNumber))];
  const headers = await Promise.all(blocks.map((n) => source.getBlock(chain, n)));
  return Object.fromEntries(headers.flatMap((h) => (h ? [[h.number.toString(), h.timestamp.toString()]] : [])));
}
