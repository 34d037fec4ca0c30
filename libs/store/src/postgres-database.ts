import pg from 'pg';
import type { Database, Queryable } from './database.js';
import { StoreError, toStoreError, withStoreErrors } from './errors.js';

/** How long to wait for a connection before reporting the database unavailable. */
const CONNECT_TIMEOUT_MS = 10_000;

/** A PostgreSQL server through a pg connection pool; many API instances may share the database. */
export function openPostgresDatabase(databaseUrl: string, schema: string): Database {
  assertPostgresUrl(databaseUrl);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Every pooled connection starts with the schema as its search_path.
    options: `-c search_path=${schema}`,
  });
  // An idle connection that dies is dropped by the pool; the next query reports the failure to its caller.
  pool.on('error', () => undefined);
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    schema,
    ...queryable(pool),
    transaction: (work) => inTransaction(pool, work),
    close: () => (closing ??= withStoreErrors(() => pool.end())),
  };
}

/** Refuses anything but postgres:// and postgresql:// URLs without echoing the URL (it may hold a password). */
function assertPostgresUrl(databaseUrl: string): void {
  let protocol: string;
  try {
    protocol = new URL(databaseUrl).protocol;
  } catch {
    throw new StoreError('invalid_config', 'databaseUrl is not a valid URL');
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new StoreError('invalid_config', `databaseUrl must use postgres:// or postgresql://, not ${protocol}//`);
  }
}

async function inTransaction<T>(pool: pg.Pool, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await withStoreErrors(() => pool.connect());
  const tx = queryable(client);
  try {
    await tx.exec('BEGIN');
    const result = await work(tx);
    await tx.exec('COMMIT');
    client.release();
    return result;
  } catch (error) {
    // A connection that cannot even roll back is broken: destroy it instead of returning it to the pool.
    const rollbackError = await client.query('ROLLBACK').then(
      () => undefined,
      (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
    );
    client.release(rollbackError);
    throw toStoreError(error);
  }
}

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: <Row>(sql: string, params: readonly unknown[] = []) => withStoreErrors(async () => (await target.query(sql, [...params])).rows as Row[]),
    exec: (sql) => withStoreErrors(async () => void (await target.query(sql))),
  };
}
