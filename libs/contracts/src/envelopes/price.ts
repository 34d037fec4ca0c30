import { z } from 'zod';
import { PAYMENT } from '../x402.js';

/** What a call costs (or cost): the spec's price object. */
export const priceObject = z.object({
  amount: z.string().meta({ description: 'Decimal amount, for example 0.01.' }),
  currency: z.literal(PAYMENT.currency),
  network: z.literal(PAYMENT.networkName),
  x402Network: z.literal(PAYMENT.network),
});
export type PriceObject = z.infer<typeof priceObject>;

export function priceObjectFor(amount: string): PriceObject {
  return { amount, currency: PAYMENT.currency, network: PAYMENT.networkName, x402Network: PAYMENT.network };
}
