import { z } from 'zod';
import { dateTime } from '../ext.js';
import { x402Decimal, x402Document } from '../../x402/request-rules.js';

/** Bounds of x402-ap2-mandate-constraint-gap-auditor's request (design sheet §8). */
export const AP2_AUDIT_LIMITS = { merchants: 100, skus: 500, maxExpiryDays: 365, defaultMaxExpiryDays: 30 } as const;

/** The IntentMandate as an embedded document, with the sheet's bounds on its two lists (a longer list is a 400, not a finding). */
const intentMandateDocument = x402Document.superRefine((doc, ctx) => {
  for (const [key, max] of [['merchants', AP2_AUDIT_LIMITS.merchants], ['skus', AP2_AUDIT_LIMITS.skus]] as const) {
    const list = doc[key];
    if (Array.isArray(list) && list.length > max) ctx.addIssue({ code: 'custom', path: [key], message: `must have at most ${max} entries` });
  }
});

/** x402-ap2-mandate-constraint-gap-auditor (design sheet §8). */
export const ap2MandateConstraintGapAuditorRequest = z.strictObject({
  intent_mandate: intentMandateDocument.meta({
    description: `The AP2 IntentMandate (natural_language_description, intent_expiry, user_cart_confirmation_required, merchants ≤${AP2_AUDIT_LIMITS.merchants}, skus ≤${AP2_AUDIT_LIMITS.skus}, requires_refundability, budget) with optional spending_rules (a list of AP2 spending rules or a rule set). At most 256 KiB and 32 levels.`,
  }),
  intent_signed_by_user: z.boolean().meta({ description: 'Whether the user signed the intent, as the caller states it; no signature is sent or checked.' }),
  budget: z
    .strictObject({ currency: z.enum(['USD', 'USDC']), value: x402Decimal })
    .optional()
    .meta({ description: 'A budget the caller states outside the mandate; used for the amount bound only when the mandate states none.' }),
  cart_mandate: x402Document.optional().meta({ description: 'The AP2 CartMandate (contents.id, merchant_name, cart_expiry, payment_request.details.display_items and total). At most 256 KiB and 32 levels.' }),
  payment_mandate: x402Document
    .optional()
    .meta({ description: 'The AP2 PaymentMandate, or its payment_mandate_contents alone (payment_details_id, payment_details_total, ...). At most 256 KiB and 32 levels.' }),
  as_of: dateTime.optional().meta({ description: 'The time to judge expiries at; the request time when absent (echoed in metadata.as_of).' }),
  max_expiry_days: z
    .number()
    .int()
    .min(1)
    .max(AP2_AUDIT_LIMITS.maxExpiryDays)
    .default(AP2_AUDIT_LIMITS.defaultMaxExpiryDays)
    .meta({ description: 'An intent expiring later than this many days after as_of is a loose time bound (default 30).' }),
});
