import type { CallFrame, ChainName, ChainSource, Depth, HistoryTransaction, LogRecord } from '@paysight/contracts';
import { KNOWN_SPENDERS } from '@paysight/datasets';
import { decodeAbiParameters, erc20Abi, erc721Abi, getAddress, toFunctionSelector, type Address, type Hex } from 'viem';
import { blocksForDays, lastBlocks } from '../../shared/activity-window.js';
import { pageRanges } from '../../shared/newest-pages.js';
import { addressTopic } from '../../shared/erc-events.js';
import type { ReadPlan } from '../../shared/read-plan.js';
import type { ApprovalEvent, ApprovalOrigin, ApprovalSearch, ApprovalState, SpenderFacts } from './data.js';
import { ALLOWANCE_ABI, APPROVAL_FOR_ALL_TOPIC, APPROVAL_SELECTORS, APPROVAL_TOPIC } from './events.js';
import {
  isPermit2,
  PERMIT2_ABI,
  PERMIT2_ADDRESS,
  PERMIT2_APPROVAL_TOPIC,
  PERMIT2_LOCKDOWN_TOPIC,
  PERMIT2_NONCE_INVALIDATION_TOPIC,
  PERMIT2_PERMIT_TOPIC,
  PERMIT_SELECTORS,
} from './permit2.js';

/**
 * How far back the owner-topic approval search reads, by depth: `days`, at most `chunks` × `chunkBlocks`
 * blocks, one sparse eth_getLogs per chunk of the block grid (the chain-data adapter splits a chunk its
 * provider refuses). On fast chains the block bound cuts the span short; the result says which blocks
 * were searched.
 */
export const APPROVAL_SEARCH: Readonly<Record<Depth, { days: number; chunks: number }>> & { chunkBlocks: bigint } = {
  basic: { days: 180, chunks: 4 },
  deep: { days: 730, chunks: 8 },
  chunkBlocks: 2_000_000n,
};

/** A spender without code this many days before the head, with code now, is a fresh contract. */
export const FRESH_SPENDER_DAYS = 30;

/** Calls that grant allowances, to find approvals older than the log search in the wallet's history: ERC-20/721 approvals and Permit2's approve. */
const GRANTING_SELECTORS: readonly string[] = [...APPROVAL_SELECTORS, toFunctionSelector('approve(address,address,uint160,uint48)')];

const APPROVAL_LOG_TOPICS: Hex[] = [APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC, PERMIT2_APPROVAL_TOPIC, PERMIT2_PERMIT_TOPIC, PERMIT2_LOCKDOWN_TOPIC, PERMIT2_NONCE_INVALIDATION_TOPIC];

const lower = (a: string) => a.toLowerCase();
const topicAddress = (topic: Hex | undefined): Address | null => (topic && topic.length === 66 ? getAddress(`0x${topic.slice(26)}`) : null);
const word = (data: Hex, index: number): Hex => `0x${data.slice(2 + 64 * index, 2 + 64 * (index + 1))}`;
const uint = (data: Hex, index: number) => BigInt(word(data, index));

export function approvalSearchRange(chain: ChainName, depth: Depth, head: bigint): ApprovalSearch {
  const { days, chunks } = APPROVAL_SEARCH[depth];
  const { blocks, capped } = blocksForDays(chain, days, APPROVAL_SEARCH.chunkBlocks * BigInt(chunks));
  const { fromBlock, toBlock } = lastBlocks(head, blocks);
  return { fromBlock, toBlock, days, capped, chunks: searchChunks({ fromBlock, toBlock }).length };
}

/** The search's block ranges on the grid of chunkBlocks, newest first (settled chunks repeat from call to call, so the cache answers them). */
export function searchChunks(search: Pick<ApprovalSearch, 'fromBlock' | 'toBlock'>): { fromBlock: bigint; toBlock: bigint }[] {
  return pageRanges(search, APPROVAL_SEARCH.chunkBlocks);
}

/**
 * An approval-related log with `owner` as owner, or null (another owner, a malformed log, a Permit2
 * event from any contract other than the canonical Permit2). ERC-20 and ERC-721 Approval share topic0:
 * ERC-721 indexes the token id, so it has four topics.
 */
export function decodeApprovalLog(log: LogRecord, owner: Address, foundIn: ApprovalEvent['foundIn']): ApprovalEvent | null {
  const [topic0, t1, t2, t3] = log.topics;
  if (topicAddress(t1)?.toLowerCase() !== owner.toLowerCase()) return null;
  const base = { emitter: log.address, transactionHash: log.transactionHash, blockNumber: log.blockNumber, logIndex: log.logIndex, foundIn, tokenId: null, expiration: null };
  try {
    if (topic0 === APPROVAL_TOPIC || topic0 === APPROVAL_FOR_ALL_TOPIC) {
      const spender = topicAddress(t2);
      if (!spender) return null;
      const token = log.address;
      if (topic0 === APPROVAL_TOPIC && log.topics.length === 4) return { ...base, kind: 'erc721', name: 'Approval', token, spender, value: 1n, tokenId: BigInt(t3!) };
      if (log.topics.length !== 3 || log.data.length < 66) return null;
      if (topic0 === APPROVAL_TOPIC) return { ...base, kind: 'erc20', name: 'Approval', token, spender, value: decodeAbiParameters([{ type: 'uint256' }], log.data)[0] };
      return { ...base, kind: 'operator', name: 'ApprovalForAll', token, spender, value: decodeAbiParameters([{ type: 'bool' }], log.data)[0] ? 1n : 0n };
    }
    if (!isPermit2(log.address)) return null;
    if (topic0 === PERMIT2_LOCKDOWN_TOPIC) {
      if (log.data.length < 2 + 128) return null;
      return { ...base, kind: 'permit2', name: 'Lockdown', token: getAddress(`0x${word(log.data, 0).slice(26)}`), spender: getAddress(`0x${word(log.data, 1).slice(26)}`), value: 0n };
    }
    const token = topicAddress(t2);
    const spender = topicAddress(t3);
    if (!token || !spender || log.topics.length !== 4) return null;
    if (topic0 === PERMIT2_NONCE_INVALIDATION_TOPIC) return { ...base, kind: 'permit2', name: 'NonceInvalidation', token, spender, value: 0n };
    if (log.data.length < 2 + 128) return null;
    if (topic0 === PERMIT2_APPROVAL_TOPIC) return { ...base, kind: 'permit2', name: 'Approval', token, spender, value: uint(log.data, 0), expiration: uint(log.data, 1) };
    if (topic0 === PERMIT2_PERMIT_TOPIC) return { ...base, kind: 'permit2', name: 'Permit', token, spender, value: uint(log.data, 0), expiration: uint(log.data, 1) };
  } catch {
    return null;
  }
  return null;
}

/** Every approval-related log with the wallet as owner (topic1) in the search range, one request per chunk, from any contract. */
export async function readApprovalLogs(source: ChainSource, chain: ChainName, owner: Address, search: ApprovalSearch): Promise<ApprovalEvent[]> {
  const pages = await Promise.all(
    searchChunks(search).map((chunk) => source.getLogs(chain, { ...chunk, topics: [APPROVAL_LOG_TOPICS, addressTopic(owner)], sparse: true })),
  );
  return pages.flat().flatMap((log) => decodeApprovalLog(log, owner, 'logs') ?? []);
}

/** Successful approve / increaseAllowance / setApprovalForAll / Permit2 approve calls the wallet sent before `beforeBlock`, newest first. */
export function olderApprovalCalls(owner: Address, transactions: readonly HistoryTransaction[], beforeBlock: bigint): HistoryTransaction[] {
  return transactions.filter(
    (tx) => tx.status === 'success' && tx.blockNumber < beforeBlock && tx.from.toLowerCase() === owner.toLowerCase() && tx.selector !== null && GRANTING_SELECTORS.includes(tx.selector.toLowerCase()),
  );
}

/** Approval events from the receipts of older approve calls. */
export async function readApprovalReceipts(source: ChainSource, chain: ChainName, owner: Address, calls: readonly HistoryTransaction[]): Promise<ApprovalEvent[]> {
  const receipts = await Promise.all(calls.map((tx) => source.getTransactionReceipt(chain, tx.hash)));
  return receipts.flatMap((receipt) => receipt?.logs.flatMap((log) => decodeApprovalLog(log, owner, 'receipt') ?? []) ?? []);
}

/** What an approval is about: one (token, spender) allowance, one ERC-721 item, or one Permit2 (token, spender) allowance. */
const approvalKey = (e: Pick<ApprovalEvent, 'kind' | 'token' | 'spender' | 'tokenId'>) =>
  e.kind === 'erc721' ? `erc721:${lower(e.token)}:${e.tokenId}` : `${e.kind}:${lower(e.token)}:${lower(e.spender)}`;

const newer = (a: ApprovalEvent, b: ApprovalEvent) => a.blockNumber > b.blockNumber || (a.blockNumber === b.blockNumber && a.logIndex > b.logIndex);

/** The latest event that sets each approval (a NonceInvalidation sets none), newest first. */
export function latestApprovals(events: readonly ApprovalEvent[]): ApprovalEvent[] {
  const latest = new Map<string, ApprovalEvent>();
  for (const e of events) {
    if (e.name === 'NonceInvalidation') continue;
    const key = approvalKey(e);
    const current = latest.get(key);
    if (!current || newer(e, current)) latest.set(key, e);
  }
  return [...latest.values()].sort((a, b) => (newer(a, b) ? -1 : newer(b, a) ? 1 : 0));
}

/** Sender and input selector of an approval's transaction, as looked up or listed by the indexer. */
export interface ApprovalTransaction {
  from: Address;
  to: Address | null;
  selector: string | null;
}

/** Whether the transaction's call frames hold a successful permit call to `token` for `owner` (a permit wrapped in a relayer's or drainer's contract call). */
export function framesCallPermit(frames: readonly CallFrame[] | null, token: Address, owner: Address): boolean {
  const ownerWord = owner.slice(2).toLowerCase().padStart(64, '0');
  return !!frames?.some((f) => !f.reverted && !!f.to && lower(f.to) === lower(token) && PERMIT_SELECTORS.includes(lower(f.input.slice(0, 10))) && lower(f.input.slice(10, 74)) === ownerWord);
}

/**
 * Who made an approval (see ApprovalOrigin). Permit2's Approval can only come from the owner's own call
 * and its Permit only from the owner's signature, whoever sent the transaction; any other contract can
 * emit an ERC-20 or ERC-721 Approval naming any owner, so those are judged by the transaction: who sent
 * it, whether it calls permit on the token (directly, or inside the call frames when the node gives traces).
 */
export function approvalOrigin(
  event: ApprovalEvent,
  owner: Address,
  tx: ApprovalTransaction | null,
  contractsOwnerUsed: ReadonlySet<string>,
  frames: readonly CallFrame[] | null = null,
): ApprovalOrigin {
  const sentByOwner = !!tx && lower(tx.from) === lower(owner);
  if (event.kind === 'permit2') return event.name === 'Permit' && !sentByOwner ? 'signed_permit' : 'owner';
  if (sentByOwner) return 'owner';
  if (tx?.selector && PERMIT_SELECTORS.includes(lower(tx.selector)) && tx.to && lower(tx.to) === lower(event.emitter)) return 'signed_permit';
  if (framesCallPermit(frames, event.emitter, owner)) return 'signed_permit';
  return contractsOwnerUsed.has(lower(event.emitter)) ? 'third_party' : 'unattributed';
}

/** Contracts the wallet called itself: targets of its indexed transactions and emitters of approvals in its own transactions. */
export function contractsOwnerUsed(owner: Address, transactions: readonly HistoryTransaction[], events: readonly ApprovalEvent[], txs: ReadonlyMap<string, ApprovalTransaction>): Set<string> {
  const used = new Set<string>();
  for (const t of transactions) if (t.to && lower(t.from) === lower(owner)) used.add(lower(t.to));
  for (const e of events) if (lower(txs.get(lower(e.transactionHash))?.from ?? '') === lower(owner)) used.add(lower(e.emitter));
  return used;
}

/** Handles of the head-block reads behind one approval. */
interface ApprovalReads {
  event: ApprovalEvent;
  allowance: number;
  /** ERC-721: ownerOf(tokenId). */
  itemOwner: number | null;
  /** Permit2: the ERC-20 allowance to Permit2. */
  gateway: number | null;
  balance: number | null;
}

/** Adds the reads that tell whether each approval is live and what it can take to the Multicall3 round trip. */
export function planApprovalReads(plan: ReadPlan, owner: Address, approvals: readonly ApprovalEvent[]): ApprovalReads[] {
  const balances = new Map<string, number>();
  const balanceOf = (token: Address, abi: typeof erc20Abi | typeof erc721Abi) => {
    const key = `${lower(token)}:${abi === erc20Abi ? 'erc20' : 'erc721'}`;
    if (!balances.has(key)) balances.set(key, plan.add({ address: token, abi, functionName: 'balanceOf', args: [owner] }));
    return balances.get(key)!;
  };
  return approvals.map((event) => {
    const { token, spender } = event;
    switch (event.kind) {
      case 'erc20':
        return { event, allowance: plan.add({ address: token, abi: ALLOWANCE_ABI, functionName: 'allowance', args: [owner, spender] }), itemOwner: null, gateway: null, balance: balanceOf(token, erc20Abi) };
      case 'operator':
        return { event, allowance: plan.add({ address: token, abi: ALLOWANCE_ABI, functionName: 'isApprovedForAll', args: [owner, spender] }), itemOwner: null, gateway: null, balance: balanceOf(token, erc721Abi) };
      case 'erc721':
        return {
          event,
          allowance: plan.add({ address: token, abi: erc721Abi, functionName: 'getApproved', args: [event.tokenId!] }),
          itemOwner: plan.add({ address: token, abi: erc721Abi, functionName: 'ownerOf', args: [event.tokenId!] }),
          gateway: null,
          balance: null,
        };
      case 'permit2':
        return {
          event,
          allowance: plan.add({ address: PERMIT2_ADDRESS, abi: PERMIT2_ABI, functionName: 'allowance', args: [owner, token, spender] }),
          itemOwner: null,
          gateway: plan.add({ address: token, abi: ALLOWANCE_ABI, functionName: 'allowance', args: [owner, PERMIT2_ADDRESS] }),
          balance: balanceOf(token, erc20Abi),
        };
    }
  });
}

/** The approvals as read at the head block, each with its origin. */
export function resolveApprovalStates(plan: ReadPlan, owner: Address, reads: readonly ApprovalReads[], origin: (event: ApprovalEvent) => ApprovalOrigin): ApprovalState[] {
  return reads.map(({ event, allowance, itemOwner, gateway, balance }) => {
    const base = { kind: event.kind, token: event.token, spender: event.spender, tokenId: event.tokenId, latest: event, origin: origin(event), expiration: null, gateway: null };
    const readBalance = balance === null ? null : plan.value<bigint>(balance);
    switch (event.kind) {
      case 'erc20':
        return { ...base, allowance: plan.value<bigint>(allowance), balance: readBalance };
      case 'operator': {
        const approved = plan.value<boolean>(allowance);
        return { ...base, allowance: approved === null ? null : approved ? 1n : 0n, balance: readBalance };
      }
      case 'erc721': {
        const approved = plan.value<Address>(allowance);
        const holder = plan.value<Address>(itemOwner!);
        const owned = holder !== null && lower(holder) === lower(owner);
        return { ...base, allowance: approved === null || holder === null ? null : owned && lower(approved) === lower(event.spender) ? 1n : 0n, balance: holder === null ? null : owned ? 1n : 0n };
      }
      case 'permit2': {
        const read = plan.value<readonly [bigint, number | bigint, number | bigint]>(allowance);
        return { ...base, allowance: read ? read[0] : null, expiration: read ? BigInt(read[1]) : null, gateway: plan.value<bigint>(gateway!), balance: readBalance };
      }
    }
  });
}

/** Code of each spender at the head and FRESH_SPENDER_DAYS earlier (null where the node keeps no state that old). */
export async function readSpenderCode(source: ChainSource, chain: ChainName, spenders: readonly Address[], head: bigint): Promise<{ codes: { address: Address; code: Hex }[]; facts: SpenderFacts }> {
  const freshnessBlock = lastBlocks(head, blocksForDays(chain, FRESH_SPENDER_DAYS, head).blocks).fromBlock;
  // Asked beside the code reads (no extra stage); known protocols need no answer, and an EOA's is "not verified".
  const verifiedAbi = source.getVerifiedAbi?.bind(source);
  const askExplorer = (address: Address) => !!verifiedAbi && !KNOWN_SPENDERS.find(chain, address) && !isPermit2(address);
  const read = await Promise.all(
    spenders.map(async (address) => {
      const [code, earlier, verified] = await Promise.all([
        source.getCode(chain, address, head),
        source.getCode(chain, address, freshnessBlock).then((c) => c !== '0x', () => null),
        askExplorer(address) ? verifiedAbi!(chain, address).then((r) => (r.status === 'unavailable' ? null : r.status === 'verified'), () => null) : undefined,
      ]);
      return { address, code, earlier, verified };
    }),
  );
  return {
    codes: read.map(({ address, code }) => ({ address, code })),
    facts: {
      freshnessBlock,
      codeAtFreshnessBlock: Object.fromEntries(read.map((r) => [lower(r.address), r.earlier])),
      verifiedSource: verifiedAbi ? Object.fromEntries(read.flatMap((r) => (r.verified === undefined ? [] : [[lower(r.address), r.verified]]))) : null,
    },
  };
}
