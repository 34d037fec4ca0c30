import type { Migration } from './migration.js';

/**
 * The signed receipt of a settled payment (the settle response's `extensions`: the offer-receipt
 * receipt and Paysight's delivery binding), kept so that a replay gives the very same receipt, the
 * same `issuedAt` and signature. Never pruned: it is small and names only the hash of the answer.
 */
export const signedReceipts: Migration = {
  version: 6,
  name: 'signed_receipts',
  sql: `ALTER TABLE payment_ledger ADD COLUMN signed_receipt json;`,
};
