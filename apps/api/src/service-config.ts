import { ChainSourceConfigError, compositeChainSourceConfigFromEnv, type ChainSourceConfig } from '@paysight/chain-data';
import { ConfigError, loadApiConfig, type ApiConfig } from './config.js';

export interface ServiceConfiguration {
  api: ApiConfig;
  chains: ChainSourceConfig;
  /** JSON-RPC of Base, where payments settle and are reconciled. */
  baseRpcUrl: string;
}

/** Reads the API's and the chain sources' settings together, so every problem is reported at once. */
export function loadServiceConfiguration(env: NodeJS.ProcessEnv): ServiceConfiguration {
  const problems: string[] = [];
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (error instanceof ConfigError) problems.push(...error.problems);
      else if (error instanceof ChainSourceConfigError) problems.push(...error.issues.map((i) => `${i.field}: ${i.message}`));
      else throw error;
      return undefined;
    }
  };
  const api = attempt(() => loadApiConfig(env));
  const chains = attempt(() => compositeChainSourceConfigFromEnv(env));
  if (chains && !chains.rpc.chains.base) problems.push('RPC_URL_BASE: is required: payments settle on Base and are reconciled there');
  if (!api || !chains || problems.length) throw new ConfigError(problems);
  return { api, chains, baseRpcUrl: chains.rpc.chains.base!.rpcUrl };
}

