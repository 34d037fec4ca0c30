import type { ChainName, ChainSource, HistoryTransaction, LogRecord } from '@paysight/contracts';
import { decodeAbiParameters, getAddress, type Address, type Hex } from 'viem';
import type { BlockWindow } from '../../shared/activity-window.js';
import { addressTopic } from '../../shared/erc-events.js';
import type { ApprovalEvent } from './data.js';
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_SELECTORS, APPROVAL_TOPIC } from './events.js';

const topicAddress = (topic: Hex | undefined): Address | null => (topic && topic.length === 66 ? getAddress(`0x${topic.slice(26)}`) : null);

/** An ERC-20 Approval or an ApprovalForAll log with `owner` as owner; anything else (an ERC-721 single-token Approval, a malformed log) yields null. */
export function decodeApprovalLog(log: LogRecord, owner: Address, foundIn: ApprovalEvent['foundIn']): ApprovalEvent | null {
  const [topic0, t1, t2] = log.topics;
  if (log.topics.length !== 3 || topicAddress(t1)?.toLowerCase() !== owner.toLowerCase()) return null;
  const spender = topicAddress(t2);
  if (!spender || log.data.length < 66) return null;
  const base = { token: log.address, spender, transactionHash: log.transactionHash, blockNumber: log.blockNumber, logIndex: log.logIndex, foundIn };
  try {
    if (topic0 === APPROVAL_TOPIC) return { ...base, kind: 'erc20', value: decodeAbiParameters([{ type: 'uint256' }], log.data)[0] };
    if (topic0 === APPROVAL_FOR_ALL_TOPIC) return { ...base, kind: 'operator', value: decodeAbiParameters([{ type: 'bool' }], log.data)[0] ? 1n : 0n };
  } catch {
    return null;
  }
  return null;
}

/** Approval and ApprovalForAll events with the wallet as owner inside the window. */
export async function readApprovalLogs(source: ChainSource, chain: ChainName, owner: Address, window: BlockWindow): Promise<ApprovalEvent[]> {
  const logs = await source.getLogs(chain, { fromBlock: window.fromBlock, toBlock: window.toBlock, topics: [[APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC], addressTopic(owner)] });
  return logs.flatMap((log) => decodeApprovalLog(log, owner, 'logs') ?? []);
}

/** Successful approve / increaseAllowance / setApprovalForAll calls the wallet sent before the window, newest first. */
export function olderApprovalCalls(owner: Address, transactions: readonly HistoryTransaction[], window: BlockWindow): HistoryTransaction[] {
  return transactions.filter(
    (tx) => tx.status === 'success' && tx.blockNumber < window.fromBlock && tx.from.toLowerCase() === owner.toLowerCase() && tx.selector !== null && APPROVAL_SELECTORS.includes(tx.selector.toLowerCase()),
  );
}

/** Approval events from the receipts of older approve calls. */
export async function readApprovalReceipts(source: ChainSource, chain: ChainName, owner: Address, calls: readonly HistoryTransaction[]): Promise<ApprovalEvent[]> {
  const receipts = await Promise.all(calls.map((tx) => source.getTransactionReceipt(chain, tx.hash)));
  return receipts.flatMap((receipt) => receipt?.logs.flatMap((log) => decodeApprovalLog(log, owner, 'receipt') ?? []) ?? []);
}

/** The latest event per (kind, token, spender), newest first. */
export function latestApprovals(events: readonly ApprovalEvent[]): ApprovalEvent[] {
  const latest = new Map<string, ApprovalEvent>();
  for (const e of events) {
    const key = `${e.kind}:${e.token.toLowerCase()}:${e.spender.toLowerCase()}`;
    const current = latest.get(key);
    if (!current || e.blockNumber > current.blockNumber || (e.blockNumber === current.blockNumber && e.logIndex > current.logIndex)) latest.set(key, e);
  }
  return [...latest.values()].sort((a, b) => (a.blockNumber === b.blockNumber ? b.logIndex - a.logIndex : a.blockNumber > b.blockNumber ? -1 : 1));
}
