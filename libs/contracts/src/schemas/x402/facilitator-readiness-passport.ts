import { z } from 'zod';
import { x402Document } from '../../x402/request-rules.js';

/** Bounds of x402-facilitator-readiness-passport's request (design §20; docs/tools/x402/facilitator-readiness-passport.md). */
export const READINESS_PASSPORT_LIMITS = {
  label: 200,
  networks: 20,
  network: 64,
  scheme: 64,
  extensions: 10,
  extension: 64,
  latencies: 1000,
  /** One hour: a latency above it is not a latency. */
  maxLatencyMs: 3_600_000,
  errorCodes: 500,
  errorCode: 120,
  defaultVerifyP95Ms: 500,
  defaultSettleP95Ms: 3000,
} as const;

const L = READINESS_PASSPORT_LIMITS;
const latencies = z.array(z.number().min(0).max(L.maxLatencyMs)).max(L.latencies);
const threshold = (fallback: number) => z.int().min(1).max(L.maxLatencyMs).default(fallback);

export const facilitatorReadinessPassportRequest = z.strictObject({
  facilitator_label: z.string().trim().min(1).max(L.label).meta({ description: 'A name or URL for the facilitator: a label only, never contacted.' }),
  supported_response: x402Document.meta({ description: 'The facilitator\'s GET /supported answer: kinds[{x402Version, scheme, network}], extensions[], signers{pattern: [address]}. At most 256 KiB and 32 levels.' }),
  target: z.strictObject({
    x402_versions: z
      .array(z.union([z.literal(1), z.literal(2)]))
      .min(1)
      .max(2)
      .refine((versions) => new Set(versions).size === versions.length, { message: 'must not repeat a version' }),
    scheme: z.string().trim().min(1).max(L.scheme).default('exact'),
    networks: z.array(z.string().trim().min(1).max(L.network)).min(1).max(L.networks).meta({ description: 'CAIP-2 ids or v1 aliases; the first is the primary network.' }),
    required_extensions: z.array(z.string().min(1).max(L.extension)).max(L.extensions).default([]),
  }),
  observations: z
    .strictObject({
      verify_ms: latencies.optional().meta({ description: 'Latencies of answered /verify calls, in ms.' }),
      settle_ms: latencies.optional().meta({ description: 'Latencies of answered /settle calls, in ms.' }),
      error_codes: z.array(z.string().trim().min(1).max(L.errorCode)).max(L.errorCodes).optional().meta({ description: 'One code per failed call (invalidReason, errorReason or HTTP status).' }),
    })
    .optional(),
  thresholds: z.strictObject({ verify_p95_ms: threshold(L.defaultVerifyP95Ms), settle_p95_ms: threshold(L.defaultSettleP95Ms) }).optional(),
});
