import { createChainSource } from '@paysight/chain-data';
import { startApiService } from './compose.js';
import { loadServiceConfiguration } from './service-config.js';

/** Production entry point: configuration from the environment, clear messages when it is wrong. */
async function main(): Promise<void> {
  const config = loadServiceConfiguration(process.env);
  const chainSource = createChainSource(config.chains);
  const service = await startApiService(config.api, chainSource, { baseRpcUrl: config.baseRpcUrl });
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
