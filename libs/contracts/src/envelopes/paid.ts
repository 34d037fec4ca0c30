import { z } from 'zod';
import { priceObject } from './price.js';
import { servedMetadata } from './served.js';

/** Envelope of the wallet and transaction endpoints: the tool's result under `result`. */
export function paidEnvelope<const Tool extends string, R extends z.ZodType>(tool: Tool, result: R) {
  return z.object({
    ok: z.literal(true),
    tool: z.literal(tool),
    pricePaid: priceObject,
    result,
    metadata: servedMetadata,
  });
}
