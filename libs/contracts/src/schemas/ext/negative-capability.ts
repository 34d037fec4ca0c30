import { z } from 'zod';
import { nonBlank } from '../ext.js';

/**
 * negative-capability (query), as spec document 2 gives it: additional top-level properties are
 * allowed; taskContext is closed, so a misspelt dimension is refused instead of silently widening
 * the query. No defaults are filled in (the defaults are the analyzer's, docs/tools/ext.md).
 */
export const NEGATIVE_CAPABILITY_LIMITS = { latencyRequirementMs: 3_600_000, minimumSampleSize: 1000, lookbackDays: 3650 } as const;

export const negativeCapabilityRequest = z.looseObject({
  agentId: nonBlank.meta({ description: 'The agent whose observed limitations are asked for. This service observes its own paid tools, named by their MCP names (svc_wallet_audit, ext_…).' }),
  operation: z.literal('query').optional(),
  serviceVersion: z.string().nullable().optional().meta({ description: 'Only observations of this service version; null or omitted: every version.' }),
  taskContext: z
    .strictObject({
      network: nonBlank.optional(),
      resourceType: nonBlank.optional(),
      payloadSizeClass: nonBlank.optional(),
      latencyRequirementMs: z.number().min(0).max(NEGATIVE_CAPABILITY_LIMITS.latencyRequirementMs).optional().meta({ description: 'An exact label of the observation, not a latency to evaluate against.' }),
    })
    .optional()
    .meta({ description: 'Each dimension given must equal the observation\'s exactly; observations without it do not match. Omitted or empty: statistics over every observation of the agent.' }),
  minimumSampleSize: z.int().min(1).max(NEGATIVE_CAPABILITY_LIMITS.minimumSampleSize).nullable().optional(),
  lookbackDays: z.int().min(1).max(NEGATIVE_CAPABILITY_LIMITS.lookbackDays).nullable().optional(),
});
