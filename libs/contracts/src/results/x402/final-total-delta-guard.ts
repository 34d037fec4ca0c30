import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { x402Atomic } from '../../x402/request-rules.js';

export const FINAL_TOTAL_DECISIONS = ['block', 'requires_reconfirmation', 'within_tolerance'] as const;
export const ITEM_CHANGES = ['added', 'removed', 'changed'] as const;

const signedAtomic = z.string().regex(/^-?\d+$/).meta({ examples: ['10000', '-2500'] });
const signedDecimal = z.string().regex(/^-?\d+(\.\d+)?$/).meta({ examples: ['0.01', '-0.0025'] });

export const finalTotalDeltaGuardResult = x402Result({
  decision: z.enum(FINAL_TOTAL_DECISIONS),
  delta_atomic: signedAtomic.nullable().meta({ description: 'final − approved in 6-decimal atomic units; null when the currencies cannot be compared.' }),
  delta_decimal: signedDecimal.nullable(),
  delta_pct: signedDecimal.nullable().meta({ description: 'delta ÷ approved × 100, 4 places rounded half-even; null when approved is 0 or the currencies differ.' }),
  tolerance_atomic: x402Atomic.meta({ description: 'max(abs, floor(approved × pct / 100)) in 6-decimal atomic units.' }),
  item_changes: z
    .array(
      z.object({
        label: z.string(),
        change: z.enum(ITEM_CHANGES),
        before: z.string().nullable().meta({ description: 'The approved amount (summed over items of one label); null when added.' }),
        after: z.string().nullable().meta({ description: 'The final amount; null when removed.' }),
        pointer: z.string().meta({ description: 'JSON pointer of the item in the request (the final side when it exists there).' }),
      }),
    )
    .meta({ description: 'Approved labels in request order, then labels only the final side has, in its order.' }),
  assumptions: z.array(z.string()),
});
