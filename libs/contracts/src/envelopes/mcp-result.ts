import { z } from 'zod';
import { errorBodySchema } from './error.js';
import { priceObject } from './price.js';

/** Every MCP tool result is exactly one of these three variants; `response` is the REST answer body. */
export function mcpResultWrapper(response: z.ZodType) {
  return z.discriminatedUnion('status', [
    z.object({ status: z.literal('ok'), httpStatus: z.number().int(), endpoint: z.string(), response }),
    z.object({
      status: z.literal('payment_required'),
      httpStatus: z.number().int(),
      endpoint: z.string(),
      method: z.string(),
      price: priceObject,
      x402: z.record(z.string(), z.unknown()),
      paymentRequired: z.record(z.string(), z.unknown()),
      paymentRequiredHeader: z.string().nullable(),
      docsUrl: z.string(),
    }),
    z.object({ status: z.literal('error'), httpStatus: z.number().int(), endpoint: z.string(), error: errorBodySchema.shape.error }),
  ]);
}
