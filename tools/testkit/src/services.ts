import { randomBytes } from 'node:crypto';
import type { CompositeChainSource } from '@paysight/chain-data';
import type { Store } from '@paysight/contracts';
import { createDevnetChainSource } from '@paysight/devnet';
import { openStore } from '@paysight/store';
import pg from 'pg';
import { readTestStack } from './stack.js';

/**
 * The shared devnet as a ChainSource, labelled Demo, failing fast (no retries), with address
 * history from the devnet's own explorer (`explorer: false` leaves it out, as without an indexer).
 */
export function devnetChainSource(options: { retryCount?: number; explorer?: boolean } = {}): CompositeChainSource {
  return createDevnetChainSource(readTestStack().devnet, { retryCount: options.retryCount ?? 0, explorer: options.explorer });
}

/**
 * A store of its own for one test file: a fresh schema on the PostgreSQL server when
 * TEST_DATABASE_URL is set (dropped on close), otherwise an in-memory PGlite.
 */
export async function openTestStore(): Promise<Store> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) return openStore({ dataDir: 'memory://' });
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const store = await openStore({ databaseUrl, schema });
  return {
    kind: store.kind,
    ledger: store.ledger,
    paymentIds: store.paymentIds,
    reports: store.reports,
    observations: store.observations,
    notary: store.notary,
    ping: () => store.ping(),
    close: async () => {
      await store.close();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}
