import { z } from 'zod';
import { confidence } from '../schemas/common.js';
import { priceObject } from './price.js';
import { servedMetadata } from './served.js';

export const TRUST_PRODUCT_FAMILY = 'agent_commerce_trust_api';
export const TRUST_VERSION = 'v0.1';

/**
 * What a trust analyzer returns: its decision, the evidence behind it and the endpoint's own
 * additions. The serving layer wraps it in the trust-family envelope (trustEnvelope).
 */
export function trustResult<Shape extends z.ZodRawShape>(additions: Shape) {
  return z.looseObject({
    decision: z.string(),
    confidence,
    summary: z.string(),
    evidence: z.record(z.string(), z.unknown()),
    risk_flags: z.array(z.string()),
    recommended_next_action: z.string(),
    limits: z.array(z.string()),
    ...additions,
  });
}

/** Trust-family envelope v0.1: the analyzer's result plus the fields of the paid call. More properties are allowed. */
export function trustEnvelope<const Slug extends string, R extends z.ZodObject>(slug: Slug, result: R) {
  return result.extend({
    product_family: z.literal(TRUST_PRODUCT_FAMILY),
    endpoint: z.literal(slug),
    version: z.literal(TRUST_VERSION),
    request_id: z.string(),
    x402_request_id: z.string().meta({ description: 'Ledger id of the payment that paid for this answer.' }),
    generated_at: z.iso.datetime(),
    pricePaid: priceObject.optional(),
    metadata: servedMetadata.optional(),
  });
}
