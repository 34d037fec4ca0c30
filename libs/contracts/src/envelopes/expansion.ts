import { z } from 'zod';
import { confidence } from '../schemas/common.js';
import { priceObject } from './price.js';
import { servedMetadata } from './served.js';
import { x402Metadata, x402Result } from '../x402/envelope.js';

export const EXPANSION_VERSION = 'v0.1';
export const EXPANSION_PRODUCT_FAMILIES = ['agent_expansion_v2_api', 'agent_expansion_v3_api'] as const;
export type ExpansionProductFamily = (typeof EXPANSION_PRODUCT_FAMILIES)[number];

const verdict = {
  decision: z.string(),
  confidence,
  summary: z.string(),
  risk_flags: z.array(z.string()),
  recommended_next_action: z.string(),
  limitations: z.array(z.string()),
};

/** The verdict fields with a tool's additions; an addition may narrow a verdict field (decision to the tool's own values). */
type WithAdditions<Base, Shape> = Omit<Base, keyof Shape> & Shape;

/** What an expansion analyzer with the open envelope v2 returns (service-discovery-audit, agent-payment-history-summary). */
export function expansionResult<Shape extends z.ZodRawShape>(additions: Shape) {
  const base = { ...verdict, evidence: z.record(z.string(), z.unknown()) };
  return z.looseObject({ ...base, ...additions } as WithAdditions<typeof base, Shape>);
}

/** What an analyzer with the closed expansion envelope returns (catalog-drift-monitor and its siblings): no other properties. */
export const strictExpansionResult = x402Result;

function servedFields(productFamily: ExpansionProductFamily, slug: string, toolId: string) {
  return {
    product_family: z.literal(productFamily),
    endpoint: z.literal(slug),
    tool_id: z.literal(toolId),
    version: z.literal(EXPANSION_VERSION),
    request_id: z.string(),
    x402_request_id: z.string(),
    generated_at: z.iso.datetime(),
    pricePaid: priceObject.optional(),
  };
}

/** Expansion envelope v2, open: more properties are allowed. */
export function expansionEnvelope<R extends z.ZodObject>(productFamily: ExpansionProductFamily, slug: string, toolId: string, result: R) {
  return result.extend({ ...servedFields(productFamily, slug, toolId), metadata: servedMetadata.optional() });
}

/**
 * Closed expansion envelope (the strict v0.1 envelope of the x402-* family, design sheet §0): exactly
 * these properties, with metadata {paymentStatus, input_fingerprint, reference_data_version, as_of?}.
 */
export function strictExpansionEnvelope<R extends z.ZodObject>(productFamily: ExpansionProductFamily, slug: string, toolId: string, result: R) {
  return result.extend({ ...servedFields(productFamily, slug, toolId), metadata: x402Metadata });
}
