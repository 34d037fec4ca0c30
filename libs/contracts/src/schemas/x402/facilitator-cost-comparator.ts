import { z } from 'zod';
import { X402_FEE_MODELS } from '../../x402/protocol.js';
import { x402Atomic, x402Document } from '../../x402/request-rules.js';
import { dateTime } from '../ext.js';

/** Bounds of x402-facilitator-cost-comparator's request (design sheet §13; docs/tools/x402/facilitator-cost-comparator.md). */
export const FACILITATOR_COST_LIMITS = { facilitators: 10, label: 120, network: 64, asset: 120, scheme: 40, count: 1_000_000_000, bps: 10_000, text: 200 } as const;

const unixSeconds = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * An x402 facilitatorFeeQuote (facilitatorFees extension). The fee fields are typed; the quote's
 * identity and signature fields are accepted so a quote can be pasted as served, but never verified.
 */
export const facilitatorFeeQuote = z.strictObject({
  model: z.enum(X402_FEE_MODELS).meta({ description: 'Fee model: flat, bps, tiered or hybrid.' }),
  flatFee: x402Atomic.optional().meta({ description: 'Flat fee in atomic units of the fee asset (required for model flat).' }),
  bps: z.number().int().min(0).max(FACILITATOR_COST_LIMITS.bps).optional().meta({ description: 'Basis points, an integer 0-10000 (required for model bps; 30 = 0.3%).' }),
  minFee: x402Atomic.optional().meta({ description: 'Minimum fee in atomic units.' }),
  maxFee: x402Atomic.optional().meta({ description: 'Maximum fee in atomic units (recommended for bps; the bound used for tiered and hybrid).' }),
  asset: z.string().min(1).max(FACILITATOR_COST_LIMITS.asset).optional().meta({ description: 'Fee currency: a token address, a mint or USDC. Absent: the payment asset is assumed (flagged).' }),
  expiry: unixSeconds.optional().meta({ description: 'Unix seconds when the quote expires.' }),
  quoteId: z.string().max(FACILITATOR_COST_LIMITS.text).optional(),
  facilitatorAddress: z.string().max(FACILITATOR_COST_LIMITS.asset).optional(),
  signature: z.string().max(FACILITATOR_COST_LIMITS.text * 2).optional().meta({ description: 'Accepted as served; not verified.' }),
  signatureScheme: z.string().max(FACILITATOR_COST_LIMITS.scheme).optional(),
});

export const facilitatorCostComparatorRequest = z.strictObject({
  payment: z
    .strictObject({
      network: z.string().min(1).max(FACILITATOR_COST_LIMITS.network).meta({ description: 'CAIP-2 id (eip155:8453) or x402 v1 alias (base).' }),
      asset: z.string().min(1).max(FACILITATOR_COST_LIMITS.asset).optional().meta({ description: 'The payment asset; default the USDC of the network.' }),
      amount_atomic: x402Atomic.refine((v) => BigInt(v) > 0n, 'must be a positive amount').meta({ description: 'One payment, in atomic units of the asset (positive).' }),
      monthly_count: z.number().int().min(1).max(FACILITATOR_COST_LIMITS.count).meta({ description: 'Payments per month, 1 to 10^9.' }),
      x402_version: z.union([z.literal(1), z.literal(2)]).default(2),
      scheme: z.string().min(1).max(FACILITATOR_COST_LIMITS.scheme).default('exact'),
    })
    .meta({ description: 'The payment size and volume to cost.' }),
  facilitators: z
    .array(
      z.strictObject({
        label: z.string().min(1).max(FACILITATOR_COST_LIMITS.label),
        supported: x402Document.optional().meta({ description: 'The facilitator\'s GET /supported answer ({kinds[], extensions[], signers}). Absent: assumed compatible, flagged.' }),
        quote: facilitatorFeeQuote.optional(),
        free_per_month: z.number().int().min(0).max(FACILITATOR_COST_LIMITS.count).default(0).meta({ description: 'Payments per month that carry no fee (a free tier).' }),
        extra_fixed_atomic: x402Atomic.default('0').meta({ description: 'Any other cost per payment, in atomic units of the fee asset, added to the quoted fee.' }),
      }),
    )
    .min(1)
    .max(FACILITATOR_COST_LIMITS.facilitators),
  as_of: dateTime.optional().meta({ description: 'When to judge quote expiry; default the request time (echoed in metadata.as_of).' }),
});
