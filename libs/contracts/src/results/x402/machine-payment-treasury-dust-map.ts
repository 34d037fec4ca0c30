import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const DUST_MAP_DECISIONS = ['suspicious_assets_present', 'sweep_recommended', 'dust_only', 'tidy'] as const;
export const HOLDING_CLASSES = ['home', 'dust', 'sweepable', 'suspicious_token', 'unpriced'] as const;
export const SWEEP_ROUTES = ['cctp_to_home', 'no_cctp_route', 'swap_out_of_scope'] as const;

const usd = z.string().regex(/^\d+(\.\d{1,6})?$/).meta({ examples: ['0.03'] });

export const machinePaymentTreasuryDustMapResult = x402Result({
  decision: z.enum(DUST_MAP_DECISIONS),
  map: z
    .array(
      z.strictObject({
        holding: z.string().meta({ description: 'JSON pointer of the holding.' }),
        network: z.string(),
        asset: z.string(),
        symbol: z.string().nullable(),
        value_usd: usd.nullable().meta({ description: 'Rounded half-even to 6 decimals; null when not valued (suspicious or unpriced).' }),
        class: z.enum(HOLDING_CLASSES),
        reason: z.string(),
      }),
    )
    .meta({ description: 'One per holding, in input order.' }),
  sweep_plan: z
    .array(
      z.strictObject({
        network: z.string(),
        assets: z.array(z.string()),
        value_usd: usd,
        cost_usd: usd.nullable().meta({ description: 'Null when sweep_costs has no entry for the network.' }),
        threshold_usd: usd.meta({ description: 'max(min_batch_value_usd, dust_multiple × cost_usd).' }),
        route: z.enum(SWEEP_ROUTES),
        recommended: z.boolean(),
      }),
    )
    .meta({ description: 'One per network off home with sweepable holdings, in order of first appearance.' }),
  totals: z.strictObject({ dust_usd: usd, sweepable_usd: usd, suspicious_count: z.int().min(0) }),
});
