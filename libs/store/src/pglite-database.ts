import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.js';
import { withStoreErrors } from './errors.js';

const IN_MEMORY = 'memory://';

/** Embedded PostgreSQL (WASM) in this process: on disk under `dataDir`, or in memory for `memory://`. */
export async function openPgliteDatabase(dataDir: string, schema: string): Promise<Database> {
  const pglite = await withStoreErrors(async () => {
    const location = dataDir === IN_MEMORY ? IN_MEMORY : resolve(dataDir);
    if (location !== IN_MEMORY) await mkdir(location, { recursive: true });
    const instance = await PGlite.create(location);
    // One embedded session serves every query, so setting the search_path once covers them all.
    await instance.exec(`SET search_path TO ${schema}`);
    return instance;
  });
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    schema,
    ...queryable(pglite),
    transaction: (work) => withStoreErrors(() => pglite.transaction((tx) => work(queryable(tx)))),
    close: () => (closing ??= withStoreErrors(() => pglite.close())),
  };
}

function queryable(target: PGlite | Transaction): Queryable {
  return {
    query: <Row>(sql: string, params: readonly unknown[] = []) => withStoreErrors(async () => (await target.query<Row>(sql, [...params])).rows),
    exec: (sql) => withStoreErrors(async () => void (await target.exec(sql))),
  };
}
