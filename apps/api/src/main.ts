import { chainSourceConfigFromEnv, createJsonRpcChainSource } from '@paysight/chain-data';
import { loadApiConfig } from './config.js';
import { startApiService } from './compose.js';

/** Production entry point: configuration from the environment, clear messages when it is wrong. */
async function main(): Promise<void> {
  const config = loadApiConfig(process.env);
  const chainConfig = chainSourceConfigFromEnv(process.env);
  const chainSource = createJsonRpcChainSource(chainConfig);
  const service = await startApiService(config, chainSource, { baseRpcUrl: chainConfig.chains.base?.rpcUrl ?? '' });
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
