import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const PRICE_DISPLAY_DECISIONS = ['unit_error', 'unknown_asset', 'ambiguous_display', 'consistent'] as const;
/** Item statuses, most serious first: an item carries the first that applies. */
export const PRICE_DISPLAY_STATUSES = ['decimals_wrong', 'decimal_field_mismatch', 'decimal_shift', 'mismatch', 'unknown_asset', 'ambiguous', 'rounding_hides_difference', 'ok'] as const;

export const priceDisplayUnitSanityCheckerResult = x402Result({
  decision: z.enum(PRICE_DISPLAY_DECISIONS),
  items: z
    .array(
      z.object({
        item_id: z.string(),
        display_value: z.string().nullable().meta({ description: 'The display text read as an exact decimal (cents and k/M applied); null when unreadable.' }),
        implied_value: z.string().nullable().meta({ description: 'amount_atomic ÷ 10^decimals, exact (else amount_decimal); null when the decimals are unknown.' }),
        decimals: z.number().int().nullable(),
        status: z.enum(PRICE_DISPLAY_STATUSES),
        shift_k: z.number().int().nullable().meta({ description: 'k when implied = display × 10^k (k ≠ 0); 12 = an 18-decimal amount on a 6-decimal asset, ±2 = cents vs dollars, ±6 = atomic vs decimal.' }),
        note: z.string(),
      }),
    )
    .meta({ description: 'In request order.' }),
});
