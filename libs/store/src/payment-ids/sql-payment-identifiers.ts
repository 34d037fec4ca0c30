import type { BindOutcome, PaymentIdBinding, PaymentIdBindingInput, PaymentIdentifierStore } from '@paysight/contracts';
import { type Address, getAddress } from 'viem';
import type { Queryable } from '../database.js';
import { StoreError } from '../errors.js';

interface BindingRow {
  payer: string;
  payment_id: string;
  request_fingerprint: string;
  x402_request_id: string;
  created_at: Date;
  updated_at: Date;
}

const toBinding = (row: BindingRow): PaymentIdBinding => ({
  payer: getAddress(row.payer),
  paymentId: row.payment_id,
  requestFingerprint: row.request_fingerprint,
  x402RequestId: row.x402_request_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The format of the x402 payment-identifier extension: 16-128 characters of [A-Za-z0-9_-]. */
const PAYMENT_ID = /^[A-Za-z0-9_-]{16,128}$/;

function payerKey(payer: Address): string {
  if (typeof payer !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(payer)) throw new StoreError('invalid_input', 'payer must be a 0x-prefixed 20-byte EVM address');
  return payer.toLowerCase();
}

function paymentIdKey(paymentId: string): string {
  if (typeof paymentId !== 'string' || !PAYMENT_ID.test(paymentId)) throw new StoreError('invalid_input', 'paymentId must be 16-128 characters of letters, digits, _ and -');
  return paymentId;
}

function nonEmpty(field: string, value: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new StoreError('invalid_input', `${field} must be a non-empty string`);
  return value;
}

/**
 * Two statements, not one: when a concurrent bind inserts the same key, ON CONFLICT DO NOTHING waits
 * for it and then inserts nothing, and only a statement started after that sees the winner's row.
 */
export class SqlPaymentIdentifierStore implements PaymentIdentifierStore {
  constructor(private readonly db: Queryable) {}

  async get(payer: Address, paymentId: string): Promise<PaymentIdBinding | null> {
    const [row] = await this.db.query<BindingRow>('SELECT * FROM payment_identifiers WHERE payer = $1 AND payment_id = $2', [payerKey(payer), paymentIdKey(paymentId)]);
    return row ? toBinding(row) : null;
  }

  async bind(binding: PaymentIdBindingInput): Promise<BindOutcome> {
    const params = [payerKey(binding.payer), paymentIdKey(binding.paymentId), nonEmpty('requestFingerprint', binding.requestFingerprint), nonEmpty('x402RequestId', binding.x402RequestId)];
    const [inserted] = await this.db.query<BindingRow>(
      `INSERT INTO payment_identifiers (payer, payment_id, request_fingerprint, x402_request_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (payer, payment_id) DO NOTHING RETURNING *`,
      params,
    );
    if (inserted) return { bound: true, binding: toBinding(inserted) };
    const existing = await this.get(binding.payer, binding.paymentId);
    if (!existing) throw new StoreError('query_failed', `payment identifier ${binding.paymentId} neither bound nor found`);
    return { bound: false, existing };
  }

  async rebind(payer: Address, paymentId: string, from: string, to: string): Promise<PaymentIdBinding | null> {
    const [row] = await this.db.query<BindingRow>(
      `UPDATE payment_identifiers SET x402_request_id = $4, updated_at = now()
        WHERE payer = $1 AND payment_id = $2 AND x402_request_id = $3 RETURNING *`,
      [payerKey(payer), paymentIdKey(paymentId), nonEmpty('from', from), nonEmpty('to', to)],
    );
    return row ? toBinding(row) : null;
  }
}
