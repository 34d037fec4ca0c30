import { z } from 'zod';
import { x402Document } from '../../x402/request-rules.js';

/** Bounds of x402-multi-chain-facilitator-failover-planner's request (design sheet §26). */
export const FAILOVER_PLANNER_LIMITS = { networks: 10, facilitators: 8, network: 64, label: 120, scheme: 40, maxFallbacks: 3, p95Ms: 86_400_000 } as const;

export const multiChainFacilitatorFailoverPlannerRequest = z.strictObject({
  networks: z
    .array(z.string().min(1).max(FAILOVER_PLANNER_LIMITS.network))
    .min(1)
    .max(FAILOVER_PLANNER_LIMITS.networks)
    .meta({ description: 'Networks the seller accepts, in priority order: CAIP-2 ids or x402 v1 aliases.' }),
  facilitators: z
    .array(
      z.strictObject({
        label: z.string().min(1).max(FAILOVER_PLANNER_LIMITS.label),
        supported: x402Document.meta({ description: 'The facilitator\'s GET /supported answer: kinds[{x402Version, scheme, network}], signers {"eip155:*": [addresses], ...}.' }),
        availability_ratio: z.number().min(0).max(1).optional().meta({ description: 'Observed availability, 0 to 1. Absent: 0.99 is assumed (flagged).' }),
        settle_p95_ms: z.number().int().min(0).max(FAILOVER_PLANNER_LIMITS.p95Ms).optional().meta({ description: '95th percentile settle latency in milliseconds. Absent: ordered after those that state it.' }),
      }),
    )
    .min(1)
    .max(FAILOVER_PLANNER_LIMITS.facilitators),
  x402_version: z.union([z.literal(1), z.literal(2)]).default(2),
  scheme: z.string().min(1).max(FAILOVER_PLANNER_LIMITS.scheme).default('exact'),
  max_fallbacks: z.number().int().min(1).max(FAILOVER_PLANNER_LIMITS.maxFallbacks).default(2),
});
