import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const PAYEE_ROTATION_DECISIONS = ['record_issued', 'record_rejected', 'record_tampered', 'payee_authorized', 'payee_not_authorized'] as const;
export const PAYEE_STATUSES = ['new_payee_active', 'previous_payee_in_grace', 'previous_payee_expired', 'new_payee_premature', 'unrecognized'] as const;
export type PayeeStatus = (typeof PAYEE_STATUSES)[number];

const nullableHash = z.string().nullable();

/** The canonical facts record_id is the HASH of (design sheet §5). */
export const payeeRotationRecord = z.strictObject({
  v: z.literal('payee-rotation/v1'),
  seller_id_hash: z.string(),
  previous_payee_hash: z.string(),
  new_payee_hash: z.string(),
  rotation_evidence_hash: z.string(),
  listing_hash: nullableHash,
  effective_at: z.string().meta({ description: 'UTC, as Date.prototype.toISOString writes it.' }),
  chain_id: z.string().meta({ description: 'ND(chain_id).' }),
  currency: z.string(),
  rotation_sequence: z.int(),
  prior_record_id: nullableHash,
  announced_at: z.string().nullable(),
  grace_until: z.string().nullable(),
});
export type PayeeRotationRecord = z.infer<typeof payeeRotationRecord>;

export const payeeRotationCheck = z.strictObject({ check: z.string(), result: z.enum(['pass', 'warn', 'fail']), detail: z.string() });
export type PayeeRotationCheck = z.infer<typeof payeeRotationCheck>;

export const authorizedPayeeRotationNotaryResult = x402Result({
  decision: z.enum(PAYEE_ROTATION_DECISIONS),
  mode: z.enum(['create', 'verify']),
  record_id: z.string().meta({ description: 'HASH(record), recomputed from the facts sent.' }),
  record: payeeRotationRecord,
  checks: z.array(payeeRotationCheck).meta({ description: 'In the order the rules run.' }),
  payee_status: z.enum(PAYEE_STATUSES).nullable().meta({ description: 'Verify only (null on create and on a tampered record).' }),
  stored: z.literal(false).meta({ description: 'Nothing is stored: the record certifies itself. For a server timestamp, pass record_id as metadata_hash to x402-response-provenance-notary.' }),
});
