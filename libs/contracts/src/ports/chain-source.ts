import type { Abi, Address, Hex } from 'viem';
import type { ChainName } from '../chains.js';
import type { DataSourceStatus } from '../schemas/common.js';

export type BlockTag = 'latest' | 'safe' | 'finalized';

export interface BlockHeader {
  number: bigint;
  hash: Hex;
  timestamp: bigint;
  baseFeePerGas: bigint | null;
}

export interface TransactionRecord {
  hash: Hex;
  blockNumber: bigint | null;
  from: Address;
  to: Address | null;
  value: bigint;
  input: Hex;
  nonce: number;
  gas: bigint;
  type: string;
}

export interface LogRecord {
  address: Address;
  topics: Hex[];
  data: Hex;
  blockNumber: bigint;
  transactionHash: Hex;
  logIndex: number;
}

export interface ReceiptRecord {
  transactionHash: Hex;
  blockNumber: bigint;
  status: 'success' | 'reverted';
  from: Address;
  to: Address | null;
  contractAddress: Address | null;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  logs: LogRecord[];
}

export interface ContractRead {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
}

export type ReadResult = { status: 'success'; result: unknown } | { status: 'failure'; error: string };

export interface LogQuery {
  address?: Address | Address[];
  /** topic0..topic3; null matches anything, an array matches any of its values. */
  topics: (Hex | Hex[] | null)[];
  fromBlock: bigint;
  toBlock: bigint;
}

export interface SourceCoverage {
  /** Live: production data; Partial: some source failed or is missing; Demo: the local devnet. */
  dataSourceStatus: DataSourceStatus;
  /** What this source can and cannot see on the chain, in plain words. */
  notes: string[];
}

/**
 * Read access to public chain data. Tools see chains only through this port; adapters live in
 * @paysight/chain-data. Every method may throw ChainUnavailableError.
 */
export interface ChainSource {
  /** Chains this source can serve. */
  chains(): ChainName[];
  coverage(chain: ChainName): SourceCoverage;
  getBlockNumber(chain: ChainName): Promise<bigint>;
  /** null when the node does not know the block or the tag. */
  getBlock(chain: ChainName, block: bigint | BlockTag): Promise<BlockHeader | null>;
  getTransaction(chain: ChainName, hash: Hex): Promise<TransactionRecord | null>;
  getTransactionReceipt(chain: ChainName, hash: Hex): Promise<ReceiptRecord | null>;
  getCode(chain: ChainName, address: Address, blockNumber?: bigint): Promise<Hex>;
  getTransactionCount(chain: ChainName, address: Address, blockNumber?: bigint): Promise<number>;
  /** All reads in one Multicall3 round trip (aggregate3, failures allowed per call). */
  readContracts(chain: ChainName, reads: readonly ContractRead[], options?: { blockNumber?: bigint }): Promise<ReadResult[]>;
  /** Logs in the range; the adapter splits ranges its provider refuses. */
  getLogs(chain: ChainName, query: LogQuery): Promise<LogRecord[]>;
}
