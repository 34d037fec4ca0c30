import { z } from 'zod';
import { confidence } from '../schemas/common.js';
import { servedMetadata } from '../envelopes/served.js';

/** The strict v0.1 envelope of the x402-* family (design sheet §0): bounds of its verdict fields. */
export const X402_ENVELOPE_LIMITS = { summary: 500, recommendedNextAction: 300 } as const;
export const X402_PAYMENT_STATUSES = ['settled', 'verified'] as const;

/** snake_case risk flags, sorted and unique. */
export const x402RiskFlags = z
  .array(z.string().regex(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/, 'must be snake_case'))
  .refine((flags) => flags.every((flag, i) => i === 0 || flags[i - 1]! < flag), { message: 'must be sorted and unique' });

const verdict = {
  decision: z.string(),
  confidence,
  summary: z.string().max(X402_ENVELOPE_LIMITS.summary),
  risk_flags: x402RiskFlags,
  recommended_next_action: z.string().max(X402_ENVELOPE_LIMITS.recommendedNextAction),
  limitations: z.array(z.string()),
};

type WithAdditions<Base, Shape> = Omit<Base, keyof Shape> & Shape;

/** What an x402-* analyzer returns: the verdict fields and the tool's own additions (Resp+), nothing else. */
export function x402Result<Shape extends z.ZodRawShape>(additions: Shape) {
  return z.strictObject({ ...verdict, ...additions } as WithAdditions<typeof verdict, Shape>);
}

/**
 * `metadata` of the strict envelope: paymentStatus, input_fingerprint (HASH of the request without
 * its payment arguments), reference_data_version and, for tools that read the clock, as_of; next to
 * the serving layer's identifiers and settlement, which every paid answer of the service carries.
 */
export const x402Metadata = servedMetadata.extend({
  paymentStatus: z.enum(X402_PAYMENT_STATUSES),
  input_fingerprint: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  reference_data_version: z.string(),
  as_of: z.iso.datetime().optional(),
});
