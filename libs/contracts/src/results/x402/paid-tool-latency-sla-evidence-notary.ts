import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const LATENCY_SLA_DECISIONS = ['insufficient_samples', 'sla_breached', 'sla_met'] as const;
export const LATENCY_PHASES = ['challenge', 'verify', 'handler', 'settle'] as const;
export type LatencyPhase = (typeof LATENCY_PHASES)[number];
export const LATENCY_SLA_METRICS = ['p50_ms', 'p95_ms', 'p99_ms', 'error_rate'] as const;

export const paidToolLatencySlaEvidenceNotaryResult = x402Result({
  decision: z.enum(LATENCY_SLA_DECISIONS),
  observed: z.strictObject({
    p50_ms: z.number().nullable(),
    p95_ms: z.number().nullable(),
    p99_ms: z.number().nullable(),
    error_rate: z.number().nullable().meta({ description: 'Paid non-2xx ÷ paid in the window, 4 decimals; null without paid samples.' }),
    timeouts: z.int().meta({ description: 'Paid samples with status 0 or at least timeout_ms long.' }),
    samples_used: z.int().meta({ description: 'The latency set: paid 2xx samples in the window.' }),
  }),
  targets: z.array(z.strictObject({ metric: z.enum(LATENCY_SLA_METRICS), target: z.number(), observed: z.number().nullable(), met: z.boolean() })).meta({ description: 'The targets set, in the order p50, p95, p99, error rate.' }),
  breach_attribution: z
    .strictObject({ dominant_phase: z.enum(LATENCY_PHASES), shares: z.record(z.enum(LATENCY_PHASES), z.number()).meta({ examples: [{ challenge: 0.1, verify: 0.2, handler: 0.5, settle: 0.2 }] }), samples: z.int() })
    .nullable()
    .meta({ description: 'Mean share of each phase over the paid samples slower than the p95 target that carry phases; null when there are none.' }),
  evidence_digest: z.string().meta({ description: 'HASH({sla, window, samples sorted by (started_at, duration_ms), results}): pins this exact evidence set. Store it via x402-response-provenance-notary as metadata_hash to timestamp it.' }),
});
