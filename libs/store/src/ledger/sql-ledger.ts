import type { ClaimOutcome, LedgerClaim, LedgerEntry, LedgerGuard, LedgerListOptions, LedgerPatch, LedgerState, PaymentLedger } from '@paysight/contracts';
import type { Queryable } from '../database.js';
import { StoreError, isStoreError } from '../errors.js';
import { ledgerState, patchColumns, storedClaim, toEntry, type LedgerRow } from './rows.js';

export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;
export const MAX_PRUNE_LIMIT = 10_000;

/** Refuses (invalid_input) a prune batch that is not an integer from 1 to MAX_PRUNE_LIMIT. */
export function requirePruneLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PRUNE_LIMIT) throw new StoreError('invalid_input', `limit must be an integer from 1 to ${MAX_PRUNE_LIMIT}`);
}

const CLAIMED: LedgerState = 'claimed';
const RELEASED: LedgerState = 'released';

/**
 * One statement: insert a claimed row, or re-claim the row of the same payment if it was released;
 * when neither happened, the second half returns the existing row untouched.
 */
const CLAIM_SQL = `
WITH claimed AS (
  INSERT INTO payment_ledger (x402_request_id, request_id, tool_id, network, asset, payer, pay_to, nonce, amount,
                              protocol_version, request_fingerprint, state, valid_before, signature_hash)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $14::numeric, $15)
  ON CONFLICT ON CONSTRAINT payment_ledger_payment_key DO UPDATE
    SET state = EXCLUDED.state, request_id = EXCLUDED.request_id, error_code = NULL, valid_before = EXCLUDED.valid_before,
        attempts = payment_ledger.attempts + 1, updated_at = now()
    WHERE payment_ledger.state = $13
  RETURNING *
)
SELECT true AS claimed, * FROM claimed
UNION ALL
SELECT false AS claimed, * FROM payment_ledger
 WHERE network = $4 AND asset = $5 AND payer = $6 AND nonce = $8 AND NOT EXISTS (SELECT 1 FROM claimed)`;

/**
 * PostgreSQL reads the existing row with the statement's snapshot: when a concurrent claim commits the
 * row after that snapshot, the statement neither claims nor sees it. Running it again sees it.
 * So does a claim that waited on a concurrent claim of a released row: it takes nothing and reads the
 * row as released, its snapshot's version. Likewise when two claims race to insert: ON CONFLICT arbitrates on the payment key, but the loser
 * may hit the primary key (the x402 request id, derived from the same payment) first and get a unique
 * violation instead; the next round finds the winner's row.
 */
const CLAIM_ROUNDS = 3;
const UNIQUE_VIOLATION = '23505';

function validDate(name: string, value: Date): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new StoreError('invalid_input', `${name} must be a valid date`);
  return value;
}

export class SqlPaymentLedger implements PaymentLedger {
  constructor(private readonly db: Queryable) {}

  async claim(claim: LedgerClaim): Promise<ClaimOutcome> {
    const c = storedClaim(claim);
    const params = [c.x402RequestId, c.requestId, c.toolId, c.network, c.asset, c.payer, c.payTo, c.nonce, c.amount, c.protocolVersion, c.requestFingerprint, CLAIMED, RELEASED, c.validBefore, c.signatureHash];
    let collision: StoreError | undefined;
    for (let round = 0; round < CLAIM_ROUNDS; round++) {
      let rows: (LedgerRow & { claimed: boolean })[];
      try {
        rows = await this.db.query<LedgerRow & { claimed: boolean }>(CLAIM_SQL, params);
      } catch (error) {
        if (!isStoreError(error) || error.sqlState !== UNIQUE_VIOLATION) throw error;
        collision = error;
        continue;
      }
      const [row] = rows;
      // Not taken, yet read as released: the statement waited for a concurrent claim that took the row,
      // then read it from its own snapshot, from before that claim. The next round reads it as it is.
      if (row && !row.claimed && row.state === RELEASED) continue;
      if (row) return row.claimed ? { claimed: true, entry: toEntry(row) } : { claimed: false, existing: toEntry(row) };
    }
    // Every round collided: the id belongs to another payment, not to a concurrent claim of this one.
    if (collision) throw collision;
    throw new StoreError('query_failed', `claim of ${c.x402RequestId} neither claimed nor found its payment after ${CLAIM_ROUNDS} rounds`);
  }

  async transition(x402RequestId: string, from: readonly LedgerState[], to: LedgerState, patch: LedgerPatch = {}, guard: LedgerGuard = {}): Promise<LedgerEntry | null> {
    const target = ledgerState('to', to);
    const sources = from.map((state) => ledgerState('from', state));
    const columns = patchColumns(patch);
    if (sources.length === 0) return null;
    const params: unknown[] = [target, x402RequestId];
    const assignments = columns.map(([column, value, cast = '']) => `, ${column} = $${params.push(value)}${cast}`).join('');
    const conditions = [`state IN (${sources.map((state) => `$${params.push(state)}`).join(', ')})`];
    if (guard.requestId !== undefined) conditions.push(`request_id = $${params.push(guard.requestId)}`);
    if (guard.updatedBefore !== undefined) conditions.push(`updated_at < $${params.push(validDate('updatedBefore', guard.updatedBefore))}`);
    const [row] = await this.db.query<LedgerRow>(
      `UPDATE payment_ledger SET state = $1, updated_at = now()${assignments}
        WHERE x402_request_id = $2 AND ${conditions.join(' AND ')} RETURNING *`,
      params,
    );
    return row ? toEntry(row) : null;
  }

  async get(x402RequestId: string): Promise<LedgerEntry | null> {
    const [row] = await this.db.query<LedgerRow>('SELECT * FROM payment_ledger WHERE x402_request_id = $1', [x402RequestId]);
    return row ? toEntry(row) : null;
  }

  async list(options: LedgerListOptions = {}): Promise<LedgerEntry[]> {
    const limit = options.limit ?? DEFAULT_LIST_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
      throw new StoreError('invalid_input', `limit must be an integer from 1 to ${MAX_LIST_LIMIT}`);
    }
    const { updatedBefore } = options;
    if (updatedBefore !== undefined) validDate('updatedBefore', updatedBefore);
    const params: unknown[] = [];
    const conditions: string[] = [];
    if (options.state !== undefined) conditions.push(`state = $${params.push(ledgerState('state', options.state))}`);
    if (updatedBefore !== undefined) conditions.push(`updated_at < $${params.push(updatedBefore)}`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const order = options.order === 'leastRecentlyUpdated' ? 'ORDER BY updated_at, seq' : 'ORDER BY created_at DESC, seq DESC';
    const rows = await this.db.query<LedgerRow>(`SELECT * FROM payment_ledger ${where} ${order} LIMIT $${params.push(limit)}`, params);
    return rows.map(toEntry);
  }

  async pruneResults(before: Date, limit: number): Promise<number> {
    validDate('before', before);
    requirePruneLimit(limit);
    // SKIP LOCKED: instances pruning together take different rows instead of waiting on each other.
    const rows = await this.db.query(
      `UPDATE payment_ledger SET result_json = NULL
        WHERE x402_request_id IN (SELECT x402_request_id FROM payment_ledger
                                   WHERE result_json IS NOT NULL AND updated_at < $1
                                   ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING x402_request_id`,
      [before, limit],
    );
    return rows.length;
  }
}
