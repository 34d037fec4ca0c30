import { z } from 'zod';
import { dateTime } from '../ext.js';

/** Bounds of x402-paid-tool-latency-sla-evidence-notary's request (design sheet §11). */
export const LATENCY_SLA_LIMITS = { targetMs: 600_000, durationMs: 3_600_000, samples: 5_000 } as const;

const target = z.int().min(1).max(LATENCY_SLA_LIMITS.targetMs);
const duration = z.number().min(0).max(LATENCY_SLA_LIMITS.durationMs);

/** x402-paid-tool-latency-sla-evidence-notary (design sheet §11). */
export const paidToolLatencySlaEvidenceNotaryRequest = z.strictObject({
  sla: z
    .strictObject({
      p50_ms: target.optional(),
      p95_ms: target,
      p99_ms: target.optional().meta({ description: 'Setting it raises the minimum sample count to 100.' }),
      max_error_rate: z.number().min(0).max(1).optional().meta({ description: 'Paid non-2xx ÷ paid.' }),
      timeout_ms: z.int().min(1).max(LATENCY_SLA_LIMITS.durationMs).optional().meta({ description: 'A paid sample at least this long counts as a timeout.' }),
    })
    .meta({ description: 'The promised targets, in milliseconds.' }),
  samples: z
    .array(
      z.strictObject({
        started_at: dateTime,
        duration_ms: duration,
        http_status: z.int().min(0).max(599).meta({ description: '0 = client timeout.' }),
        paid: z.boolean(),
        phases: z
          .strictObject({ challenge_ms: duration.optional(), verify_ms: duration.optional(), handler_ms: duration.optional(), settle_ms: duration.optional() })
          .optional()
          .meta({ description: 'Where the time went, when measured.' }),
      }),
    )
    .min(1)
    .max(LATENCY_SLA_LIMITS.samples),
  window: z
    .strictObject({ from: dateTime.optional(), to: dateTime.optional() })
    .refine((w) => w.from === undefined || w.to === undefined || Date.parse(w.from) < Date.parse(w.to), { message: 'from must be before to' })
    .optional()
    .meta({ description: 'Only samples with from ≤ started_at < to are used.' }),
});
