import { z } from 'zod';
import { PAYMENT } from '../x402.js';
import { errorBodySchema } from './error.js';
import { priceObject } from './price.js';

/*
 * The 402 answer of a paid route as documents describe it (OpenAPI, /.well-known/x402.json). The
 * payment library builds it (buildChallenge); these schemas say what callers can rely on.
 */

const atomicAmount = z.string().regex(/^\d+$/).meta({ description: 'Amount in units of 10^-6 USDC.' });
const decimalAmount = z.string().regex(/^\d+(\.\d+)?$/);
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const jsonObject = z.record(z.string(), z.unknown());

/** The one offer of a paid route in x402 protocol v2 form. */
export const paymentRequirementsV2Json = z.looseObject({
  scheme: z.literal(PAYMENT.scheme),
  network: z.literal(PAYMENT.network),
  amount: atomicAmount,
  asset: evmAddress,
  payTo: evmAddress,
  maxTimeoutSeconds: z.number().int().positive(),
  extra: jsonObject,
});

/** The same offer in x402 protocol v1 form. */
export const paymentRequirementsV1Json = z.looseObject({
  scheme: z.literal(PAYMENT.scheme),
  network: z.literal(PAYMENT.networkName),
  maxAmountRequired: atomicAmount,
  resource: z.url(),
  description: z.string().max(500),
  mimeType: z.string(),
  payTo: evmAddress,
  maxTimeoutSeconds: z.number().int().positive(),
  asset: evmAddress,
  extra: jsonObject,
});

/** The x402 v2 PaymentRequired: the JSON inside the PAYMENT-REQUIRED header. */
export const paymentRequiredV2 = z.looseObject({
  x402Version: z.literal(2),
  error: z.string(),
  resource: z.looseObject({ url: z.url(), description: z.string().max(500), mimeType: z.string() }),
  accepts: z.tuple([paymentRequirementsV2Json]),
  extensions: jsonObject.optional().meta({ description: 'The x402 Bazaar discovery declaration, in the form that fits the header.' }),
});

/** The spec's payment offer: exactly one per paid route. */
export const paymentOfferJson = z.object({
  amount: atomicAmount,
  amountDecimal: decimalAmount,
  currency: z.literal(PAYMENT.currency),
  description: z.string().max(500),
  intent: z.literal('charge'),
  method: z.literal('x402'),
  scheme: z.literal(PAYMENT.scheme),
  network: z.literal(PAYMENT.network),
  recipient: evmAddress,
  payTo: evmAddress,
});

/** The spec's price declaration: the price object with its USD display and its bounds (both the price). */
export const priceDeclarationJson = priceObject.extend({
  amountUsd: decimalAmount,
  displayCurrency: z.literal(PAYMENT.displayCurrency),
  settlementCurrency: z.literal(PAYMENT.currency),
  caip2Network: z.literal(PAYMENT.network),
  minPrice: decimalAmount,
  maxPrice: decimalAmount,
});

/** The 402 body: the error body, an x402 v1 PaymentRequired, and the v2 one (the header's object). */
export const paymentRequiredBody = errorBodySchema.extend({
  x402Version: z.literal(1),
  accepts: z.tuple([paymentRequirementsV1Json]),
  paymentRequired: paymentRequiredV2.meta({ description: 'The same object as the PAYMENT-REQUIRED header.' }),
  offer: paymentOfferJson,
  price: priceDeclarationJson,
});
export type PaymentRequiredBody = z.infer<typeof paymentRequiredBody>;
