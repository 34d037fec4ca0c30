import { z } from 'zod';
import { x402Atomic } from '../../x402/request-rules.js';

/** Bounds of x402-price-display-unit-sanity-checker's request (design sheet §19). */
export const PRICE_DISPLAY_LIMITS = { items: 100, itemId: 120, displayText: 64, asset: 120, network: 64, decimals: 36 } as const;

/** A non-negative decimal with up to 36 fraction digits: wider than "decimal" so 18-decimal mix-ups can be seen. */
export const PRICE_DISPLAY_DECIMAL_PATTERN = /^\d{1,78}(\.\d{1,36})?$/;

export const priceDisplayUnitSanityCheckerRequest = z.strictObject({
  items: z
    .array(
      z
        .strictObject({
          item_id: z.string().min(1).max(PRICE_DISPLAY_LIMITS.itemId),
          display_text: z.string().min(1).max(PRICE_DISPLAY_LIMITS.displayText).meta({ description: 'The price as shown to people: "$0.01", "1 USDC", "50¢", "2.5k USDC".' }),
          amount_atomic: x402Atomic.optional().meta({ description: 'The amount in the asset\'s smallest units, as the offer carries it.' }),
          amount_decimal: z.string().regex(PRICE_DISPLAY_DECIMAL_PATTERN, 'must be a non-negative decimal with at most 36 fraction digits').optional(),
          asset: z.string().min(1).max(PRICE_DISPLAY_LIMITS.asset).meta({ description: 'Token address, mint or symbol (USDC).' }),
          network: z.string().min(1).max(PRICE_DISPLAY_LIMITS.network).meta({ description: 'CAIP-2 id or x402 v1 alias.' }),
          declared_decimals: z.number().int().min(0).max(PRICE_DISPLAY_LIMITS.decimals).optional(),
        })
        .refine((item) => item.amount_atomic !== undefined || item.amount_decimal !== undefined, { message: 'needs amount_atomic or amount_decimal' }),
    )
    .min(1)
    .max(PRICE_DISPLAY_LIMITS.items),
});
