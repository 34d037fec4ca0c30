import type { Migration } from './migration.js';

/**
 * The answer served for a settled payment, kept so that the same payment presented again gets it
 * again (replay) until the retention prune sets it back to null; `result_hash` stays for good.
 * json, not jsonb: it keeps the text as served (key order included), so a replay is byte for byte the answer.
 * The partial index serves the prune, which looks only at rows still holding a result.
 */
export const paidResults: Migration = {
  version: 3,
  name: 'paid_results',
  sql: `
ALTER TABLE payment_ledger ADD COLUMN result_json json;
CREATE INDEX payment_ledger_kept_results_idx ON payment_ledger (updated_at) WHERE result_json IS NOT NULL;
`,
};
