import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const PURCHASE_RECONCILER_DECISIONS = ['incomplete_evidence', 'discrepancy', 'reconciled'] as const;
/** Exception kinds, in the order exceptions are listed. */
export const PURCHASE_EXCEPTION_KINDS = ['orphan_payment', 'paid_not_delivered', 'delivered_unsettled', 'duplicate_purchase', 'unfulfilled_intent'] as const;
export const PURCHASE_CHAIN_STATUSES = ['fulfilled', 'undelivered', 'unsettled', 'over_used', 'unfulfilled'] as const;

const atomic = z.string().regex(/^\d+$/).meta({ examples: ['10000'] });

export const autonomousPurchaseIntentToReceiptReconcilerResult = x402Result({
  decision: z.enum(PURCHASE_RECONCILER_DECISIONS),
  chains: z
    .array(z.strictObject({ intent_id: z.string(), payment_ids: z.array(z.string()), status: z.enum(PURCHASE_CHAIN_STATUSES) }))
    .meta({ description: 'One per intent, in input order; payment_ids in the order they were matched (authorized_at).' }),
  exceptions: z
    .array(z.strictObject({ kind: z.enum(PURCHASE_EXCEPTION_KINDS), ref: z.string(), detail: z.string() }))
    .meta({ description: 'Sorted by kind (the order of PURCHASE_EXCEPTION_KINDS), then input order of the intent or payment.' }),
  totals: z.strictObject({ authorized_atomic: atomic, settled_atomic: atomic, delivered_value_atomic: atomic, orphan_value_atomic: atomic }),
});
