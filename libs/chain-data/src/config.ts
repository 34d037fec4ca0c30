import { CHAIN_NAMES, CHAINS, isChainName, type ChainName } from '@paysight/contracts';

/** One chain's JSON-RPC endpoint. */
export interface ChainEndpoint {
  /** http(s) URL of a JSON-RPC node. It may hold an API key, so it never appears in errors. */
  rpcUrl: string;
  /** A local development chain: its data is reported as dataSourceStatus Demo. */
  demo?: boolean;
  /** Largest block span of one eth_getLogs request on this chain; overrides the source-wide value. */
  maxLogBlockRange?: number;
}

export interface JsonRpcChainSourceConfig {
  /** Chains to serve; a chain left out is not served. */
  chains: Partial<Record<ChainName, ChainEndpoint>>;
  /** HTTP timeout of one JSON-RPC request. Default 10000. */
  timeoutMs?: number;
  /** HTTP requests in flight per chain: at most maxConcurrency x maxBatchSize JSON-RPC requests are admitted at once, sent as batches. Default 4. */
  maxConcurrency?: number;
  /** JSON-RPC requests sent together as one JSON-RPC batch when several are waiting; 1 sends each alone (for a provider without batches). Default 20. */
  maxBatchSize?: number;
  /** viem retries of a failed request (5xx, 429, timeouts). Default 2; use 0 in tests. */
  retryCount?: number;
  /** Largest block span of one eth_getLogs request. Default 10000; refused ranges are split further. */
  maxLogBlockRange?: number;
  /** Calls per Multicall3 aggregate3 round trip; bigger batches are chunked. Default 1000. */
  maxCallsPerMulticall?: number;
  /** Size of the immutable-data cache, shared by all chains, in entries; a list of logs (or a receipt) counts one per log. Default 50000. */
  cacheMaxEntries?: number;
  /** How long the head and block tags are reused. Default: half a block time, at most 1000 ms. */
  headTtlMs?: number;
  /** Data is cached once its block is at least this many blocks below the head. Default 1. */
  cacheConfirmations?: number;
}

export const DEFAULTS = {
  timeoutMs: 10_000,
  maxConcurrency: 4,
  maxBatchSize: 20,
  retryCount: 2,
  maxLogBlockRange: 10_000,
  maxCallsPerMulticall: 1_000,
  cacheMaxEntries: 50_000,
  cacheConfirmations: 1,
} as const;

export function defaultHeadTtlMs(chain: ChainName): number {
  return Math.min(1_000, CHAINS[chain].averageBlockSeconds * 500);
}

export interface ConfigIssue {
  /** The environment variable or config path at fault, e.g. RPC_URL_BASE or chains.base.rpcUrl. */
  field: string;
  message: string;
}

/** The chain data configuration is invalid; lists every problem at once and never echoes a URL. */
export class ChainSourceConfigError extends Error {
  override readonly name = 'ChainSourceConfigError';
  constructor(readonly issues: ConfigIssue[]) {
    super(`Invalid chain data configuration: ${issues.map((i) => `${i.field} ${i.message}`).join('; ')}`);
  }
}

export function rpcUrlVariable(chain: ChainName): string {
  return `RPC_URL_${chain.toUpperCase()}`;
}

export function chainModeVariable(chain: ChainName): string {
  return `CHAIN_DATA_MODE_${chain.toUpperCase()}`;
}

/**
 * Reads RPC_URL_<CHAIN> for each chain. CHAIN_DATA_MODE=demo labels every configured chain Demo;
 * CHAIN_DATA_MODE_<CHAIN>=demo|live overrides it per chain. Chains without a URL are not served.
 * RPC_TIMEOUT_MS and RPC_RETRY_COUNT bound each JSON-RPC request (defaults: DEFAULTS).
 */
export function chainSourceConfigFromEnv(env: Readonly<Record<string, string | undefined>>): JsonRpcChainSourceConfig {
  const issues: ConfigIssue[] = [];
  const defaultDemo = readMode(env, 'CHAIN_DATA_MODE', false, issues);
  const chains: JsonRpcChainSourceConfig['chains'] = {};
  for (const chain of CHAIN_NAMES) {
    const variable = rpcUrlVariable(chain);
    const rpcUrl = env[variable]?.trim();
    const demo = readMode(env, chainModeVariable(chain), defaultDemo, issues);
    if (!rpcUrl) continue;
    const problem = httpUrlProblem(rpcUrl);
    if (problem) issues.push({ field: variable, message: problem });
    else chains[chain] = { rpcUrl, demo };
  }
  const timeoutMs = readInteger(env, 'RPC_TIMEOUT_MS', { min: 100, max: 120_000 }, issues);
  const retryCount = readInteger(env, 'RPC_RETRY_COUNT', { min: 0, max: 10 }, issues);
  if (issues.length > 0) throw new ChainSourceConfigError(issues);
  return { chains, ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(retryCount === undefined ? {} : { retryCount }) };
}

function readInteger(env: Readonly<Record<string, string | undefined>>, variable: string, range: { min: number; max: number }, issues: ConfigIssue[]): number | undefined {
  const text = env[variable]?.trim();
  if (!text) return undefined;
  const value = Number(text);
  if (Number.isInteger(value) && value >= range.min && value <= range.max) return value;
  issues.push({ field: variable, message: `must be an integer from ${range.min} to ${range.max}` });
  return undefined;
}

function readMode(env: Readonly<Record<string, string | undefined>>, variable: string, fallback: boolean, issues: ConfigIssue[]): boolean {
  const value = env[variable]?.trim().toLowerCase();
  if (!value) return fallback;
  if (value === 'demo') return true;
  if (value === 'live') return false;
  issues.push({ field: variable, message: 'must be demo or live' });
  return fallback;
}

/** Why the value cannot be used as an http(s) endpoint URL (RPC or explorer), or null when it can. */
export function httpUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a valid URL';
  }
  if (url.protocol === 'ws:' || url.protocol === 'wss:') return 'must be an http(s) URL (WebSocket endpoints are not supported)';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http(s) URL';
  return null;
}

/** Checks a programmatic configuration; throws ChainSourceConfigError listing every problem. */
export function validateConfig(config: JsonRpcChainSourceConfig): void {
  const issues = configIssues(config);
  if (issues.length > 0) throw new ChainSourceConfigError(issues);
}

/** Every problem of a programmatic configuration; `prefix` names where it sits (e.g. "rpc."). */
export function configIssues(config: JsonRpcChainSourceConfig, prefix = ''): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const check = (field: string, value: number | undefined, min: number) => checkInteger(issues, `${prefix}${field}`, value, min);
  for (const [chain, endpoint] of Object.entries(config.chains ?? {})) {
    if (!isChainName(chain)) {
      issues.push({ field: `${prefix}chains.${chain}`, message: `is not a supported chain (supported: ${CHAIN_NAMES.join(', ')})` });
      continue;
    }
    if (endpoint === undefined) continue;
    const problem = typeof endpoint.rpcUrl === 'string' ? httpUrlProblem(endpoint.rpcUrl) : 'is required';
    if (problem) issues.push({ field: `${prefix}chains.${chain}.rpcUrl`, message: problem });
    check(`chains.${chain}.maxLogBlockRange`, endpoint.maxLogBlockRange, 1);
  }
  check('timeoutMs', config.timeoutMs, 1);
  check('maxConcurrency', config.maxConcurrency, 1);
  check('maxBatchSize', config.maxBatchSize, 1);
  check('retryCount', config.retryCount, 0);
  check('maxLogBlockRange', config.maxLogBlockRange, 1);
  check('maxCallsPerMulticall', config.maxCallsPerMulticall, 1);
  check('cacheMaxEntries', config.cacheMaxEntries, 1);
  check('headTtlMs', config.headTtlMs, 0);
  check('cacheConfirmations', config.cacheConfirmations, 0);
  return issues;
}

function checkInteger(issues: ConfigIssue[], field: string, value: number | undefined, min: number): void {
  if (value === undefined) return;
  if (!Number.isSafeInteger(value) || value < min) issues.push({ field, message: `must be an integer of at least ${min}` });
}
