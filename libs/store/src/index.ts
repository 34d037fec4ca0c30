export { openStore, DEFAULT_DATA_DIR, DEFAULT_SCHEMA, type StoreConfig } from './store.js';
export { StoreError, isStoreError, type StoreErrorCode } from './errors.js';
export { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from './ledger/sql-ledger.js';
export { MAX_REPORT_DOCUMENT_BYTES } from './reports/sql-report-store.js';
