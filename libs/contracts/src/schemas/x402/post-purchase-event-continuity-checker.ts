import { z } from 'zod';
import { PURCHASE_EVENT_TYPES } from '../../x402/lifecycle-grammar.js';
import { x402AsOfSeconds, x402Atomic, x402UnixSeconds } from '../../x402/request-rules.js';

/** Bounds of x402-post-purchase-event-continuity-checker's request (design §43; docs/tools/x402/post-purchase-event-continuity-checker.md). */
export const CONTINUITY_LIMITS = { purchases: 100, events: 5000, id: 128, defaultDeadlineSeconds: 86_400, maxDeadlineSeconds: 31_536_000 } as const;

const id = z.string().min(1).max(CONTINUITY_LIMITS.id);

export const postPurchaseEventContinuityCheckerRequest = z.strictObject({
  purchases: z
    .array(
      z.strictObject({
        purchase_id: id,
        paid_at: x402UnixSeconds.meta({ description: 'When the purchase was paid (unix seconds).' }),
        amount_atomic: x402Atomic.optional().meta({ description: 'What was paid, in the asset\'s smallest unit; refunds are checked against it.' }),
      }),
    )
    .min(1)
    .max(CONTINUITY_LIMITS.purchases)
    .refine((purchases) => new Set(purchases.map((p) => p.purchase_id)).size === purchases.length, { message: 'purchase_id must be unique' }),
  events: z
    .array(
      z.strictObject({
        event_id: id,
        purchase_id: id,
        type: z.enum(PURCHASE_EVENT_TYPES),
        at: x402UnixSeconds.meta({ description: 'When the event happened (unix seconds).' }),
        sequence: z.int().min(0).max(Number.MAX_SAFE_INTEGER).optional().meta({ description: 'The emitter\'s sequence number within the purchase.' }),
        amount_atomic: x402Atomic.optional().meta({ description: 'The amount of a refund or payment event, atomic.' }),
      }),
    )
    .min(1)
    .max(CONTINUITY_LIMITS.events),
  fulfilment_deadline_seconds: z.int().min(1).max(CONTINUITY_LIMITS.maxDeadlineSeconds).default(CONTINUITY_LIMITS.defaultDeadlineSeconds),
  as_of: x402AsOfSeconds.optional().meta({ description: 'Now, in unix seconds like the event times; the request time when absent (echoed in metadata.as_of).' }),
});
