import { z } from 'zod';
import { hashString } from '../common.js';
import { nonBlank } from '../ext.js';

/**
 * service-exit-handoff (plan), as spec document 2 gives it. The spec does not allow additional
 * properties here, so every object is closed. exportSchema and importSchema are JSON Schemas,
 * compared by the analyzer up to a bounded depth (docs/tools/ext.md).
 */
export const EXIT_HANDOFF_LIMITS = { targets: 25, receiptIndexHashes: 100, capabilities: 100, requiredCapabilities: 100, maximumDowntimeMs: 86_400_000 } as const;

const optionalNullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
const jsonSchemaObject = z.record(z.string(), z.unknown()).meta({ description: 'A JSON Schema (object) of the state records.' });

export const exitHandoffRequest = z.strictObject({
  sourceService: z.strictObject({
    serviceId: nonBlank,
    manifestHash: hashString,
    stateSummaryHash: hashString,
    exportSchema: jsonSchemaObject.optional(),
    receiptIndexHashes: optionalNullable(z.array(hashString).max(EXIT_HANDOFF_LIMITS.receiptIndexHashes)),
  }),
  targetCandidates: z
    .array(
      z.strictObject({
        serviceId: nonBlank,
        manifestHash: hashString,
        importSchema: jsonSchemaObject.optional(),
        capabilities: optionalNullable(z.array(z.string()).max(EXIT_HANDOFF_LIMITS.capabilities)),
      }),
    )
    .min(1)
    .max(EXIT_HANDOFF_LIMITS.targets),
  requirements: z.strictObject({
    requiredCapabilities: optionalNullable(z.array(z.string()).max(EXIT_HANDOFF_LIMITS.requiredCapabilities)),
    maximumPriceIncreasePercent: z.number().min(0).max(100).optional().meta({ description: 'Reserved: recorded, not enforced.' }),
    maximumDowntimeMs: optionalNullable(z.int().min(0).max(EXIT_HANDOFF_LIMITS.maximumDowntimeMs)).meta({ description: 'Caps the plan\'s downtime estimate; does not enforce the downtime of an execution.' }),
    preserveReceipts: optionalNullable(z.boolean()),
    preserveIdempotencyKeys: optionalNullable(z.boolean()),
  }),
  operation: z.literal('plan').optional(),
});
