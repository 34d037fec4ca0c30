import { z } from 'zod';
import { decimalString } from '../schemas/common.js';
import { PAYMENT } from '../x402.js';
import { servedMetadata } from './served.js';

export const EXTENDED_VERSION = 'v0.2';
export const REASON_SEVERITIES = ['info', 'warning', 'critical'] as const;
/** decision values of the first extended group (recursive-commerce-loop-breaker ... revocation-propagation). */
export const EXTENDED_DECISIONS_FIRST_GROUP = ['allow', 'block', 'review', 'completed', 'partial', 'failed'] as const;
/** decision values of the newer extended tools. */
export const EXTENDED_DECISIONS = ['allow', 'block', 'review', 'insufficient_evidence', 'completed', 'partial', 'failed'] as const;

/** A fingerprint the service writes: sha256: + 64 lower-case hex digits. */
export const sha256Fingerprint = z.string().regex(/^sha256:[0-9a-f]{64}$/);

export const extendedReason = z.object({
  code: z.string().meta({ description: 'Stable machine-readable reason code (snake_case).' }),
  message: z.string(),
  severity: z.enum(REASON_SEVERITIES),
});
export type ExtendedReason = z.infer<typeof extendedReason>;

/**
 * The two groups of /api/ext/ tools: the first group (recursive-commerce-loop-breaker ...
 * revocation-propagation) answers a riskScore that is any number from 0 to 100 and has no
 * insufficient_evidence decision; the newer tools answer an integer riskScore and may say
 * insufficient_evidence.
 */
export const EXTENDED_GROUPS = {
  first: { decisions: EXTENDED_DECISIONS_FIRST_GROUP, riskScore: z.number().min(0).max(100) },
  newer: { decisions: EXTENDED_DECISIONS, riskScore: z.int().min(0).max(100) },
} as const;
export type ExtendedGroup = keyof typeof EXTENDED_GROUPS;
export type ExtendedDecision<G extends ExtendedGroup> = (typeof EXTENDED_GROUPS)[G]['decisions'][number];

/** What an /api/ext/ analyzer returns; the serving layer wraps it in the extended-family envelope v0.2. */
export function extendedResult<G extends ExtendedGroup, Shape extends z.ZodRawShape>(group: G, additions: Shape) {
  const { decisions, riskScore } = EXTENDED_GROUPS[group];
  return z.looseObject({
    decision: z.enum(decisions as (typeof EXTENDED_GROUPS)[G]['decisions']),
    riskScore: riskScore as (typeof EXTENDED_GROUPS)[G]['riskScore'],
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
    inputFingerprint: sha256Fingerprint.meta({ description: 'sha256: + hex of the RFC 8785 canonical JSON of the input without the payment arguments (x402Payment, xPayment, paymentHeader).' }),
    generatedAt: z.iso.datetime(),
    x402_request_id: z.string().optional(),
    pricePaid: z.looseObject({ amount: decimalString, currency: z.literal(PAYMENT.currency), network: z.literal(PAYMENT.networkName) }).optional(),
    metadata: servedMetadata.extend({ paymentStatus: z.string() }).optional(),
  });
}
