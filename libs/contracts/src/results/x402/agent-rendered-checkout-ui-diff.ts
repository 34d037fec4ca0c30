import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const CHECKOUT_UI_DIFF_DECISIONS = ['misleading', 'incomplete', 'faithful'] as const;
export const CHECKOUT_ELEMENTS = ['amount', 'asset', 'payee', 'network', 'recurrence'] as const;
export const CHECKOUT_ELEMENT_STATUSES = ['match', 'mismatch', 'missing', 'truncated'] as const;

export const agentRenderedCheckoutUiDiffResult = x402Result({
  decision: z.enum(CHECKOUT_UI_DIFF_DECISIONS),
  diff: z
    .array(
      z.object({
        element: z.enum(CHECKOUT_ELEMENTS),
        shown: z.string().nullable().meta({ description: 'What was shown for the element (the deciding mention); null when missing.' }),
        actual: z.string(),
        status: z.enum(CHECKOUT_ELEMENT_STATUSES),
        pointer: z.string().nullable().meta({ description: 'JSON pointer of the rendered field or text where `shown` was found.' }),
      }),
    )
    .meta({ description: 'amount, asset, payee, network, then recurrence when the payment recurs.' }),
});
