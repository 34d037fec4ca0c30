import { z } from 'zod';
import { PAYMENT } from '../x402.js';
import { servedMetadata } from './served.js';

export const EXTENDED_VERSION = 'v0.2';
export const REASON_SEVERITIES = ['info', 'warning', 'critical'] as const;
/** decision values of the first extended group (recursive-commerce-loop-breaker ... revocation-propagation). */
export const EXTENDED_DECISIONS_FIRST_GROUP = ['allow', 'block', 'review', 'completed', 'partial', 'failed'] as const;
/** decision values of the newer extended tools. */
export const EXTENDED_DECISIONS = ['allow', 'block', 'review', 'insufficient_evidence', 'completed', 'partial', 'failed'] as const;

export const extendedReason = z.object({ code: z.string(), message: z.string(), severity: z.enum(REASON_SEVERITIES) });

/** What an /api/ext/ analyzer returns; the serving layer wraps it in the extended-family envelope v0.2. */
export function extendedResult<const D extends readonly [string, ...string[]], Shape extends z.ZodRawShape>(decisions: D, additions: Shape) {
  return z.looseObject({
    decision: z.enum(decisions),
    riskScore: z.int().min(0).max(100),
    summary: z.string(),
    reasons: z.array(extendedReason),
    evidence: z.record(z.string(), z.unknown()),
    ...additions,
  });
}

/** Extended-family envelope v0.2. More properties are allowed. */
export function extendedEnvelope<R extends z.ZodObject>(service: string, result: R) {
  return result.extend({
    requestId: z.string(),
    service: z.literal(service),
    version: z.literal(EXTENDED_VERSION),
    inputFingerprint: z.string().meta({ description: 'sha256 of the canonical JSON of the input, without the payment arguments.' }),
    generatedAt: z.iso.datetime(),
    x402_request_id: z.string().optional(),
    pricePaid: z.looseObject({ amount: z.string(), currency: z.literal(PAYMENT.currency), network: z.literal(PAYMENT.networkName) }).optional(),
    metadata: servedMetadata.extend({ paymentStatus: z.string() }).optional(),
  });
}
