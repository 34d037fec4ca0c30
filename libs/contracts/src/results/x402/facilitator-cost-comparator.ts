import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const FACILITATOR_COST_DECISIONS = ['no_compatible_facilitator', 'tie', 'cheapest_found'] as const;
export const FACILITATOR_COST_EXCLUSIONS = ['incompatible', 'supported_unreadable', 'no_fee_quote', 'quote_incomplete', 'no_fee_bound', 'fee_asset_differs'] as const;

export const facilitatorCostComparatorResult = x402Result({
  decision: z.enum(FACILITATOR_COST_DECISIONS),
  ranking: z
    .array(
      z.object({
        label: z.string(),
        fee_per_payment_atomic: z.string().meta({ description: 'Quoted fee for one payment of amount_atomic plus extra_fixed_atomic.' }),
        monthly_cost_atomic: z.string().meta({ description: 'max(0, monthly_count − free_per_month) × fee_per_payment_atomic.' }),
        monthly_cost_decimal: z.string().nullable().meta({ description: 'The monthly cost in the fee asset\'s units; null when its decimals are not in the reference data.' }),
        take_rate: z.string().meta({ description: 'fee_per_payment ÷ amount, 4 decimal places, half-even (0.0030 = 0.3%).' }),
        flags: z.array(z.string()),
      }),
    )
    .meta({ description: 'Compatible, costed facilitators, cheapest month first; ties by input order.' }),
  break_even: z
    .array(z.object({ a: z.string(), b: z.string(), amount_atomic: z.string().nullable() }))
    .meta({ description: 'For every flat-fee facilitator a and bps facilitator b in the ranking: the smallest payment amount at which b costs at least as much per payment as a (null: never). Sorted by a, then b, in input order.' }),
  excluded: z.array(z.object({ label: z.string(), reason: z.enum(FACILITATOR_COST_EXCLUSIONS) })).meta({ description: 'In input order.' }),
});
