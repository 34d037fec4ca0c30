import { z } from 'zod';
import { evmAddress, freeChain, usdcCurrency } from '../common.js';
import { nonBlank } from '../ext.js';

/** lookback_days when the request leaves it out (docs/tools/expansion.md); the schema does not fill it in. */
export const PAYMENT_HISTORY_DEFAULT_LOOKBACK_DAYS = 30;

/** agent-payment-history-summary (spec document 2). */
export const paymentHistorySummaryRequest = z.strictObject({
  chain: freeChain,
  payee: evmAddress.meta({ description: 'The address whose incoming USDC payments are summarized.' }),
  currency: usdcCurrency,
  lookback_days: z
    .int()
    .min(1)
    .max(365)
    .optional()
    .meta({ description: `Days of history to summarize, ending at the chain's newest block; ${PAYMENT_HISTORY_DEFAULT_LOOKBACK_DAYS} when left out.` }),
  resource_path: nonBlank
    .max(2048)
    .optional()
    .meta({ description: 'The paid path the payments are for, as a label: a USDC transfer does not carry the resource it paid for, so it is echoed, not used to filter.' }),
});
