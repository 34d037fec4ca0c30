import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const TOKENAMOUNT_ADVISOR_DECISIONS = ['ambiguous_price', 'unsupported_network', 'below_minimum_unit', 'rounded', 'exact'] as const;
export const TOKENAMOUNT_STATUSES = ['exact', 'rounded', 'rounds_to_zero', 'fraction_rejected', 'unsupported_network'] as const;

export const defaultAssetTokenamountAdvisorResult = x402Result({
  decision: z.enum(TOKENAMOUNT_ADVISOR_DECISIONS),
  price_decimal: z.string().nullable().meta({ description: 'The price as parsed (exact decimal); null when ambiguous.' }),
  token_amounts: z
    .array(
      z.object({
        network: z.string(),
        amount: z.string().nullable().meta({ description: 'The v2 amount in atomic units; null when the network failed.' }),
        asset: z.string().nullable(),
        decimals: z.number().int().nullable(),
        extra: z.record(z.string(), z.string()).meta({ description: 'The offer\'s extra: EIP-712 name and version, and assetTransferMethod only when it is not eip3009.' }),
        v1: z.object({ maxAmountRequired: z.string(), network: z.string() }).nullable().meta({ description: 'The v1 twin: the same amount as maxAmountRequired and the network\'s v1 alias (null when no alias or no amount).' }),
        rounding_delta: z.string().nullable().meta({ description: 'amount ÷ 10^decimals − price, exact and signed; "0" when exact.' }),
        status: z.enum(TOKENAMOUNT_STATUSES),
      }),
    )
    .meta({ description: 'One per distinct network, in request order.' }),
});
