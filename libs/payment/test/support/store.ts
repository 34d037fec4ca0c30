import * as vm from 'node:vm';
import type { Store } from '@paysight/contracts';
import { openStore } from '@paysight/store';

/**
 * The ledger for integration tests: PostgreSQL when TEST_DATABASE_URL is set (schema payment_tests;
 * every test pays from a fresh wallet, so rows never collide), otherwise PGlite in memory.
 */
export function openTestStore(): Promise<Store> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (databaseUrl) return openStore({ databaseUrl, schema: 'payment_tests' });
  // PGlite's WASM loader calls import(), which jest's CommonJS sandbox only allows with this flag.
  if (typeof vm.SyntheticModule !== 'function') {
    throw new Error('PGlite needs NODE_OPTIONS=--experimental-vm-modules under jest; or set TEST_DATABASE_URL to use PostgreSQL');
  }
  return openStore({ dataDir: 'memory://' });
}
