import { z } from 'zod';
import { extendedResult } from '../../envelopes/extended.js';

export const evidenceBudgetRouterResult = extendedResult('newer', {
  purchasePlan: z
    .array(
      z.object({
        sourceId: z.string(),
        provider: z.string(),
        price: z.string().meta({ description: 'USDC, decimal string.' }),
        startsAtMs: z.int().meta({ description: 'When to call it: once the sources it depends on have answered.' }),
        readyAtMs: z.int(),
        dimensions: z.array(z.string()).meta({ description: 'Dimensions its answer bears on.' }),
      }),
    )
    .meta({ description: 'Sources to buy, in the order to call them; empty unless the decision is allow or review.' }),
  plannedSpend: z.string().meta({ description: 'What the plan costs (USDC decimal string).', examples: ['0.27'] }),
  expectedValue: z.number().min(0).max(1).meta({ description: 'Weighted mean confidence over the dimensions that the plan buys, 0 to 1.' }),
  uncoveredDimensions: z.array(z.string()).meta({ description: 'Dimensions left below the minimum confidence by the plan (or, without one, by the best affordable plan).' }),
  optimal: z.boolean().meta({ description: 'The search finished: no plan within the limits is worth more, or as much for less.' }),
});
