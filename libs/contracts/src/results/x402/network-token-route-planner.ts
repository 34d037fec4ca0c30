import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const ROUTE_PLANNER_DECISIONS = ['no_route', 'route_with_steps', 'direct_route'] as const;
export const ROUTE_STEP_KINDS = ['sign', 'approve_permit2', 'bridge_cctp'] as const;
export const UNPAYABLE_REASONS = ['no_holding', 'insufficient_balance', 'no_gas', 'not_bridgeable', 'testnet_skipped', 'unreadable_offer'] as const;

export const routeStep = z.object({
  kind: z.enum(ROUTE_STEP_KINDS),
  network: z.string().meta({ description: 'Where the step happens (for bridge_cctp: the source network).' }),
  to_network: z.string().nullable().meta({ description: 'bridge_cctp only: the destination network.' }),
  gas_payer: z.enum(['payer', 'facilitator', 'none']),
});

export const paymentRoute = z.object({
  offer_index: z.number().int(),
  network: z.string(),
  asset: z.string(),
  amount_atomic: z.string(),
  asset_transfer_method: z.string().nullable(),
  holding_index: z.number().int().meta({ description: 'The holding that pays (for a bridge: the source holding).' }),
  steps: z.array(routeStep),
});
export type PaymentRoute = z.infer<typeof paymentRoute>;

export const networkTokenRoutePlannerResult = x402Result({
  decision: z.enum(ROUTE_PLANNER_DECISIONS),
  chosen: paymentRoute.nullable(),
  alternatives: z.array(paymentRoute).meta({ description: 'The other routes, best first (steps, amount, preference index, offer index).' }),
  unpayable: z.array(z.object({ offer_index: z.number().int(), reason: z.enum(UNPAYABLE_REASONS), detail: z.string() })).meta({ description: 'Sorted by offer index.' }),
});
