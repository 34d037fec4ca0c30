import { ChainSourceConfigError, compositeChainSourceConfigFromEnv, createChainSource, type ChainSourceConfig } from '@paysight/chain-data';
import { ConfigError, loadApiConfig, type ApiConfig } from './config.js';
import { startApiService } from './compose.js';

/** Reads the API's and the chain sources' settings together, so every problem is reported at once. */
function configuration(env: NodeJS.ProcessEnv): { api: ApiConfig; chains: ChainSourceConfig } {
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
  return { api, chains };
}

/** Production entry point: configuration from the environment, clear messages when it is wrong. */
async function main(): Promise<void> {
  const config = configuration(process.env);
  const chainSource = createChainSource(config.chains);
  const service = await startApiService(config.api, chainSource, { baseRpcUrl: config.chains.rpc.chains.base!.rpcUrl });
  console.log(JSON.stringify({ event: 'listening', url: service.url, publicBaseUrl: service.publicBaseUrl, store: service.store.kind, chains: chainSource.chains() }));
  const stop = () => {
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
