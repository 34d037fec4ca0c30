import { z } from 'zod';
import { X402_ASSET_TRANSFER_METHODS } from '../../x402/protocol.js';

/** Bounds of x402-default-asset-tokenamount-advisor's request (design sheet §24). */
export const TOKENAMOUNT_ADVISOR_LIMITS = { price: 40, networks: 20, network: 64, overrides: 20, asset: 120, decimals: 36, eip712: 64 } as const;
export const TOKENAMOUNT_ROUNDING = ['half_up', 'down', 'up', 'reject'] as const;

export const defaultAssetTokenamountAdvisorRequest = z.strictObject({
  price: z.string().min(1).max(TOKENAMOUNT_ADVISOR_LIMITS.price).meta({ description: 'The route\'s price: "$0.01", "0.01", "0.01 USD" or "0.01 USDC".' }),
  networks: z
    .array(z.string().min(1).max(TOKENAMOUNT_ADVISOR_LIMITS.network))
    .min(1)
    .max(TOKENAMOUNT_ADVISOR_LIMITS.networks)
    .meta({ description: 'Networks to price the route on: CAIP-2 ids or x402 v1 aliases.' }),
  asset_overrides: z
    .array(
      z.strictObject({
        network: z.string().min(1).max(TOKENAMOUNT_ADVISOR_LIMITS.network),
        asset: z.string().min(1).max(TOKENAMOUNT_ADVISOR_LIMITS.asset).meta({ description: 'Token address or mint used instead of the default USDC.' }),
        decimals: z.number().int().min(0).max(TOKENAMOUNT_ADVISOR_LIMITS.decimals),
        eip712_name: z.string().min(1).max(TOKENAMOUNT_ADVISOR_LIMITS.eip712).optional(),
        eip712_version: z.string().min(1).max(TOKENAMOUNT_ADVISOR_LIMITS.eip712).optional(),
        asset_transfer_method: z.enum(X402_ASSET_TRANSFER_METHODS).optional().meta({ description: 'eip3009 (default) or permit2.' }),
      }),
    )
    .max(TOKENAMOUNT_ADVISOR_LIMITS.overrides)
    .optional(),
  rounding: z.enum(TOKENAMOUNT_ROUNDING).default('half_up').meta({ description: 'How a price finer than the asset\'s smallest unit becomes an integer amount: half_up (default), down, up, or reject.' }),
});
