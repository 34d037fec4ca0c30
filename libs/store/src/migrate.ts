import type { Database } from './database.js';
import { StoreError, isStoreError } from './errors.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';

/**
 * Applies the pending migrations in one transaction and returns their versions (empty when the schema is
 * current). A transaction-scoped advisory lock per schema makes API instances that start together take
 * turns: the first applies, the others then find nothing left to do.
 */
export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`paysight.migrations.${db.schema}`]);
    // Checked first because CREATE SCHEMA IF NOT EXISTS still demands CREATE rights when the schema exists.
    const schemaExists = await tx.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [db.schema]);
    if (schemaExists.length === 0) await tx.exec(`CREATE SCHEMA ${db.schema}`);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer PRIMARY KEY,
      name       text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => row.version));
    const pending = migrations.filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const sqlState = isStoreError(error) ? error.sqlState : undefined;
        throw new StoreError('migration_failed', `migration ${migration.version} (${migration.name}) failed: ${reason}`, { cause: error, sqlState });
      }
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
    return pending.map((migration) => migration.version);
  });
}
