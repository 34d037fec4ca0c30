import type { Migration } from './migration.js';

/**
 * Payments whose settlement the facilitator could not confirm wait in `settle_pending` until the
 * reconciler finds them on chain (settled) or sees them unused past `valid_before` (settle_failed).
 * `valid_before` (unix seconds of the EIP-3009 authorization) is what makes "nothing can move any
 * more" decidable. The partial index serves the reconciler, which looks only at pending rows.
 */
export const settlePending: Migration = {
  version: 4,
  name: 'settle_pending',
  sql: `
ALTER TABLE payment_ledger ADD COLUMN valid_before numeric(78, 0) CHECK (valid_before >= 0);
ALTER TABLE payment_ledger DROP CONSTRAINT payment_ledger_state_check;
ALTER TABLE payment_ledger ADD CONSTRAINT payment_ledger_state_check
  CHECK (state IN ('claimed', 'settling', 'settled', 'settle_failed', 'released', 'settle_pending'));
CREATE INDEX payment_ledger_pending_idx ON payment_ledger (updated_at) WHERE state = 'settle_pending';
`,
};
