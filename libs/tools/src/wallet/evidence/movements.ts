import type { AddressHistory } from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import type { TokenTransfer } from '../../shared/transfers.js';

export type MovementKind = 'native' | 'internal' | 'erc20' | 'erc721' | 'erc1155';

/** One movement of value to or from the wallet, whichever source it came from. */
export interface Movement {
  transactionHash: Hex;
  blockNumber: bigint;
  /** Unix seconds; null when neither the indexer nor a block header gave it. */
  timestamp: bigint | null;
  /** The log of a token movement; null for native and internal transfers. */
  logIndex: number | null;
  kind: MovementKind;
  /** Token contract; null for the native coin. */
  asset: Address | null;
  tokenId: bigint | null;
  from: Address;
  to: Address;
  /** Raw amount; 1 for an ERC-721 item. */
  amount: bigint;
  direction: 'in' | 'out' | 'self';
  counterparty: Address;
}

export interface MovementSources {
  wallet: Address;
  history: AddressHistory | null;
  /** Token transfer logs of the window. */
  transfers: readonly TokenTransfer[];
  /** Unix seconds by block number, for log-only movements. */
  blockTimestamps: Readonly<Record<string, string>>;
}

const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

function oriented(wallet: Address, from: Address, to: Address): Pick<Movement, 'direction' | 'counterparty'> | null {
  const out = same(from, wallet);
  const into = same(to, wallet);
  if (out && into) return { direction: 'self', counterparty: wallet };
  if (out) return { direction: 'out', counterparty: to };
  if (into) return { direction: 'in', counterparty: from };
  return null;
}

/**
 * Every movement of the wallet: successful native transactions with value, internal transfers that did
 * not revert, and token transfers from the indexer and from the window's logs (one entry per log).
 * Newest first.
 */
export function collectMovements({ wallet, history, transfers, blockTimestamps }: MovementSources): Movement[] {
  const out: Movement[] = [];
  const push = (m: Omit<Movement, 'direction' | 'counterparty'>) => {
    const o = oriented(wallet, m.from, m.to);
    if (o) out.push({ ...m, ...o });
  };
  for (const tx of history?.transactions ?? []) {
    if (tx.status !== 'success' || tx.value === 0n || tx.to === null) continue;
    push({ transactionHash: tx.hash, blockNumber: tx.blockNumber, timestamp: tx.timestamp, logIndex: null, kind: 'native', asset: null, tokenId: null, from: tx.from, to: tx.to, amount: tx.value });
  }
  for (const t of history?.internalTransfers ?? []) {
    if (t.reverted || t.value === 0n || t.to === null) continue;
    push({ transactionHash: t.transactionHash, blockNumber: t.blockNumber, timestamp: t.timestamp, logIndex: null, kind: 'internal', asset: null, tokenId: null, from: t.from, to: t.to, amount: t.value });
  }
  const indexedTimes = new Map<string, bigint>();
  const seenLogs = new Set<string>();
  for (const t of history?.tokenTransfers ?? []) {
    const key = `${t.transactionHash.toLowerCase()}:${t.logIndex}`;
    indexedTimes.set(key, t.timestamp);
    seenLogs.add(key);
    push({ transactionHash: t.transactionHash, blockNumber: t.blockNumber, timestamp: t.timestamp, logIndex: t.logIndex, kind: 'erc20', asset: t.token, tokenId: null, from: t.from, to: t.to, amount: t.value });
  }
  for (const t of transfers) {
    const key = `${t.transactionHash.toLowerCase()}:${t.logIndex}`;
    // The indexer lists ERC-20 transfers only; a log it already gave is not counted twice.
    if (t.kind === 'erc20' && seenLogs.has(key)) continue;
    const seconds = blockTimestamps[t.blockNumber.toString()];
    push({
      transactionHash: t.transactionHash,
      blockNumber: t.blockNumber,
      timestamp: indexedTimes.get(key) ?? (seconds === undefined ? null : BigInt(seconds)),
      logIndex: t.logIndex,
      kind: t.kind,
      asset: t.token,
      tokenId: t.tokenId,
      from: t.from,
      to: t.to,
      amount: t.amount,
    });
  }
  return out.sort(newestMovementFirst);
}

export function newestMovementFirst(a: Movement, b: Movement): number {
  if (a.blockNumber !== b.blockNumber) return a.blockNumber > b.blockNumber ? -1 : 1;
  return (b.logIndex ?? -1) - (a.logIndex ?? -1);
}

export interface CounterpartyRank {
  address: Address;
  interactions: number;
  lastBlock: bigint;
}

/**
 * Counterparties of the movements and of the wallet's indexed transactions, the most frequent first
 * (then the most recent): the order in which bounded reads (code, sanctions oracle) pick them.
 */
export function rankCounterparties(wallet: Address, movements: readonly Movement[], history: AddressHistory | null): CounterpartyRank[] {
  const byAddress = new Map<string, CounterpartyRank>();
  const count = (address: Address | null, block: bigint) => {
    if (!address || same(address, wallet)) return;
    const key = address.toLowerCase();
    const entry = byAddress.get(key) ?? { address, interactions: 0, lastBlock: 0n };
    entry.interactions += 1;
    if (block > entry.lastBlock) entry.lastBlock = block;
    byAddress.set(key, entry);
  };
  for (const m of movements) count(m.counterparty, m.blockNumber);
  for (const tx of history?.transactions ?? []) {
    // Calls without value are interactions too (a deposit through a router, an approval).
    if (tx.value === 0n) count(same(tx.from, wallet) ? tx.to : tx.from, tx.blockNumber);
  }
  return [...byAddress.values()].sort((a, b) => b.interactions - a.interactions || (a.lastBlock === b.lastBlock ? 0 : a.lastBlock > b.lastBlock ? -1 : 1));
}
