import { z } from 'zod';
import { x402Atomic, x402Decimal, x402ExactNumber } from '../../x402/request-rules.js';

/** Bounds of x402-machine-payment-treasury-dust-map's request (design sheet §49; string lengths and the decimals bound are ours). */
export const DUST_MAP_LIMITS = { holdings: 500, sweepCosts: 30, network: 64, asset: 128, symbol: 32, decimals: 36 } as const;

const network = z.string().trim().min(1).max(DUST_MAP_LIMITS.network).meta({ description: 'CAIP-2 or an x402 v1 alias (ND).' });

export const treasuryHolding = z.strictObject({
  network,
  asset: z.string().trim().min(1).max(DUST_MAP_LIMITS.asset).meta({ description: 'Token contract address or mint.' }),
  symbol: z.string().trim().min(1).max(DUST_MAP_LIMITS.symbol).optional(),
  decimals: z.int().min(0).max(DUST_MAP_LIMITS.decimals).optional().meta({ description: 'Needed to value a token other than the canonical USDC (whose 6 comes from the reference data).' }),
  balance_atomic: x402Atomic,
  price_usd: x402Decimal.optional().meta({ description: 'USD per whole token; needed to value a token other than the canonical USDC.' }),
});

export const sweepCost = z.strictObject({ network, cost_usd: x402Decimal.meta({ description: 'What one sweep transfer off this network costs, in USD.' }) });

export const dustPolicy = z.strictObject({
  dust_multiple: x402ExactNumber(1, 100).default(3).meta({ description: 'A holding worth less than this many sweep costs is dust.' }),
  home_network: network.default('eip155:8453'),
  min_batch_value_usd: x402Decimal.default('1.00'),
});

/** x402-machine-payment-treasury-dust-map (design sheet §49). */
export const machinePaymentTreasuryDustMapRequest = z.strictObject({
  holdings: z.array(treasuryHolding).min(1).max(DUST_MAP_LIMITS.holdings),
  sweep_costs: z.array(sweepCost).max(DUST_MAP_LIMITS.sweepCosts),
  policy: dustPolicy.default({ dust_multiple: 3, home_network: 'eip155:8453', min_batch_value_usd: '1.00' }),
});
