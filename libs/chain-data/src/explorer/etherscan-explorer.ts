import { CHAIN_NAMES, CHAINS, type VerifiedAbiResult, type AddressHistoryQuery, type AddressHistoryResult, type ChainName, type HistoryTokenTransfer, type HistoryTransaction, type InternalTransfer } from '@paysight/contracts';
import type { Abi, Address } from 'viem';
import { fetchFailureCode, fetchResendingOnStaleSocket } from '../http/stale-socket.js';
import { redact } from '../json-rpc/rpc-failure.js';
import { LruCache } from '../lru-cache.js';
import { RateLimiter, systemClock } from '../rate-limiter.js';
import { readEnvelope, type ExplorerAnswer } from './envelope.js';
import { RowError, toHistoryTokenTransfer, toHistoryTransaction, toInternalTransfer, type InternalRow, type TokenTransferRow, type TxListRow } from './rows.js';
import { EXPLORER_DEFAULTS, validateExplorerConfig, type ExplorerConfig } from './explorer-config.js';

type Action = 'txlist' | 'txlistinternal' | 'tokentx' | 'getabi';

/** Verified ABIs (and verdicts of no verification) kept per explorer; a contract verified later is seen after a restart. */
const ABI_CACHE_ENTRIES = 2_000;
const NOT_VERIFIED = /not verified/i;

/** Past any chain's head: the explorer's own default end block. */
const LAST_BLOCK = 9_999_999_999n;

/** Why the explorer could not answer; becomes the `reason` of an unavailable history. */
class ExplorerUnavailable extends Error {}

interface ListSpec<T> {
  action: Action;
  map: (row: never) => T;
  /** Identity of an entry, to drop the copies that shifting pages repeat. */
  key: (entry: T) => string;
  /** Newest first. */
  compare: (a: T, b: T) => number;
}

const byBlockDesc = (a: { blockNumber: bigint }, b: { blockNumber: bigint }) => (a.blockNumber === b.blockNumber ? 0 : a.blockNumber > b.blockNumber ? -1 : 1);

const TRANSACTIONS: ListSpec<HistoryTransaction> = {
  action: 'txlist',
  map: (row: TxListRow) => toHistoryTransaction(row),
  key: (t) => t.hash,
  compare: byBlockDesc,
};
/** An internal transfer keeps the explorer's trace id until the pages are merged. */
type InternalEntry = InternalTransfer & { traceId: string };
const INTERNAL_TRANSFERS: ListSpec<InternalEntry> = {
  action: 'txlistinternal',
  map: (row: InternalRow) => ({ ...toInternalTransfer(row), traceId: String(row.traceId) }),
  key: (t) => `${t.transactionHash}:${t.traceId}`,
  compare: byBlockDesc,
};
const TOKEN_TRANSFERS: ListSpec<HistoryTokenTransfer> = {
  action: 'tokentx',
  map: (row: TokenTransferRow) => toHistoryTokenTransfer(row),
  key: (t) => `${t.transactionHash}:${t.logIndex}`,
  compare: (a, b) => byBlockDesc(a, b) || b.logIndex - a.logIndex,
};

/** One limiter per explorer key (or per keyless endpoint), shared by every source in the process. */
const limiters = new Map<string, RateLimiter>();

/**
 * Address history from a block explorer that speaks the Etherscan API v2 wire format: one base
 * URL and key for every chain, the chain chosen by `chainid`. Reads `txlist`, `txlistinternal`
 * and `tokentx` newest first, page by page, within the explorer's result window. Never throws
 * for the explorer's failures: they are `{ status: 'unavailable', reason }`, without the key.
 */
export class EtherscanExplorer {
  private readonly served: ReadonlySet<ChainName>;
  private readonly limiter: RateLimiter | null;
  private readonly abis = new LruCache<Promise<VerifiedAbiResult>>(ABI_CACHE_ENTRIES);
  private readonly options: Required<Pick<ExplorerConfig, 'timeoutMs' | 'pageSize' | 'resultWindow' | 'rateLimitRetryDelayMs'>>;

  constructor(private readonly config: ExplorerConfig) {
    validateExplorerConfig(config);
    this.served = new Set(config.chains ?? CHAIN_NAMES);
    this.options = {
      timeoutMs: config.timeoutMs ?? EXPLORER_DEFAULTS.timeoutMs,
      pageSize: config.pageSize ?? EXPLORER_DEFAULTS.pageSize,
      resultWindow: config.resultWindow ?? EXPLORER_DEFAULTS.resultWindow,
      rateLimitRetryDelayMs: config.rateLimitRetryDelayMs ?? EXPLORER_DEFAULTS.rateLimitRetryDelayMs,
    };
    this.limiter = sharedLimiter(config);
  }

  chains(): ChainName[] {
    return CHAIN_NAMES.filter((chain) => this.served.has(chain));
  }

  serves(chain: ChainName): boolean {
    return this.served.has(chain);
  }

  async getAddressHistory(chain: ChainName, query: AddressHistoryQuery): Promise<AddressHistoryResult> {
    if (!Number.isSafeInteger(query.limit) || query.limit < 1) throw new RangeError('getAddressHistory: limit must be a positive integer');
    if (!this.serves(chain)) return { status: 'unavailable', reason: `${CHAINS[chain]?.displayName ?? chain}: the explorer is not configured for this chain` };
    try {
      const [transactions, internalTransfers, tokenTransfers] = await Promise.all([
        this.list(chain, query, TRANSACTIONS),
        this.list(chain, query, INTERNAL_TRANSFERS),
        this.list(chain, query, TOKEN_TRANSFERS),
      ]);
      return {
        status: 'ok',
        history: {
          transactions: transactions.entries,
          internalTransfers: internalTransfers.entries.map(({ traceId: _traceId, ...transfer }) => transfer),
          tokenTransfers: tokenTransfers.entries,
          complete: transactions.complete && internalTransfers.complete && tokenTransfers.complete,
        },
      };
    } catch (error) {
      if (error instanceof ExplorerUnavailable) return { status: 'unavailable', reason: error.message };
      throw error;
    }
  }

  /**
   * The contract's verified ABI (`module=contract&action=getabi`): status "1" carries the ABI as a
   * JSON string; status "0" "Contract source code not verified" is `not_verified`. Answers are
   * cached (failures are not); failures are `unavailable`, without the key.
   */
  getVerifiedAbi(chain: ChainName, address: Address): Promise<VerifiedAbiResult> {
    if (!this.serves(chain)) return Promise.resolve({ status: 'unavailable', reason: `${CHAINS[chain]?.displayName ?? chain}: the explorer is not configured for this chain` });
    const key = `${chain}:${address.toLowerCase()}`;
    const cached = this.abis.get(key);
    if (cached) return cached;
    const answer = this.fetchAbi(chain, address).then((result) => {
      // A failure is not an answer: drop it so the next request asks again.
      if (result.status === 'unavailable') this.abis.set(key, answer, { ttlMs: 0 });
      return result;
    });
    this.abis.set(key, answer);
    return answer;
  }

  private async fetchAbi(chain: ChainName, address: Address): Promise<VerifiedAbiResult> {
    const url = new URL(this.config.url);
    const params: Record<string, string> = { chainid: String(CHAINS[chain].chainId), module: 'contract', action: 'getabi', address };
    if (this.config.apiKey) params.apikey = this.config.apiKey;
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    try {
      await this.limiter?.acquire();
      const body = (await this.fetchJson(chain, 'getabi', url)) as { status?: unknown; message?: unknown; result?: unknown } | null;
      if (body?.status === '1' && typeof body.result === 'string') {
        const abi = parseAbiJson(body.result);
        if (!abi) throw this.unavailable(chain, 'getabi', 'the ABI in the answer is not a JSON ABI');
        return { status: 'verified', abi };
      }
      if (typeof body?.result === 'string' && NOT_VERIFIED.test(body.result)) return { status: 'not_verified' };
      const answer = readEnvelope(body);
      throw this.unavailable(chain, 'getabi', 'detail' in answer ? answer.detail : 'the answer carries no ABI');
    } catch (error) {
      if (error instanceof ExplorerUnavailable) return { status: 'unavailable', reason: error.message };
      throw error;
    }
  }

  /**
   * The newest `limit` entries of one list. One entry more than the limit is asked for, so a list
   * of exactly `limit` entries is known to be complete.
   */
  private async list<T>(chain: ChainName, query: AddressHistoryQuery, spec: ListSpec<T>): Promise<{ entries: T[]; complete: boolean }> {
    const wanted = query.limit + 1;
    const pageSize = Math.min(wanted, this.options.pageSize);
    const entries = new Map<string, T>();
    let complete = true;
    for (let page = 1; ; page += 1) {
      if (page * pageSize > this.options.resultWindow) {
        complete = false;
        break;
      }
      const answer = await this.request(chain, spec.action, query, page, pageSize);
      if (answer.kind === 'window-exceeded') {
        // A smaller window than configured: what came before it is still the newest part.
        if (page === 1) throw this.unavailable(chain, spec.action, answer.detail);
        complete = false;
        break;
      }
      for (const row of answer.rows) {
        const entry = this.mapRow(chain, spec, row);
        entries.set(spec.key(entry), entry);
      }
      if (answer.rows.length < pageSize || entries.size >= wanted) break;
    }
    const sorted = [...entries.values()].sort(spec.compare);
    if (sorted.length > query.limit) complete = false;
    return { entries: sorted.slice(0, query.limit), complete };
  }

  private mapRow<T>(chain: ChainName, spec: ListSpec<T>, row: unknown): T {
    try {
      if (typeof row !== 'object' || row === null) throw new RowError('a row is not an object');
      return spec.map(row as never);
    } catch (error) {
      if (error instanceof RowError) throw this.unavailable(chain, spec.action, `unreadable row (${error.message})`);
      throw error;
    }
  }

  /** One request, retried once after a rate-limit answer. */
  private async request(chain: ChainName, action: Action, query: AddressHistoryQuery, page: number, offset: number): Promise<Exclude<ExplorerAnswer, { kind: 'rate-limited' | 'refused' }>> {
    const url = new URL(this.config.url);
    const params: Record<string, string> = {
      chainid: String(CHAINS[chain].chainId),
      module: 'account',
      action,
      address: query.address,
      startblock: String(query.fromBlock ?? 0n),
      endblock: String(query.toBlock ?? LAST_BLOCK),
      page: String(page),
      offset: String(offset),
      sort: 'desc',
    };
    if (this.config.apiKey) params.apikey = this.config.apiKey;
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);

    for (let attempt = 0; ; attempt += 1) {
      await this.limiter?.acquire();
      const answer = await this.fetchAnswer(chain, action, url);
      if (answer.kind === 'rate-limited' && attempt === 0) {
        if (this.limiter) this.limiter.pause(this.options.rateLimitRetryDelayMs);
        else await systemClock.sleep(this.options.rateLimitRetryDelayMs);
        continue;
      }
      if (answer.kind === 'rate-limited' || answer.kind === 'refused') throw this.unavailable(chain, action, answer.detail);
      return answer;
    }
  }

  private async fetchAnswer(chain: ChainName, action: Action, url: URL): Promise<ExplorerAnswer> {
    const body = await this.fetchJson(chain, action, url);
    return body === RATE_LIMITED_HTTP ? { kind: 'rate-limited', detail: 'HTTP 429 (rate limited)' } : readEnvelope(body);
  }

  private async fetchJson(chain: ChainName, action: Action, url: URL): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchResendingOnStaleSocket(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (error) {
      throw this.unavailable(chain, action, describeFetchFailure(error, this.options.timeoutMs));
    }
    if (response.status === 429) {
      await response.body?.cancel();
      if (action === 'getabi') throw this.unavailable(chain, action, 'HTTP 429 (rate limited)');
      return RATE_LIMITED_HTTP;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw this.unavailable(chain, action, `HTTP ${response.status}`);
    }
    try {
      return (await response.json()) as unknown;
    } catch {
      throw this.unavailable(chain, action, 'the answer is not JSON');
    }
  }

  private unavailable(chain: ChainName, action: Action, detail: string): ExplorerUnavailable {
    let safe = redact(detail, this.config.url);
    if (this.config.apiKey) safe = safe.split(this.config.apiKey).join('[redacted]');
    return new ExplorerUnavailable(`${CHAINS[chain].displayName} explorer (${action}): ${safe}`);
  }
}

/** Marks an HTTP 429 answer, which list requests retry once. */
const RATE_LIMITED_HTTP = Symbol('rate-limited');

/** An ABI as getabi sends it: a JSON array of items with a type. */
function parseAbiJson(text: string): Abi | null {
  try {
    const abi = JSON.parse(text) as unknown;
    return Array.isArray(abi) && abi.every((item) => typeof item === 'object' && item !== null && typeof (item as { type?: unknown }).type === 'string') ? (abi as Abi) : null;
  } catch {
    return null;
  }
}

export function createEtherscanExplorer(config: ExplorerConfig): EtherscanExplorer {
  return new EtherscanExplorer(config);
}

function sharedLimiter(config: ExplorerConfig): RateLimiter | null {
  const perSecond = config.requestsPerSecond ?? (isLoopbackUrl(config.url) && !config.apiKey ? null : EXPLORER_DEFAULTS.requestsPerSecond);
  if (perSecond === null) return null;
  const url = new URL(config.url);
  const id = `${url.origin}${url.pathname}|${config.apiKey ?? ''}|${perSecond}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new RateLimiter(perSecond);
    limiters.set(id, limiter);
  }
  return limiter;
}

/** 127.0.0.0/8, ::1 or localhost: a local explorer such as the devnet's. */
export function isLoopbackUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  } catch {
    return false;
  }
}

function describeFetchFailure(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const code = fetchFailureCode(error);
  return `the explorer could not be reached${code ? ` (${code})` : ''}`;
}
