import { ChainUnavailableError, CHAINS, type ChainName } from '@paysight/contracts';
import { createPublicClient, hexToNumber, http, type EIP1193RequestFn, type Hex } from 'viem';
import { fetchResendingOnStaleSocket } from '../http/stale-socket.js';
import { Semaphore } from '../semaphore.js';
import { describeRpcError, JsonRpcFailure } from './rpc-failure.js';

export interface RpcChannelOptions {
  rpcUrl: string;
  timeoutMs: number;
  retryCount: number;
  maxConcurrency: number;
  maxBatchSize: number;
}

/**
 * The one road to one chain's node: a viem public client behind a semaphore. Requests admitted together
 * leave as JSON-RPC batches of at most `maxBatchSize`; the semaphore admits `maxConcurrency` batches'
 * worth of requests, so about `maxConcurrency` HTTP requests are in flight, and a request's timeout
 * starts only once it is admitted. Checks once that the node serves the expected chain id, and turns
 * every failure into ChainUnavailableError.
 */
export class RpcChannel {
  private readonly send: EIP1193RequestFn;
  private readonly gate: Semaphore;
  private chainIdCheck: Promise<void> | undefined;

  constructor(
    readonly chain: ChainName,
    private readonly options: RpcChannelOptions,
  ) {
    const transport = http(options.rpcUrl, {
      timeout: options.timeoutMs,
      retryCount: options.retryCount,
      // A request reset on a stale keep-alive socket never reached the node: sent again even when retries are off.
      fetchFn: fetchResendingOnStaleSocket,
      batch: options.maxBatchSize > 1 ? { batchSize: options.maxBatchSize } : false,
    });
    this.send = createPublicClient({ transport }).request as unknown as EIP1193RequestFn;
    this.gate = new Semaphore(options.maxConcurrency * options.maxBatchSize);
  }

  /** `retryCount` overrides the configured retries, for callers that react to a refusal themselves. */
  async request<T>(method: string, params: readonly unknown[], options: { retryCount?: number } = {}): Promise<T> {
    await this.verifyChainId();
    return this.call<T>(method, params, options.retryCount);
  }

  get retryCount(): number {
    return this.options.retryCount;
  }

  /** Resolves once the node has confirmed it serves this chain; retried on the next call after a failure. */
  verifyChainId(): Promise<void> {
    this.chainIdCheck ??= this.checkChainId().catch((error: unknown) => {
      this.chainIdCheck = undefined;
      throw error;
    });
    return this.chainIdCheck;
  }

  private async checkChainId(): Promise<void> {
    const expected = CHAINS[this.chain].chainId;
    const actual = hexToNumber(await this.call<Hex>('eth_chainId', []));
    if (actual !== expected) {
      throw new ChainUnavailableError(this.chain, `${this.label}: the RPC endpoint serves chain id ${actual}, not ${expected}; check the ${this.chain} RPC URL`);
    }
  }

  private async call<T>(method: string, params: readonly unknown[], retryCount?: number): Promise<T> {
    try {
      return (await this.gate.run(() => this.send({ method, params: [...params] }, retryCount === undefined ? undefined : { retryCount }))) as T;
    } catch (error) {
      const failure = describeRpcError(error, { method, rpcUrl: this.options.rpcUrl, timeoutMs: this.options.timeoutMs });
      throw new ChainUnavailableError(this.chain, `${this.label} JSON-RPC ${method} failed: ${failure.message}`, { cause: failure });
    }
  }

  private get label(): string {
    return CHAINS[this.chain].displayName;
  }
}

/** The structured reason behind a ChainUnavailableError raised by a channel, if there is one. */
export function rpcFailureOf(error: unknown): JsonRpcFailure | undefined {
  return error instanceof Error && error.cause instanceof JsonRpcFailure ? error.cause : undefined;
}
