// @paysight/testkit/api: an API under test on the shared stack. This entry loads the API (through
// @paysight/stack/api); library tests use @paysight/testkit, which does not.
import type { ChainSource, Store } from '@paysight/contracts';
import { freshAccount } from '@paysight/devnet';
import { startStackApi, type ApiService, type StackApiOptions } from '@paysight/stack/api';
import type { Address } from 'viem';
import { devnetChainSource, openTestStore } from './services.js';
import { readTestStack } from './stack.js';

export interface TestApi extends ApiService {
  /** A payee of its own, so balance checks never see another test's payments. */
  payTo: Address;
}

/** The real API service on an ephemeral port, paying into a fresh payee (or `payTo`, for a second instance of one service), on the shared chains and facilitator. */
export type TestApiOptions = { facilitatorUrl?: string; store?: Store; chainSource?: ChainSource; payTo?: Address } & Pick<
  StackApiOptions,
  'ai' | 'agentDiscovery' | 'mcpTrustTools' | 'facilitatorTimeoutMs' | 'facilitatorSettleTimeoutMs' | 'facilitatorBreaker' | 'reconcile' | 'requirePaymentIdentifier'
>;

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const payTo = options.payTo ?? freshAccount().address;
  const store = options.store ?? (await openTestStore());
  const service = await startStackApi(readTestStack(), {
    payTo,
    store,
    facilitatorUrl: options.facilitatorUrl,
    facilitatorTimeoutMs: options.facilitatorTimeoutMs ?? 5_000,
    facilitatorSettleTimeoutMs: options.facilitatorSettleTimeoutMs,
    facilitatorBreaker: options.facilitatorBreaker,
    reconcile: options.reconcile,
    chainSource: options.chainSource ?? devnetChainSource(),
    ai: options.ai ?? null,
    agentDiscovery: options.agentDiscovery,
    mcpTrustTools: options.mcpTrustTools,
    requirePaymentIdentifier: options.requirePaymentIdentifier,
  });
  return {
    ...service,
    payTo,
    close: async () => {
      await service.close();
      if (!options.store) await store.close();
    },
  };
}
