import { chainSourceConfigFromEnv, ChainSourceConfigError, httpUrlProblem, type ConfigIssue } from './config.js';
import { createChainSource, type ChainSourceConfig, type CompositeChainSource } from './composite-chain-source.js';
import { isLoopbackUrl } from './explorer/etherscan-explorer.js';
import { EXPLORER_DEFAULTS, type ExplorerConfig } from './explorer/explorer-config.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The configuration of `createChainSource` from the environment: the RPC variables of
 * `chainSourceConfigFromEnv`, plus EXPLORER_API_URL (default Etherscan's v2 endpoint) and
 * EXPLORER_API_KEY. Without a key there is no explorer, unless the URL is a local one (the devnet's
 * explorer needs no key). Throws ChainSourceConfigError naming every bad variable.
 */
export function compositeChainSourceConfigFromEnv(env: Env): ChainSourceConfig {
  const issues: ConfigIssue[] = [];
  let rpc: ChainSourceConfig['rpc'] = { chains: {} };
  try {
    rpc = chainSourceConfigFromEnv(env);
  } catch (error) {
    if (!(error instanceof ChainSourceConfigError)) throw error;
    issues.push(...error.issues);
  }
  const explorer = explorerFromEnv(env, issues);
  if (issues.length > 0) throw new ChainSourceConfigError(issues);
  return explorer ? { rpc, explorer } : { rpc };
}

/** A ChainSource configured from the environment (see compositeChainSourceConfigFromEnv). */
export function chainSourceFromEnv(env: Env): CompositeChainSource {
  return createChainSource(compositeChainSourceConfigFromEnv(env));
}

function explorerFromEnv(env: Env, issues: ConfigIssue[]): ExplorerConfig | undefined {
  const url = env.EXPLORER_API_URL?.trim() || EXPLORER_DEFAULTS.url;
  const apiKey = env.EXPLORER_API_KEY?.trim() || undefined;
  const problem = httpUrlProblem(url);
  if (problem) {
    issues.push({ field: 'EXPLORER_API_URL', message: problem });
    return undefined;
  }
  if (!apiKey && !isLoopbackUrl(url)) return undefined;
  return apiKey ? { url, apiKey } : { url };
}
