import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const AP2_AUDIT_DECISIONS = ['invalid_mandate', 'unbounded', 'gaps_found', 'bounded'] as const;
/** The seven constraint dimensions, in the sheet's order (the order of gaps with equal severity). */
export const AP2_AUDIT_DIMENSIONS = ['merchant', 'item', 'amount', 'currency', 'time', 'refundability', 'human_confirmation'] as const;
export type Ap2AuditDimension = (typeof AP2_AUDIT_DIMENSIONS)[number];
export const AP2_AUDIT_RATINGS = ['bounded', 'loose', 'unbounded'] as const;
export type Ap2AuditRating = (typeof AP2_AUDIT_RATINGS)[number];
/** The cross-checks between the mandates, in the sheet's order. */
export const AP2_AUDIT_CROSS_CHECKS = ['cart_merchant_allowed', 'cart_items_in_skus', 'cart_expiry_within_intent', 'cart_total_within_bound', 'payment_total_equals_cart', 'payment_details_id_equals_cart'] as const;

const rating = z.enum(AP2_AUDIT_RATINGS);

export const ap2MandateConstraintGapAuditorResult = x402Result({
  decision: z.enum(AP2_AUDIT_DECISIONS),
  constraint_coverage: z.strictObject(Object.fromEntries(AP2_AUDIT_DIMENSIONS.map((d) => [d, rating])) as Record<Ap2AuditDimension, typeof rating>),
  gaps: z
    .array(
      z.strictObject({
        dimension: z.enum(AP2_AUDIT_DIMENSIONS),
        severity: z.enum(['high', 'medium', 'low']),
        path: z.string().meta({ description: 'JSON pointer into the request to the field that sets (or would set) the bound.' }),
        explanation: z.string(),
        suggested_bound: z.string(),
      }),
    )
    .meta({ description: 'One per loose or unbounded dimension; sorted by severity (high first), then dimension order.' }),
  cross_checks: z
    .array(z.strictObject({ check: z.enum(AP2_AUDIT_CROSS_CHECKS), result: z.enum(['pass', 'fail', 'skipped']), detail: z.string() }))
    .meta({ description: 'All six, in the sheet order.' }),
  validity_failures: z
    .array(z.strictObject({ path: z.string(), problem: z.string() }))
    .meta({ description: 'Why the mandates are invalid (decision invalid_mandate), in document order; empty otherwise.' }),
});
