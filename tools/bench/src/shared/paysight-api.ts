import type { PaymentLedger, Store } from '@paysight/contracts';
import { createDevnetChainSource, freshAccount } from '@paysight/devnet';
import type { LocalServicesInfo } from '@paysight/stack';
import { startStackApi, type ApiService } from '@paysight/stack/api';
import { openStore } from '@paysight/store';
import type { Address } from 'viem';

export interface PaysightApi {
  api: ApiService;
  /** The payee of every offer. */
  payTo: Address;
  close(): Promise<void>;
}

export interface PaysightApiOptions {
  /** Wraps the ledger the API uses (to time its calls). */
  ledger?: (ledger: PaymentLedger) => PaymentLedger;
}

/**
 * The real API service (startApiService, as in production) on the local services: the devnet's
 * chains without an explorer (no indexer), its facilitator over HTTP, an in-memory ledger (PGlite)
 * and a fresh payee.
 */
export async function startPaysightApi(services: LocalServicesInfo, options: PaysightApiOptions = {}): Promise<PaysightApi> {
  const payTo = freshAccount().address;
  const opened = await openStore({ dataDir: 'memory://' });
  const store: Store = options.ledger
    ? { kind: opened.kind, ledger: options.ledger(opened.ledger), paymentIds: opened.paymentIds, reports: opened.reports, observations: opened.observations, notary: opened.notary, ping: () => opened.ping(), close: () => opened.close() }
    : opened;
  const api = await startStackApi(services, {
    payTo,
    store,
    facilitatorTimeoutMs: 5_000,
    chainSource: createDevnetChainSource(services.devnet, { explorer: false }),
  });
  return {
    api,
    payTo,
    close: async () => {
      await api.close();
      await store.close();
    },
  };
}
