/** The little SQL surface the store needs, implemented once per driver (PGlite, pg). */
export interface Queryable {
  /** One statement with $1.. parameters; returns its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** One or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Schema every unqualified name resolves to (the connection's search_path). */
  readonly schema: string;
  /** Runs `work` in one transaction on one connection: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Releases every connection or handle; calling it again does nothing. */
  close(): Promise<void>;
}
