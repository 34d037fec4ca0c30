import { z } from 'zod';
import { dateTime } from '../ext.js';
import { x402Atomic, x402Decimal } from '../../x402/request-rules.js';

/** Bounds of x402-final-total-delta-guard's request (design sheet §37; the asset, network and currency lengths are ours). */
export const FINAL_TOTAL_LIMITS = { lineItems: 100, label: 120, asset: 120, network: 64, currency: 16, pctFractionDigits: 4 } as const;
export const APPROVED_CURRENCIES = ['USD', 'USDC'] as const;

const lineItems = z
  .array(z.strictObject({ label: z.string().trim().min(1).max(FINAL_TOTAL_LIMITS.label), amount: x402Decimal }))
  .max(FINAL_TOTAL_LIMITS.lineItems)
  .optional()
  .meta({ description: 'The items behind the total; compared by case-folded label.' });

/** A percentage 0–100 with at most 4 fraction digits (read exactly from its shortest decimal text). */
const pct = z
  .number()
  .min(0)
  .max(100)
  .refine((value) => new RegExp(`^\\d+(\\.\\d{1,${FINAL_TOTAL_LIMITS.pctFractionDigits}})?$`).test(String(value)), { message: `must have at most ${FINAL_TOTAL_LIMITS.pctFractionDigits} fraction digits` });

export const finalTotalDeltaGuardRequest = z.strictObject({
  approved: z
    .strictObject({
      amount: x402Decimal.meta({ description: 'The total the human or the policy approved.' }),
      currency: z.enum(APPROVED_CURRENCIES),
      approved_at: dateTime.optional(),
      line_items: lineItems,
    })
    .meta({ description: 'What was approved.' }),
  final: z
    .strictObject({
      amount: x402Decimal.optional().meta({ description: 'The final total as a decimal; or give amount_atomic, asset and network.' }),
      amount_atomic: x402Atomic.optional(),
      asset: z.string().trim().min(1).max(FINAL_TOTAL_LIMITS.asset).optional().meta({ description: 'Token address, mint or the symbol USDC.' }),
      network: z.string().trim().min(1).max(FINAL_TOTAL_LIMITS.network).optional().meta({ description: 'CAIP-2 id or x402 v1 alias.' }),
      currency: z.string().trim().min(1).max(FINAL_TOTAL_LIMITS.currency).meta({ description: 'The final total\'s currency as the merchant states it (USD, USDC, or anything else, which cannot be compared).' }),
      line_items: lineItems,
    })
    .refine((final) => (final.amount !== undefined) !== (final.amount_atomic !== undefined && final.asset !== undefined && final.network !== undefined), {
      message: 'needs either amount, or amount_atomic with asset and network',
    })
    .refine((final) => final.amount === undefined || (final.amount_atomic === undefined && final.asset === undefined && final.network === undefined), { message: 'amount excludes amount_atomic, asset and network' })
    .meta({ description: 'What is about to be signed.' }),
  tolerance: z
    .strictObject({
      abs: x402Decimal.default('0').meta({ description: 'Absolute tolerance in the approved currency.' }),
      pct: pct.default(0).meta({ description: 'Tolerance in percent of the approved total (0–100).' }),
    })
    .default({ abs: '0', pct: 0 }),
  usd_usdc_parity: z.boolean().default(true).meta({ description: 'Count 1 USDC as 1 USD (reported as an assumption when used).' }),
});
