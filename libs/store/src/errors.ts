/**
 * - invalid_config: the StoreConfig cannot be used (bad schema name, not a PostgreSQL URL).
 * - invalid_input: a value the ledger or the database refused (bad address, state, limit, constraint).
 * - unavailable: the database cannot be reached or opened, or the store is closed.
 * - migration_failed: a migration failed; its transaction was rolled back.
 * - query_failed: any other database error.
 */
export type StoreErrorCode = 'invalid_config' | 'invalid_input' | 'unavailable' | 'migration_failed' | 'query_failed';

export class StoreError extends Error {
  override readonly name = 'StoreError';
  /** PostgreSQL SQLSTATE of the underlying server error, when there was one. */
  readonly sqlState: string | undefined;

  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown; sqlState?: string },
  ) {
    super(message, options);
    this.sqlState = options?.sqlState;
  }
}

/** Refuses (invalid_input) anything but a valid Date. */
export function requireValidDate(field: string, value: unknown): void {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new StoreError('invalid_input', `${field} must be a valid date`);
}

export function isStoreError(error: unknown): error is StoreError {
  return error instanceof Error && error.name === 'StoreError';
}

/** SQLSTATE classes that mean the server cannot serve us right now (connection, resources, shutdown, system). */
const UNAVAILABLE_CLASSES = new Set(['08', '53', '57', '58']);
/** Data exceptions and integrity constraint violations: the values were refused. */
const INVALID_INPUT_CLASSES = new Set(['22', '23']);

/** Turns whatever a driver threw into a StoreError. Driver messages name hosts and constraints, never passwords. */
export function toStoreError(error: unknown): StoreError {
  if (isStoreError(error)) return error;
  const message = messageOf(error);
  const sqlState = serverSqlState(error);
  if (sqlState === undefined) {
    // No server answer at all: connection refused or reset, timeout, or a closed pool / PGlite instance.
    return new StoreError('unavailable', `database unavailable: ${message}`, { cause: error });
  }
  const sqlClass = sqlState.slice(0, 2);
  const code = UNAVAILABLE_CLASSES.has(sqlClass) ? 'unavailable' : INVALID_INPUT_CLASSES.has(sqlClass) ? 'invalid_input' : 'query_failed';
  return new StoreError(code, `database error ${sqlState}: ${message}`, { cause: error, sqlState });
}

// Duck-typed rather than `instanceof Error`: Node's socket errors may come from another realm (jest's sandbox).
function messageOf(error: unknown): string {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : String(error);
}

/** Both pg and PGlite report server errors with a SQLSTATE `code` and a `severity`; socket errors have neither pair. */
function serverSqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('severity' in error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Runs a driver call, reporting any failure as a StoreError. */
export async function withStoreErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toStoreError(error);
  }
}
