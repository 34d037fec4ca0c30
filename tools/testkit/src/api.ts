import { apiConfig, startApiService, type ApiConfig, type ApiService } from '@paysight/api';
import type { ChainSource, Store } from '@paysight/contracts';
import { freshAccount } from '@paysight/devnet';
import type { Address } from 'viem';
import { devnetChainSource, openTestStore } from './services.js';
import { readTestStack } from './stack.js';

export interface TestApi extends ApiService {
  /** A payee of its own, so balance checks never see another test's payments. */
  payTo: Address;
}

/** The real API service on an ephemeral port, paying into a fresh payee, on the shared chains and facilitator. */
export async function startTestApi(options: { facilitatorUrl?: string; store?: Store; chainSource?: ChainSource; ai?: ApiConfig['ai'] } = {}): Promise<TestApi> {
  const stack = readTestStack();
  const payTo = freshAccount().address;
  const store = options.store ?? (await openTestStore());
  const service = await startApiService(
    apiConfig({ payTo, facilitatorUrl: options.facilitatorUrl ?? stack.facilitatorUrl, facilitatorTimeoutMs: 5_000, ai: options.ai ?? null }),
    options.chainSource ?? devnetChainSource(),
    { baseRpcUrl: stack.devnet.chains.base.rpcUrl, store },
  );
  return {
    ...service,
    payTo,
    close: async () => {
      await service.close();
      if (!options.store) await store.close();
    },
  };
}
