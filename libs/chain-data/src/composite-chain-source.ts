import type {
  AddressHistoryQuery,
  AddressHistoryResult,
  BlockHeader,
  BlockTag,
  CallFrame,
  CallRequest,
  CallResult,
  ChainName,
  ChainSource,
  ContractRead,
  LogQuery,
  LogRecord,
  ReadResult,
  ReceiptRecord,
  SourceCoverage,
  TransactionRecord,
  VerifiedAbiResult,
} from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import type { JsonRpcChainSourceConfig } from './config.js';
import { sourceCoverage } from './coverage.js';
import { EtherscanExplorer } from './explorer/etherscan-explorer.js';
import { explorerConfigIssues, type ExplorerConfig } from './explorer/explorer-config.js';
import { JsonRpcChainSource } from './json-rpc/json-rpc-chain-source.js';
import { ChainSourceConfigError, configIssues } from './config.js';

export interface ChainSourceConfig {
  rpc: JsonRpcChainSourceConfig;
  /** Address history from a block explorer (Etherscan API v2 format); without it there is none. */
  explorer?: ExplorerConfig;
}

/**
 * Everything over JSON-RPC, and address history from the explorer for the chains it is configured
 * for. Chains are the RPC side's: a chain without an RPC URL is not served at all.
 */
export class CompositeChainSource implements ChainSource {
  constructor(
    readonly rpc: JsonRpcChainSource,
    readonly explorer: EtherscanExplorer | null,
  ) {}

  chains(): ChainName[] {
    return this.rpc.chains();
  }

  coverage(chain: ChainName): SourceCoverage {
    const { dataSourceStatus } = this.rpc.coverage(chain);
    return sourceCoverage(chain, { demo: dataSourceStatus === 'Demo', explorer: this.hasExplorer(chain) });
  }

  verifyChain(chain: ChainName): Promise<void> {
    return this.rpc.verifyChain(chain);
  }

  getAddressHistory(chain: ChainName, query: AddressHistoryQuery): Promise<AddressHistoryResult> {
    return this.explorer && this.hasExplorer(chain) ? this.explorer.getAddressHistory(chain, query) : this.rpc.getAddressHistory(chain, query);
  }

  getVerifiedAbi(chain: ChainName, address: Address): Promise<VerifiedAbiResult> {
    if (this.explorer && this.hasExplorer(chain)) return this.explorer.getVerifiedAbi(chain, address);
    return Promise.resolve({ status: 'unavailable', reason: 'no block explorer is configured for this chain' });
  }

  getCallFrames(chain: ChainName, hash: Hex): Promise<CallFrame[] | null> {
    return this.rpc.getCallFrames(chain, hash);
  }

  call(chain: ChainName, request: CallRequest): Promise<CallResult> {
    return this.rpc.call(chain, request);
  }

  getBlockNumber(chain: ChainName): Promise<bigint> {
    return this.rpc.getBlockNumber(chain);
  }

  getBlock(chain: ChainName, block: bigint | BlockTag): Promise<BlockHeader | null> {
    return this.rpc.getBlock(chain, block);
  }

  getTransaction(chain: ChainName, hash: Hex): Promise<TransactionRecord | null> {
    return this.rpc.getTransaction(chain, hash);
  }

  getTransactionReceipt(chain: ChainName, hash: Hex): Promise<ReceiptRecord | null> {
    return this.rpc.getTransactionReceipt(chain, hash);
  }

  getCode(chain: ChainName, address: Address, blockNumber?: bigint): Promise<Hex> {
    return this.rpc.getCode(chain, address, blockNumber);
  }

  getTransactionCount(chain: ChainName, address: Address, blockNumber?: bigint): Promise<number> {
    return this.rpc.getTransactionCount(chain, address, blockNumber);
  }

  getStorageAt(chain: ChainName, address: Address, slot: Hex, blockNumber?: bigint): Promise<Hex> {
    return this.rpc.getStorageAt(chain, address, slot, blockNumber);
  }

  readContracts(chain: ChainName, reads: readonly ContractRead[], options?: { blockNumber?: bigint }): Promise<ReadResult[]> {
    return this.rpc.readContracts(chain, reads, options);
  }

  getLogs(chain: ChainName, query: LogQuery): Promise<LogRecord[]> {
    return this.rpc.getLogs(chain, query);
  }

  private hasExplorer(chain: ChainName): boolean {
    return this.explorer?.serves(chain) ?? false;
  }
}

/** A ChainSource over JSON-RPC, with address history from an explorer when one is configured. Throws ChainSourceConfigError listing every problem of both parts. */
export function createChainSource(config: ChainSourceConfig): CompositeChainSource {
  const issues = [...configIssues(config.rpc), ...(config.explorer ? explorerConfigIssues(config.explorer, 'explorer.') : [])];
  if (issues.length > 0) throw new ChainSourceConfigError(issues);
  return new CompositeChainSource(new JsonRpcChainSource(config.rpc), config.explorer ? new EtherscanExplorer(config.explorer) : null);
}
