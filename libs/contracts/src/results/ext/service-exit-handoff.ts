import { z } from 'zod';
import { extendedResult } from '../../envelopes/extended.js';

export const HANDOFF_STATUSES = ['covered', 'not_covered', 'unknown', 'not_required'] as const;
export const HANDOFF_STRATEGIES = ['staged', 'stop_and_copy'] as const;

const percent = z.number().min(0).max(100).nullable();

export const handoffTargetAssessment = z.object({
  rank: z.int().min(1),
  serviceId: z.string(),
  manifestHash: z.string(),
  blockers: z.array(z.string()).meta({ description: 'Why this target cannot take the handoff at all (codes).' }),
  misses: z.array(z.string()).meta({ description: 'Requirements this target does not meet (codes).' }),
  unknowns: z.array(z.string()).meta({ description: 'Requirements the request gives no evidence to judge for this target (codes).' }),
  capabilities: z.object({ status: z.enum(HANDOFF_STATUSES), required: z.int().min(0), covered: z.int().min(0), missing: z.array(z.string()), coveragePercent: percent }),
  fields: z.object({
    status: z.enum(HANDOFF_STATUSES),
    sourcePaths: z.int().min(0),
    coveredPaths: z.int().min(0),
    coveragePercent: percent,
    missingPaths: z.array(z.string()),
    typeMismatches: z.array(z.object({ path: z.string(), sourceTypes: z.array(z.string()), targetTypes: z.array(z.string()) })),
    targetRequiredUnmet: z.array(z.string()).meta({ description: 'Paths the target requires on import that the source does not export with fitting types.' }),
    targetRequiredOptionalInSource: z.array(z.string()).meta({ description: 'Paths the target requires that the source exports only optionally: some records may lack them.' }),
  }),
  receipts: z.object({ status: z.enum(HANDOFF_STATUSES), receiptIndexHashes: z.int().min(0).nullable(), fieldPaths: z.array(z.string()) }),
  idempotencyKeys: z.object({ status: z.enum(HANDOFF_STATUSES), fieldPaths: z.array(z.string()) }),
  downtime: z.object({ strategy: z.enum(HANDOFF_STRATEGIES), estimateMs: z.int().min(0), maximumMs: z.int().min(0).nullable(), withinBudget: z.boolean().nullable() }),
});

export const handoffPlanStep = z.object({
  step: z.int().min(1),
  action: z.string(),
  description: z.string(),
  verifies: z.array(z.string()).meta({ description: 'Hashes or field paths this step checks.' }),
  estimatedMs: z.int().min(0),
  duringDowntime: z.boolean().meta({ description: 'The step runs while neither service takes writes; the downtime estimate is the sum of these steps.' }),
  executed: z.literal(false).meta({ description: 'Always false: the tool only plans and contacts no service.' }),
});

export const exitHandoffResult = extendedResult('newer', {
  bestTargetId: z.string().nullable(),
  ranking: z.array(handoffTargetAssessment).meta({ description: 'Every target, best first.' }),
  plan: z
    .object({
      targetId: z.string(),
      strategy: z.enum(HANDOFF_STRATEGIES),
      estimatedDowntimeMs: z.int().min(0),
      outboundActions: z.literal('disabled'),
      steps: z.array(handoffPlanStep),
    })
    .nullable()
    .meta({ description: 'The step-by-step plan to the best target; null when no target can take the handoff.' }),
});
