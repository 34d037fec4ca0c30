import type { NotaryStore, ObservationStore, PaymentIdentifierStore, PaymentLedger, ReportStore, Store } from '@paysight/contracts';
import type { Database } from './database.js';
import { StoreError } from './errors.js';
import { SqlPaymentLedger } from './ledger/sql-ledger.js';
import { migrate } from './migrate.js';
import { SqlNotaryStore } from './notary/sql-notary-store.js';
import { SqlObservationStore } from './observations/sql-observation-store.js';
import { SqlPaymentIdentifierStore } from './payment-ids/sql-payment-identifiers.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';
import { SqlReportStore } from './reports/sql-report-store.js';

export interface StoreConfig {
  /** PostgreSQL (postgres:// or postgresql://). When set, the store uses it and ignores dataDir. */
  databaseUrl?: string;
  /** Embedded PGlite data directory; 'memory://' keeps everything in memory. Default '.paysight/db'. */
  dataDir?: string;
  /** Schema holding the tables (created when missing); lower-case letters, digits and _. Default 'public'. */
  schema?: string;
}

export const DEFAULT_DATA_DIR = '.paysight/db';
export const DEFAULT_SCHEMA = 'public';

/** Opens the configured database and applies pending migrations before resolving. */
export async function openStore(config: StoreConfig): Promise<Store> {
  const schema = schemaName(config.schema ?? DEFAULT_SCHEMA);
  const db = config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl, schema)
    : await openPgliteDatabase(config.dataDir ?? DEFAULT_DATA_DIR, schema);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return new SqlStore(db);
}

/** The store over either driver; `db` is internal (tests use it to look beneath the ports). */
export class SqlStore implements Store {
  readonly ledger: PaymentLedger;
  readonly paymentIds: PaymentIdentifierStore;
  readonly reports: ReportStore;
  readonly observations: ObservationStore;
  readonly notary: NotaryStore;

  constructor(readonly db: Database) {
    this.ledger = new SqlPaymentLedger(db);
    this.paymentIds = new SqlPaymentIdentifierStore(db);
    this.reports = new SqlReportStore(db);
    this.observations = new SqlObservationStore(db);
    this.notary = new SqlNotaryStore(db);
  }

  get kind(): Store['kind'] {
    return this.db.kind;
  }

  async ping(): Promise<boolean> {
    try {
      await this.db.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

/** The name is written into SQL (search_path, CREATE SCHEMA), so only plain lower-case identifiers pass. */
function schemaName(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new StoreError('invalid_config', 'schema must be 1-63 lower-case letters, digits or _, not starting with a digit');
  }
  return schema;
}
