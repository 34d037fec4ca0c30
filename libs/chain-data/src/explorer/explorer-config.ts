import { CHAIN_NAMES, isChainName, type ChainName } from '@paysight/contracts';
import { ChainSourceConfigError, httpUrlProblem, type ConfigIssue } from '../config.js';

/** A block explorer speaking the Etherscan API v2 wire format (Etherscan itself, or the devnet's). */
export interface ExplorerConfig {
  /** Base URL, e.g. https://api.etherscan.io/v2/api. Never appears in errors. */
  url: string;
  /** Sent as `apikey`; never appears in errors. A local explorer needs none. */
  apiKey?: string;
  /** Chains to read history for; default all five. */
  chains?: ChainName[];
  /** Requests per second for this key, shared by every source using it. Default 5; a keyless local explorer is not limited unless this is set. */
  requestsPerSecond?: number;
  /** HTTP timeout of one request. Default 10000. */
  timeoutMs?: number;
  /** Records asked for per request (`offset`). Default 1000, the free tier's maximum. */
  pageSize?: number;
  /** page x offset may not exceed this. Default 10000, Etherscan's window. */
  resultWindow?: number;
  /** Wait before the one retry after a rate-limit answer. Default 1000. */
  rateLimitRetryDelayMs?: number;
}

export const EXPLORER_DEFAULTS = {
  url: 'https://api.etherscan.io/v2/api',
  requestsPerSecond: 5,
  timeoutMs: 10_000,
  pageSize: 1_000,
  resultWindow: 10_000,
  rateLimitRetryDelayMs: 1_000,
} as const;

/** Throws ChainSourceConfigError listing every problem; `prefix` names the config path (e.g. "explorer."). */
export function validateExplorerConfig(config: ExplorerConfig, prefix = ''): void {
  const issues = explorerConfigIssues(config, prefix);
  if (issues.length > 0) throw new ChainSourceConfigError(issues);
}

export function explorerConfigIssues(config: ExplorerConfig, prefix = ''): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const problem = typeof config.url === 'string' ? httpUrlProblem(config.url) : 'is required';
  if (problem) issues.push({ field: `${prefix}url`, message: problem });
  for (const chain of config.chains ?? []) {
    if (!isChainName(chain)) issues.push({ field: `${prefix}chains`, message: `"${String(chain).slice(0, 32)}" is not a supported chain (supported: ${CHAIN_NAMES.join(', ')})` });
  }
  const positive = (field: keyof ExplorerConfig, value: number | undefined, integer: boolean) => {
    if (value === undefined) return;
    if (!(value > 0) || !Number.isFinite(value) || (integer && !Number.isSafeInteger(value))) issues.push({ field: `${prefix}${field}`, message: `must be a positive ${integer ? 'integer' : 'number'}` });
  };
  positive('requestsPerSecond', config.requestsPerSecond, false);
  positive('timeoutMs', config.timeoutMs, true);
  positive('pageSize', config.pageSize, true);
  positive('resultWindow', config.resultWindow, true);
  if (config.rateLimitRetryDelayMs !== undefined && !(Number.isSafeInteger(config.rateLimitRetryDelayMs) && config.rateLimitRetryDelayMs >= 0)) {
    issues.push({ field: `${prefix}rateLimitRetryDelayMs`, message: 'must be an integer of at least 0' });
  }
  if ((config.pageSize ?? EXPLORER_DEFAULTS.pageSize) > (config.resultWindow ?? EXPLORER_DEFAULTS.resultWindow)) {
    issues.push({ field: `${prefix}pageSize`, message: 'must not exceed resultWindow' });
  }
  return issues;
}
