import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { ERROR_FAMILIES } from '../../x402/error-taxonomy.js';

export const READINESS_DECISIONS = ['not_ready', 'ready_with_gaps', 'ready'] as const;
export const STAMP_STATUSES = ['ready', 'partial', 'missing'] as const;

export const readinessStamp = z.object({
  x402_version: z.union([z.literal(1), z.literal(2)]),
  scheme: z.string(),
  network: z.string().meta({ description: 'The target network, normalized to CAIP-2 where known.' }),
  status: z.enum(STAMP_STATUSES),
  reason: z.string(),
});

export const facilitatorReadinessPassportResult = x402Result({
  decision: z.enum(READINESS_DECISIONS),
  passport: z.object({
    facilitator_label: z.string(),
    stamps: z.array(readinessStamp).meta({ description: 'One per (version × network): version descending, then network in target order; the first is the primary stamp.' }),
    extensions: z.object({ declared: z.array(z.string()), missing: z.array(z.string()) }),
    signers: z.record(z.string(), z.array(z.string())).meta({ description: 'The signers map of /supported (string addresses only).' }),
    latency: z.object({
      verify_p95_ms: z.number().nullable().meta({ description: 'Nearest-rank p95; null when fewer than 20 samples (not assessed).' }),
      settle_p95_ms: z.number().nullable(),
      samples: z.object({ verify: z.int(), settle: z.int() }),
    }),
    errors: z
      .object({
        calls: z.int().meta({ description: 'Observed calls: latency samples (answered) plus error codes (failed).' }),
        availability: z.int(),
        availability_share: z.string().meta({ description: 'availability errors / calls, 4 decimals.' }),
        by_family: z.array(z.object({ family: z.enum(ERROR_FAMILIES), count: z.int() })),
      })
      .meta({ description: 'The error codes mapped with the family error taxonomy (#18 table).' }),
    passport_digest: z.string().meta({ description: 'HASH({label, stamps, extensions, signers}).' }),
  }),
});
