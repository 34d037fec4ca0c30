import { z } from 'zod';
import { extendedResult } from '../envelopes/extended.js';

const decimalText = z.string().meta({ description: 'USDC amount as a decimal string.', examples: ['0.03'] });

export const loopBreakerResult = extendedResult('first', {
  cycleDetected: z.boolean(),
  cyclePath: z.array(z.string()).meta({ description: 'Agents of the loop the proposed call closes, starting and ending with the caller; empty without one.' }),
  projectedSpend: decimalText,
  triggeredPolicies: z.array(z.string()),
});

export const fragmentationGuardResult = extendedResult('newer', {
  fragmentationDetected: z.boolean(),
  flaggedEventIds: z.array(z.string()).meta({ description: 'Proposed purchases that a block or review reason names.' }),
  aggregateSpend: decimalText.meta({ description: 'Largest window total that holds a proposed purchase (USDC).' }),
  triggeredPolicies: z.array(z.string()),
});

export const conflictScannerResult = extendedResult('newer', {
  conflictDetected: z.boolean(),
  bestSellerId: z.string().nullable(),
  deviationPercent: z.number().nullable().meta({ description: 'How far the selected seller scores below the best one, in percent of the best score.' }),
  relationshipIds: z.array(z.string()).meta({ description: 'Relationships in force at evaluatedAt that tie the recommending agent to the selected seller.' }),
});
