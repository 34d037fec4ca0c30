import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const FAILOVER_PLANNER_DECISIONS = ['uncovered_network', 'single_points_of_failure', 'partially_resilient', 'resilient'] as const;

export const multiChainFacilitatorFailoverPlannerResult = x402Result({
  decision: z.enum(FAILOVER_PLANNER_DECISIONS),
  plan: z
    .array(
      z.object({
        network: z.string().meta({ description: 'The network as ND normalizes it (CAIP-2 when known).' }),
        primary: z.string().nullable().meta({ description: 'null when no facilitator supports the network.' }),
        fallbacks: z.array(z.string()).meta({ description: 'In failover order: other failure domains first, members of the primary\'s domain last; at most max_fallbacks.' }),
        domains: z.number().int().meta({ description: 'Independent failure domains among the eligible facilitators (shared signer addresses join a domain).' }),
        spof: z.boolean().meta({ description: 'True when the network is covered by exactly one failure domain.' }),
        shared_signer_with: z.array(z.string()).meta({ description: 'Eligible facilitators in the primary\'s failure domain, other than the primary, by label.' }),
      }),
    )
    .meta({ description: 'One entry per distinct network, in the request\'s priority order.' }),
  failover_rules: z.array(z.object({ stage: z.string(), action: z.string() })).meta({ description: 'When failing over is safe, by stage, in the order a payment reaches them.' }),
});
