import type { Address, Hex } from 'viem';

// What the devnet explorer keeps of each mined block: enough to answer the Etherscan `account` lists.

/** A mined transaction with its receipt. */
export interface IndexedTransaction {
  blockNumber: bigint;
  blockHash: Hex;
  timestamp: bigint;
  hash: Hex;
  transactionIndex: number;
  nonce: number;
  from: Address;
  /** null for a contract creation. */
  to: Address | null;
  value: bigint;
  gas: bigint;
  /** What the sender paid per gas (the receipt's effective gas price). */
  gasPrice: bigint;
  input: Hex;
  success: boolean;
  contractAddress: Address | null;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
}

/** Native value moved by a contract inside a transaction, or a contract it created. */
export interface IndexedInternalTransfer {
  transaction: IndexedTransaction;
  type: 'call' | 'create' | 'create2' | 'self-destruct';
  from: Address;
  /** null for a creation: the created contract is `contractAddress`. */
  to: Address | null;
  contractAddress: Address | null;
  value: bigint;
  /** Position in the call tree, as Etherscan writes it: "0", "0_1", ... */
  traceId: string;
  reverted: boolean;
}

export interface TokenMetadata {
  name: string;
  symbol: string;
  /** null when the contract answers no decimals(). */
  decimals: number | null;
}

/** An ERC-20 Transfer log (three topics; ERC-721 transfers, with four, are not listed). */
export interface IndexedTokenTransfer {
  transaction: IndexedTransaction;
  logIndex: number;
  token: Address;
  metadata: TokenMetadata;
  from: Address;
  to: Address;
  value: bigint;
}

/** Records of one kind in mining order, findable by every address they involve. */
export class AddressIndex<T> {
  private readonly byAddress = new Map<string, T[]>();

  add(record: T, addresses: readonly (Address | null)[]): void {
    for (const key of new Set(addresses.filter((a): a is Address => a !== null).map((a) => a.toLowerCase()))) {
      const list = this.byAddress.get(key) ?? [];
      list.push(record);
      this.byAddress.set(key, list);
    }
  }

  /** Oldest first. */
  of(address: string): readonly T[] {
    return this.byAddress.get(address.toLowerCase()) ?? [];
  }
}
