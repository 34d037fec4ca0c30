import type { LogRecord } from '@paysight/contracts';
import { decodeAbiParameters, getAddress, type Address, type Hex } from 'viem';
import { TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC } from './erc-events.js';

export type TransferKind = 'erc20' | 'erc721' | 'erc1155';

/** One token movement decoded from a log; ERC-1155 batches become one item per id. */
export interface TokenTransfer {
  kind: TransferKind;
  token: Address;
  from: Address;
  to: Address;
  /** Raw amount; 1 for an ERC-721 item. */
  amount: bigint;
  tokenId: bigint | null;
  transactionHash: Hex;
  blockNumber: bigint;
  logIndex: number;
}

const topicAddress = (topic: Hex | undefined): Address | null => (topic && topic.length === 66 ? getAddress(`0x${topic.slice(26)}`) : null);

/** Decodes ERC-20/721 Transfer and ERC-1155 TransferSingle/Batch logs; anything else (or malformed) yields nothing. */
export function decodeTransferLog(log: LogRecord): TokenTransfer[] {
  const [topic0, t1, t2, t3] = log.topics;
  const base = { token: log.address, transactionHash: log.transactionHash, blockNumber: log.blockNumber, logIndex: log.logIndex };
  try {
    if (topic0 === TRANSFER_TOPIC) {
      const from = topicAddress(t1);
      const to = topicAddress(t2);
      if (!from || !to) return [];
      if (log.topics.length === 4 && t3) return [{ ...base, kind: 'erc721', from, to, amount: 1n, tokenId: BigInt(t3) }];
      if (log.topics.length === 3 && log.data.length >= 66) {
        // The value is the data's first 32-byte word. Read directly: this runs once per log, and the ABI decoder costs ten times more.
        return [{ ...base, kind: 'erc20', from, to, amount: BigInt(log.data.slice(0, 66)), tokenId: null }];
      }
      return [];
    }
    if (topic0 === TRANSFER_SINGLE_TOPIC || topic0 === TRANSFER_BATCH_TOPIC) {
      const from = topicAddress(t2);
      const to = topicAddress(t3);
      if (!from || !to) return [];
      if (topic0 === TRANSFER_SINGLE_TOPIC) {
        const [id, value] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data);
        return [{ ...base, kind: 'erc1155', from, to, amount: value, tokenId: id }];
      }
      const [ids, values] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data);
      return ids.map((id, i) => ({ ...base, kind: 'erc1155' as const, from, to, amount: values[i] ?? 0n, tokenId: id }));
    }
  } catch {
    return [];
  }
  return [];
}

/** Newest first: by block, then log index. */
export function newestFirst(a: TokenTransfer, b: TokenTransfer): number {
  if (a.blockNumber !== b.blockNumber) return a.blockNumber > b.blockNumber ? -1 : 1;
  return b.logIndex - a.logIndex;
}

/** Removes the duplicate that appears when a wallet sends to itself and both directions were queried. */
export function uniqueTransfers(transfers: readonly TokenTransfer[]): TokenTransfer[] {
  const seen = new Set<string>();
  return transfers.filter((t) => {
    const key = `${t.transactionHash}:${t.logIndex}:${t.tokenId ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
