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

/** The L1 data fee an OP-stack receipt carries (Base, OP Mainnet), charged on top of the L2 execution fee. */
export interface L1FeeRecord {
  /** Wei, as the receipt's l1Fee. */
  fee: bigint;
  l1GasUsed: bigint | null;
  l1GasPrice: bigint | null;
  /** Ecotone and later. */
  l1BaseFeeScalar: bigint | null;
  l1BlobBaseFee: bigint | null;
  l1BlobBaseFeeScalar: bigint | null;
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
  /** Present when the receipt carries an OP-stack l1Fee. */
  l1Fee?: L1FeeRecord;
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
  /**
   * The filter names one account (or a short list of them) in an indexed topic, so the answer is small over any range: a source
   * may ask for the whole range at once and split it only when the node refuses, instead of cutting it
   * into its configured maximum span up front.
   */
  sparse?: boolean;
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
export interface ChainSource extends ChainSourceHistory {
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
  /** The 32-byte word at a storage slot (eth_getStorageAt); zero for an unset slot or an account without code. */
  getStorageAt(chain: ChainName, address: Address, slot: Hex, blockNumber?: bigint): Promise<Hex>;
  /** All reads in one Multicall3 round trip (aggregate3, failures allowed per call). */
  readContracts(chain: ChainName, reads: readonly ContractRead[], options?: { blockNumber?: bigint }): Promise<ReadResult[]>;
  /** Logs in the range; the adapter splits ranges its provider refuses. */
  getLogs(chain: ChainName, query: LogQuery): Promise<LogRecord[]>;
}

/** A transaction sent by or to an address, as an indexer (block explorer) lists it. */
export interface HistoryTransaction {
  hash: Hex;
  blockNumber: bigint;
  /** Unix seconds. */
  timestamp: bigint;
  from: Address;
  /** null for a contract creation. */
  to: Address | null;
  value: bigint;
  status: 'success' | 'reverted';
  /** First four bytes of the input; null for a plain transfer. */
  selector: Hex | null;
  gasUsed: bigint;
  gasPrice: bigint;
  contractCreated: Address | null;
}

/** Native value moved inside a transaction by a contract (an internal call). */
export interface InternalTransfer {
  transactionHash: Hex;
  blockNumber: bigint;
  timestamp: bigint;
  from: Address;
  to: Address | null;
  value: bigint;
  kind: 'call' | 'create' | 'selfdestruct';
  reverted: boolean;
}

/** An ERC-20 transfer as an indexer lists it. */
export interface HistoryTokenTransfer {
  transactionHash: Hex;
  blockNumber: bigint;
  timestamp: bigint;
  logIndex: number;
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
  symbol: string | null;
  decimals: number | null;
}

export interface AddressHistoryQuery {
  address: Address;
  fromBlock?: bigint;
  toBlock?: bigint;
  /** Most entries returned per list; the newest are kept. */
  limit: number;
}

/** Everything an indexer knows about an address, newest first. */
export interface AddressHistory {
  transactions: HistoryTransaction[];
  internalTransfers: InternalTransfer[];
  tokenTransfers: HistoryTokenTransfer[];
  /** False when `limit` (or the indexer's own cap) cut older entries from any list. */
  complete: boolean;
}

/** One call frame of a transaction's execution, in execution order. */
export interface CallFrame {
  type: 'CALL' | 'STATICCALL' | 'DELEGATECALL' | 'CALLCODE' | 'CREATE' | 'CREATE2' | 'SELFDESTRUCT';
  from: Address;
  /** null when a creation failed. */
  to: Address | null;
  value: bigint;
  input: Hex;
  /** 0 for the transaction's own call. */
  depth: number;
  reverted: boolean;
  /** The revert data of a reverted frame, where the tracer gives it (callTracer's output; REVERT's memory in struct logs). */
  revertData?: Hex;
}

export interface CallRequest {
  from?: Address;
  to: Address;
  data: Hex;
  value?: bigint;
  blockNumber?: bigint;
}

/** The outcome of eth_call: return data, or the revert data (empty when the node gives none). */
export type CallResult = { status: 'success'; data: Hex } | { status: 'reverted'; data: Hex };

/** The indexed history, or why there is none (no indexer configured for the chain, or it failed): tools then report Partial data. */
export type AddressHistoryResult = { status: 'ok'; history: AddressHistory } | { status: 'unavailable'; reason: string };

/** A contract's verified ABI from a block explorer, or why there is none. */
export type VerifiedAbiResult = { status: 'verified'; abi: Abi } | { status: 'not_verified' } | { status: 'unavailable'; reason: string };

/** Capabilities a source may lack; tools check for null answers and say what they could not see. */
export interface ChainSourceHistory {
  /** Indexed history of an address. Never throws for a missing or failing indexer: that is 'unavailable'. */
  getAddressHistory(chain: ChainName, query: AddressHistoryQuery): Promise<AddressHistoryResult>;
  /** Call frames of a mined transaction; null when the node offers no traces (or does not know the hash). */
  getCallFrames(chain: ChainName, hash: Hex): Promise<CallFrame[] | null>;
  /** eth_call, used to replay a reverted transaction for its revert data. */
  call(chain: ChainName, request: CallRequest): Promise<CallResult>;
  /** The contract's verified ABI from the configured explorer (Etherscan `getabi`); absent on a source without one. Never throws for the explorer's failures. */
  getVerifiedAbi?(chain: ChainName, address: Address): Promise<VerifiedAbiResult>;
}
