import { z } from 'zod';
import { extendedResult } from '../../envelopes/extended.js';

export const spendLaunderingResult = extendedResult('first', {
  aggregateSpend: z.string().meta({ description: 'Largest total the principal\'s tree spent inside one window (USDC decimal string).', examples: ['12.5'] }),
  walletsObserved: z.array(z.string()).meta({ description: 'Wallets whose payments were counted for the tree (hex addresses in lower case), sorted.' }),
  triggeredPolicies: z.array(z.string()).meta({ description: 'Rules a block rests on: aggregateLimit, spendLimit, maxDelegationDepth, revoked, validityWindow.' }),
});
