import { z } from 'zod';
import { x402DocumentOf, x402Hash } from '../../x402/request-rules.js';

/** Bounds of x402-paid-agent-response-completeness-drift-ledger's request (design sheet §6). */
export const COMPLETENESS_LEDGER_LIMITS = { toolLabel: 160, paths: 100, pointer: 256, samples: 500, sampleId: 64, bodyBytes: 64 * 1024 } as const;

export const paidAgentResponseCompletenessDriftLedgerRequest = z.strictObject({
  tool_label: z.string().min(1).max(COMPLETENESS_LEDGER_LIMITS.toolLabel).meta({ description: 'Which paid tool the samples are answers of (a label).' }),
  tracked_paths: z
    .array(
      z.strictObject({
        pointer: z
          .string()
          .max(COMPLETENESS_LEDGER_LIMITS.pointer)
          .regex(/^(?:\/(?:[^~/]|~[01])*)+$/, 'must be an RFC 6901 JSON pointer to a member, such as /result/riskScore'),
        weight: z.number().int().min(1).max(10).default(1),
        required: z.boolean().default(true),
      }),
    )
    .min(1)
    .max(COMPLETENESS_LEDGER_LIMITS.paths),
  samples: z
    .array(
      z.strictObject({
        sample_id: z.string().min(1).max(COMPLETENESS_LEDGER_LIMITS.sampleId),
        observed_at: z.iso.datetime({ offset: true }),
        paid: z.boolean(),
        http_status: z.number().int().min(100).max(599),
        body: x402DocumentOf(COMPLETENESS_LEDGER_LIMITS.bodyBytes),
      }),
    )
    .min(1)
    .max(COMPLETENESS_LEDGER_LIMITS.samples),
  completeness_floor: z.number().min(0).max(1).default(0.9),
  previous_ledger_head: x402Hash.optional().meta({ description: 'The ledger_head of the previous run, to chain this run onto it.' }),
});
