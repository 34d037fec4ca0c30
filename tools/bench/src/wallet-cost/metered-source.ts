import type { ChainSource, ContractRead, LogQuery } from '@paysight/contracts';

/** A provider's usual eth_getLogs span limit (JsonRpcChainSource's default maxLogBlockRange): one request per piece this long. */
export const PROVIDER_LOG_SPAN = 10_000n;
/** Calls per Multicall3 eth_call (JsonRpcChainSource's default maxCallsPerMulticall). */
export const CALLS_PER_MULTICALL = 1_000;

export interface Meter {
  /** ChainSource calls by method. */
  calls: Record<string, number>;
  /** JSON-RPC requests those calls make on the wire: a getLogs range per provider span (a sparse one whole), a Multicall3 per 1,000 reads, one otherwise. */
  jsonRpcRequests: number;
  /** Indexer (explorer) requests. */
  indexerRequests: number;
  /** Dependent stages: a stage starts when a request is sent while none is in flight. */
  stages: number;
  /** Largest number of requests in flight at once. */
  peakInFlight: number;
}

const ON_THE_WIRE: Partial<Record<keyof ChainSource, (args: unknown[]) => number>> = {
  // A sparse query (one account in an indexed topic) goes out whole; a provider that refuses it costs more.
  getLogs: (args) => {
    const query = args[1] as LogQuery;
    return query.sparse ? 1 : Number((query.toBlock - query.fromBlock) / PROVIDER_LOG_SPAN) + 1;
  },
  readContracts: (args) => Math.max(1, Math.ceil((args[1] as readonly ContractRead[]).length / CALLS_PER_MULTICALL)),
  getAddressHistory: () => 0,
  getVerifiedAbi: () => 0,
};

/** Methods answered by the indexer (explorer API), not the node. */
const INDEXER_METHODS = new Set<string>(['getAddressHistory', 'getVerifiedAbi'] satisfies (keyof ChainSource)[]);

/** The ChainSource methods that send requests; anything else (chains, coverage, an adapter's own helpers) passes through unmetered. */
const REQUEST_METHODS = new Set<string>([
  'getBlockNumber',
  'getBlock',
  'getTransaction',
  'getTransactionReceipt',
  'getCode',
  'getTransactionCount',
  'getStorageAt',
  'readContracts',
  'getLogs',
  'getAddressHistory',
  'getCallFrames',
  'call',
  'getVerifiedAbi',
] satisfies (keyof ChainSource)[]);

/** Wraps a ChainSource and counts what a tool asks of it; `meter` is reset by `reset()`. */
export function meteredSource(source: ChainSource): { source: ChainSource; meter: () => Meter; reset: () => void } {
  let meter: Meter;
  let inFlight = 0;
  const reset = () => {
    meter = { calls: {}, jsonRpcRequests: 0, indexerRequests: 0, stages: 0, peakInFlight: 0 };
    inFlight = 0;
  };
  reset();
  const metered = new Proxy(source, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || !REQUEST_METHODS.has(String(property))) return value;
      return async (...args: unknown[]) => {
        const method = String(property);
        meter.calls[method] = (meter.calls[method] ?? 0) + 1;
        meter.jsonRpcRequests += ON_THE_WIRE[method as keyof ChainSource]?.(args) ?? 1;
        if (INDEXER_METHODS.has(method)) meter.indexerRequests += 1;
        if (inFlight === 0) meter.stages += 1;
        inFlight += 1;
        meter.peakInFlight = Math.max(meter.peakInFlight, inFlight);
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          inFlight -= 1;
        }
      };
    },
  });
  return { source: metered, meter: () => meter, reset };
}
