/** One forward-only step of the schema. Never edit a migration once released: add the next one. */
export interface Migration {
  /** 1, 2, 3, ... in the order they apply. */
  readonly version: number;
  readonly name: string;
  /** Statements run in the migration transaction, against the store's schema (search_path). */
  readonly sql: string;
}
