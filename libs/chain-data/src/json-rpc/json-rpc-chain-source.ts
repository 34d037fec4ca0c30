import {
  CHAIN_NAMES,
  CHAINS,
  ChainUnavailableError,
  isChainName,
  MULTICALL3_ADDRESS,
  type AddressHistoryQuery,
  type AddressHistoryResult,
  type BlockHeader,
  type BlockTag,
  type CallFrame,
  type CallRequest,
  type CallResult,
  type ChainName,
  type ChainSource,
  type ContractRead,
  type LogQuery,
  type LogRecord,
  type ReadResult,
  type ReceiptRecord,
  type SourceCoverage,
  type TransactionRecord,
} from '@paysight/contracts';
import { hexToBigInt, hexToNumber, numberToHex, pad, type Address, type Hex, type RpcBlock, type RpcLog, type RpcTransaction, type RpcTransactionReceipt } from 'viem';
import { CachedLoader } from '../cached-loader.js';
import { defaultHeadTtlMs, DEFAULTS, rpcUrlVariable, validateConfig, type JsonRpcChainSourceConfig } from '../config.js';
import { sourceCoverage } from '../coverage.js';
import { LruCache } from '../lru-cache.js';
import { rangeRefusal } from './log-range-refusal.js';
import { fetchInRanges, rangeSpan, type BlockRange } from './log-ranges.js';
import { aggregate3Request, decodeAggregate3, decodeRead, encodeRead, type Aggregate3Call } from './multicall.js';
import { toBlockHeader, compareLogs, toLogRecords, toReceiptRecord, toTransactionRecord } from './records.js';
import { revertDataOf } from './revert.js';
import { RpcChannel, rpcFailureOf } from './rpc-channel.js';
import type { JsonRpcFailure } from './rpc-failure.js';
import { callFramesFromCallTracer, type CallTracerFrame } from './traces/call-tracer.js';
import { callFramesFromStructLogs, type StructLog } from './traces/struct-logs.js';
import { traceRefusal } from './traces/trace-refusal.js';

interface ServedChain {
  name: ChainName;
  channel: RpcChannel;
  demo: boolean;
  maxLogSpan: bigint;
  headTtlMs: number;
  /** Highest head seen so far: a block at or below it is known to be mined without asking again. */
  highestHead: bigint;
  /** Highest finalized block seen so far (the node's `finalized` tag); -1 before the first answer. */
  highestFinalized: bigint;
  /** How this chain's node traces transactions, learnt from its first refusal. */
  tracing: 'callTracer' | 'structLogs' | 'none';
}

type BlockParam = Hex | BlockTag;

/**
 * ChainSource over plain JSON-RPC, one viem client per configured chain. Reads of settled blocks
 * (at least `cacheConfirmations` below the head) are cached; the head and tags live for a short TTL.
 */
export class JsonRpcChainSource implements ChainSource {
  private readonly served = new Map<ChainName, ServedChain>();
  private readonly loader: CachedLoader;
  private readonly confirmations: bigint;
  private readonly maxCallsPerMulticall: number;

  constructor(config: JsonRpcChainSourceConfig) {
    validateConfig(config);
    this.loader = new CachedLoader(new LruCache(config.cacheMaxEntries ?? DEFAULTS.cacheMaxEntries));
    this.confirmations = BigInt(config.cacheConfirmations ?? DEFAULTS.cacheConfirmations);
    this.maxCallsPerMulticall = config.maxCallsPerMulticall ?? DEFAULTS.maxCallsPerMulticall;
    for (const name of CHAIN_NAMES) {
      const endpoint = config.chains[name];
      if (!endpoint) continue;
      const channel = new RpcChannel(name, {
        rpcUrl: endpoint.rpcUrl,
        timeoutMs: config.timeoutMs ?? DEFAULTS.timeoutMs,
        retryCount: config.retryCount ?? DEFAULTS.retryCount,
        maxConcurrency: config.maxConcurrency ?? DEFAULTS.maxConcurrency,
        maxBatchSize: config.maxBatchSize ?? DEFAULTS.maxBatchSize,
      });
      this.served.set(name, {
        name,
        channel,
        demo: endpoint.demo ?? false,
        maxLogSpan: BigInt(endpoint.maxLogBlockRange ?? config.maxLogBlockRange ?? DEFAULTS.maxLogBlockRange),
        headTtlMs: config.headTtlMs ?? defaultHeadTtlMs(name),
        highestHead: -1n,
        highestFinalized: -1n,
        tracing: 'callTracer',
      });
    }
  }

  chains(): ChainName[] {
    return CHAIN_NAMES.filter((name) => this.served.has(name));
  }

  coverage(chain: ChainName): SourceCoverage {
    return sourceCoverage(chain, { demo: this.chain(chain).demo, explorer: false });
  }

  /** Checks that the chain is configured and its node answers with the right chain id. */
  async verifyChain(chain: ChainName): Promise<void> {
    await this.chain(chain).channel.verifyChainId();
  }

  async getBlockNumber(chain: ChainName): Promise<bigint> {
    return this.head(this.chain(chain));
  }

  async getBlock(chain: ChainName, block: bigint | BlockTag): Promise<BlockHeader | null> {
    const served = this.chain(chain);
    if (typeof block === 'bigint') {
      return this.loader.load(
        `${chain}:block:${block}`,
        async () => {
          const header = await this.fetchBlock(served, numberToHex(block));
          if (header) this.observeHead(served, header.number);
          return header;
        },
        (header) => (header ? this.keepIfSettled(served, header.number) : null),
      );
    }
    return this.loader.load(
      `${chain}:block:${block}`,
      async () => {
        const header = await this.fetchTag(served, block);
        if (header && block === 'latest') this.observeHead(served, header.number);
        return header;
      },
      () => served.headTtlMs,
    );
  }

  async getTransaction(chain: ChainName, hash: Hex): Promise<TransactionRecord | null> {
    const served = this.chain(chain);
    return this.loader.load(
      `${chain}:tx:${hash.toLowerCase()}`,
      async () => {
        const tx = await served.channel.request<RpcTransaction | null>('eth_getTransactionByHash', [hash]);
        return tx ? toTransactionRecord(tx) : null;
      },
      (tx) => (tx?.blockNumber != null ? this.keepIfFinalized(served, tx.blockNumber) : null),
    );
  }

  async getTransactionReceipt(chain: ChainName, hash: Hex): Promise<ReceiptRecord | null> {
    const served = this.chain(chain);
    return this.loader.load(
      `${chain}:receipt:${hash.toLowerCase()}`,
      async () => {
        const receipt = await served.channel.request<RpcTransactionReceipt | null>('eth_getTransactionReceipt', [hash]);
        return receipt ? toReceiptRecord(receipt) : null;
      },
      (receipt) => (receipt ? this.keepIfFinalized(served, receipt.blockNumber) : null),
      (receipt) => 1 + (receipt?.logs.length ?? 0),
    );
  }

  async getCode(chain: ChainName, address: Address, blockNumber?: bigint): Promise<Hex> {
    return this.readAccount(this.chain(chain), 'eth_getCode', [address], blockNumber, (code: Hex) => code);
  }

  async getTransactionCount(chain: ChainName, address: Address, blockNumber?: bigint): Promise<number> {
    return this.readAccount(this.chain(chain), 'eth_getTransactionCount', [address], blockNumber, (count: Hex) => hexToNumber(count));
  }

  async getStorageAt(chain: ChainName, address: Address, slot: Hex, blockNumber?: bigint): Promise<Hex> {
    // Nodes differ in how they pad the slot and the answer: both are normalised to 32 bytes.
    return this.readAccount(this.chain(chain), 'eth_getStorageAt', [address, pad(slot, { size: 32 })], blockNumber, (word: Hex) => pad(word, { size: 32 }));
  }

  async readContracts(chain: ChainName, reads: readonly ContractRead[], options: { blockNumber?: bigint } = {}): Promise<ReadResult[]> {
    const served = this.chain(chain);
    const results: ReadResult[] = [];
    const pending: { index: number; call: Aggregate3Call }[] = [];
    reads.forEach((read, index) => {
      const encoded = encodeRead(read);
      if (encoded.ok) pending.push({ index, call: encoded.call });
      else results[index] = { status: 'failure', error: encoded.error };
    });
    if (pending.length === 0) return results;

    const chunks: (typeof pending)[] = [];
    for (let start = 0; start < pending.length; start += this.maxCallsPerMulticall) chunks.push(pending.slice(start, start + this.maxCallsPerMulticall));
    // Several round trips must still read one state: pin them to one block.
    const block = options.blockNumber ?? (chunks.length > 1 ? await this.head(served) : undefined);
    const blockParam: BlockParam = block === undefined ? 'latest' : numberToHex(block);

    await Promise.all(
      chunks.map(async (chunk) => {
        const data = await served.channel.request<Hex>('eth_call', [aggregate3Request(chunk.map((p) => p.call)), blockParam]);
        const outcomes = this.decodeMulticall(served, data, chunk.length, blockParam);
        chunk.forEach(({ index }, i) => {
          results[index] = decodeRead(reads[index] as ContractRead, outcomes[i] as { success: boolean; returnData: Hex });
        });
      }),
    );
    return results;
  }

  async getLogs(chain: ChainName, query: LogQuery): Promise<LogRecord[]> {
    const served = this.chain(chain);
    if (query.fromBlock > query.toBlock) throw new RangeError(`getLogs: fromBlock ${query.fromBlock} is after toBlock ${query.toBlock}`);
    if (query.fromBlock < 0n) throw new RangeError('getLogs: fromBlock must not be negative');
    // An empty address list would match every contract on the node: it selects nothing here.
    if (Array.isArray(query.address) && query.address.length === 0) return [];
    const filter = {
      address: Array.isArray(query.address) ? query.address.map((a) => a.toLowerCase()) : query.address?.toLowerCase(),
      topics: query.topics.map((t) => (Array.isArray(t) ? t.map((v) => v.toLowerCase()) : (t?.toLowerCase() ?? null))),
    };
    const range: BlockRange = { from: query.fromBlock, to: query.toBlock };
    return this.loader.load(
      `${chain}:logs:${JSON.stringify(filter)}:${range.from}-${range.to}`,
      async () => {
        const fetchBySpan = (span: bigint) => fetchInRanges(range, span, (piece) => this.fetchLogs(served, filter, piece), (error) => rangeRefusal(rpcFailureOf(error)));
        // A sparse query goes out whole; a node error other than a recognised range refusal falls back to the configured span.
        const logs = query.sparse
          ? await fetchBySpan(rangeSpan(range)).catch((error: unknown) => {
              if (rpcFailureOf(error) === undefined) throw error;
              return fetchBySpan(served.maxLogSpan);
            })
          : await fetchBySpan(served.maxLogSpan);
        return logs.sort(compareLogs);
      },
      () => this.keepIfSettled(served, range.to),
      (logs) => 1 + logs.length,
    );
  }

  /** A JSON-RPC node keeps no index of transactions by address. */
  async getAddressHistory(chain: ChainName, _query: AddressHistoryQuery): Promise<AddressHistoryResult> {
    return { status: 'unavailable', reason: `${CHAINS[chain]?.displayName ?? chain}: a JSON-RPC node cannot list the transactions of an address (that needs a block explorer or indexer; none is configured for this chain)` };
  }

  /** eth_call at a block (default latest); a revert is an answer carrying the revert data. */
  async call(chain: ChainName, request: CallRequest): Promise<CallResult> {
    const served = this.chain(chain);
    const transaction = { from: request.from, to: request.to, data: request.data, value: request.value === undefined ? undefined : numberToHex(request.value) };
    const block = request.blockNumber === undefined ? 'latest' : numberToHex(request.blockNumber);
    try {
      const data = await this.requestUnlessAnswered<Hex>(served, 'eth_call', [transaction, block], (failure) => revertDataOf(failure) !== null);
      return { status: 'success', data };
    } catch (error) {
      const revertData = revertDataOf(rpcFailureOf(error));
      if (revertData === null) throw error;
      return { status: 'reverted', data: revertData };
    }
  }

  /**
   * The transaction's call frames: callTracer where the node has it, else derived from the default
   * tracer's struct logs (Hardhat); null for an unknown or pending transaction or a node without tracing.
   */
  async getCallFrames(chain: ChainName, hash: Hex): Promise<CallFrame[] | null> {
    const served = this.chain(chain);
    const transaction = await this.getTransaction(chain, hash);
    if (transaction?.blockNumber == null || served.tracing === 'none') return null;
    const { blockNumber } = transaction;
    return this.loader.load(
      `${chain}:frames:${hash.toLowerCase()}`,
      () => this.traceCallFrames(served, transaction),
      (frames) => (frames ? this.keepIfFinalized(served, blockNumber) : null),
      (frames) => 1 + (frames?.length ?? 0),
    );
  }

  private async traceCallFrames(served: ServedChain, transaction: TransactionRecord): Promise<CallFrame[] | null> {
    const refused = (failure: JsonRpcFailure | undefined) => traceRefusal(failure) !== null;
    try {
      if (served.tracing === 'callTracer') {
        const root = await this.requestUnlessAnswered<CallTracerFrame | null>(served, 'debug_traceTransaction', [transaction.hash, { tracer: 'callTracer' }], refused);
        return this.readTrace(served, () => {
          if (typeof root?.type !== 'string') throw new TypeError('the callTracer answer has no call frame');
          return callFramesFromCallTracer(root);
        });
      }
      // Memory holds the calls' input; storage is not needed and can be large.
      const trace = await this.requestUnlessAnswered<{ structLogs?: StructLog[] } | null>(served, 'debug_traceTransaction', [transaction.hash, { enableMemory: true, disableStorage: true }], refused);
      return this.readTrace(served, () => {
        if (!Array.isArray(trace?.structLogs)) throw new TypeError('the trace has no structLogs');
        return callFramesFromStructLogs(transaction, trace.structLogs);
      });
    } catch (error) {
      switch (traceRefusal(rpcFailureOf(error))) {
        case 'unknown-transaction':
          return null;
        case 'default-tracer-only':
          if (served.tracing === 'callTracer') {
            served.tracing = 'structLogs';
            return this.traceCallFrames(served, transaction);
          }
          served.tracing = 'none';
          return null;
        case 'no-tracing':
          served.tracing = 'none';
          return null;
        default:
          throw error;
      }
    }
  }

  private readTrace(served: ServedChain, parse: () => CallFrame[]): CallFrame[] {
    try {
      return parse();
    } catch (error) {
      throw new ChainUnavailableError(served.name, `${CHAINS[served.name].displayName} JSON-RPC debug_traceTransaction gave a trace that could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** One eth_getLogs request; a refused range is split at once (see requestUnlessAnswered). */
  private async fetchLogs(served: ServedChain, filter: object, piece: BlockRange): Promise<LogRecord[]> {
    const params = [{ ...filter, fromBlock: numberToHex(piece.from), toBlock: numberToHex(piece.to) }];
    const logs = await this.requestUnlessAnswered<RpcLog[]>(served, 'eth_getLogs', params, (failure) => rangeRefusal(failure) !== null);
    return logs.flatMap(toLogRecords);
  }

  /**
   * A request whose failures may be answers (a refused range, a revert, no tracer): the first
   * attempt skips retries, so such an answer is thrown at once; any other failure gets the
   * configured retries.
   */
  private async requestUnlessAnswered<T>(served: ServedChain, method: string, params: readonly unknown[], isAnswer: (failure: JsonRpcFailure | undefined) => boolean): Promise<T> {
    try {
      return await served.channel.request<T>(method, params, { retryCount: 0 });
    } catch (error) {
      if (served.channel.retryCount === 0 || isAnswer(rpcFailureOf(error))) throw error;
      return served.channel.request<T>(method, params, { retryCount: served.channel.retryCount - 1 });
    }
  }

  /** A read of account state (`params` before the block parameter: the address, then the slot for storage). */
  private async readAccount<T>(
    served: ServedChain,
    method: 'eth_getCode' | 'eth_getTransactionCount' | 'eth_getStorageAt',
    params: readonly Hex[],
    blockNumber: bigint | undefined,
    map: (raw: Hex) => T,
  ): Promise<T> {
    const request = async () => map(await served.channel.request<Hex>(method, [...params, blockNumber === undefined ? 'latest' : numberToHex(blockNumber)]));
    if (blockNumber === undefined) return request();
    return this.loader.load(`${served.name}:${method}:${params.join(':').toLowerCase()}:${blockNumber}`, request, () => this.keepIfSettled(served, blockNumber));
  }

  private async fetchBlock(served: ServedChain, block: BlockParam): Promise<BlockHeader | null> {
    const raw = await served.channel.request<RpcBlock | null>('eth_getBlockByNumber', [block, false]);
    return raw ? toBlockHeader(raw) : null;
  }

  /** A node that has no safe or finalized block yet (or does not know the tag) answers with an error: that is a null. */
  private async fetchTag(served: ServedChain, tag: BlockTag): Promise<BlockHeader | null> {
    try {
      return await this.fetchBlock(served, tag);
    } catch (error) {
      const failure = rpcFailureOf(error);
      const unknownTag = failure?.kind === 'rpc' && tag !== 'latest' && /safe|finali[sz]ed|unknown block|block not found|invalid block|not supported/i.test(failure.details.providerMessage ?? '');
      if (unknownTag) return null;
      throw error;
    }
  }

  private decodeMulticall(served: ServedChain, data: Hex, expected: number, block: BlockParam): readonly { success: boolean; returnData: Hex }[] {
    try {
      const outcomes = decodeAggregate3(data);
      if (outcomes.length === expected) return outcomes;
    } catch {
      // Handled below: nothing usable came back.
    }
    throw new ChainUnavailableError(served.name, `${CHAINS[served.name].displayName}: Multicall3 at ${MULTICALL3_ADDRESS} gave no usable answer at block ${block} (is it deployed there?)`);
  }

  private head(served: ServedChain): Promise<bigint> {
    return this.loader.load(
      `${served.name}:head`,
      async () => hexToBigInt(await served.channel.request<Hex>('eth_blockNumber', [])),
      (head) => {
        this.observeHead(served, head);
        return served.headTtlMs;
      },
    );
  }

  private observeHead(served: ServedChain, block: bigint): void {
    if (block > served.highestHead) served.highestHead = block;
  }

  /** Immutable once its block is settled; asks for the head only when the highest one seen is not enough. */
  private async keepIfSettled(served: ServedChain, block: bigint): Promise<number | null> {
    const needed = block + this.confirmations;
    if (needed <= served.highestHead) return Infinity;
    return needed <= (await this.head(served)) ? Infinity : null;
  }

  /**
   * A mined transaction, its receipt and its trace change when a reorg drops their block, so they
   * are kept for good only once the block is settled and at or below the node's finalized block;
   * a node without a finalized tag never finalizes them here (they are read again each time).
   */
  private async keepIfFinalized(served: ServedChain, block: bigint): Promise<number | null> {
    if ((await this.keepIfSettled(served, block)) === null) return null;
    if (block <= served.highestFinalized) return Infinity;
    try {
      const finalized = await this.getBlock(served.name, 'finalized');
      if (finalized && finalized.number > served.highestFinalized) served.highestFinalized = finalized.number;
    } catch {
      return null;
    }
    return block <= served.highestFinalized ? Infinity : null;
  }

  private chain(chain: ChainName): ServedChain {
    const served = this.served.get(chain);
    if (served) return served;
    if (!isChainName(chain)) throw new ChainUnavailableError(String(chain), `unknown chain "${String(chain).slice(0, 64)}" (supported: ${CHAIN_NAMES.join(', ')})`);
    throw new ChainUnavailableError(chain, `${chain} is not configured: set ${rpcUrlVariable(chain)} (or chains.${chain}.rpcUrl) to serve it`);
  }
}

export function createJsonRpcChainSource(config: JsonRpcChainSourceConfig): JsonRpcChainSource {
  return new JsonRpcChainSource(config);
}
