import { z } from 'zod';
import { hashString } from '../common.js';
import { dateTime, nonBlank, optionalNullable } from '../ext.js';

/**
 * reputation-reincarnation-detector request, as spec document 2 gives it. The spec names
 * allowlistedMigrations only as "objects": their members are ours (docs/tools/ext.md).
 */

export const CONTINUITY_SIGNAL_TYPES = ['owner_key', 'wallet_funding', 'domain_certificate', 'code_hash', 'schema_fingerprint', 'infrastructure_fingerprint', 'behavioral_fingerprint'] as const;
export type ContinuitySignalType = (typeof CONTINUITY_SIGNAL_TYPES)[number];
export const REINCARNATION_LIMITS = { signals: 5000, references: 500, proofs: 100, migrations: 200 } as const;

const signal = z.strictObject({
  signalId: nonBlank,
  type: z.enum(CONTINUITY_SIGNAL_TYPES),
  valueHash: hashString.meta({ description: 'Hash of the signal value (the key, wallet, certificate, code ...): signals match on type and valueHash.' }),
  strength: nonBlank.meta({ description: 'strong, medium or weak (any case); any other word counts as weak.' }),
  verified: z.boolean(),
  sourceEvidenceHash: hashString,
  observedAt: dateTime,
  expiresAt: dateTime.nullable(),
});
const signals = z.array(signal).max(REINCARNATION_LIMITS.signals);

const weight = optionalNullable(z.int().min(0).max(100));

export const reincarnationDetectorRequest = z.looseObject({
  evaluatedAt: dateTime.meta({ description: 'Signals, proofs and migrations count when in force at this instant.' }),
  candidate: z.strictObject({ agentId: nonBlank, signals }).meta({ description: 'The agent whose signals are compared with the reference entities.' }),
  referenceEntities: z
    .array(z.strictObject({ entityId: nonBlank, status: nonBlank.meta({ description: 'The entity\'s standing, as the caller records it (for example active, suspended, retired).' }), signals }))
    .max(REINCARNATION_LIMITS.references),
  authorizedContinuityProofs: optionalNullable(
    z
      .array(
        z.strictObject({
          proofId: nonBlank,
          fromEntityId: nonBlank,
          toAgentId: nonBlank,
          signatureStatus: nonBlank.meta({ description: 'valid or verified (any case) counts; any other status does not.' }),
          expiresAt: dateTime.nullable(),
        }),
      )
      .max(REINCARNATION_LIMITS.proofs),
  ),
  allowlistedMigrations: optionalNullable(
    z
      .array(
        z.strictObject({
          migrationId: nonBlank,
          fromEntityId: nonBlank,
          toAgentId: nonBlank,
          evidenceHash: hashString,
          expiresAt: optionalNullable(dateTime),
        }),
      )
      .max(REINCARNATION_LIMITS.migrations)
      .meta({ description: 'Migrations the caller approved: fromEntityId continues as toAgentId (our shape; the spec names only objects).' }),
  ),
  policy: z.strictObject({
    weights: z
      .strictObject(Object.fromEntries(CONTINUITY_SIGNAL_TYPES.map((type) => [type, weight])) as Record<ContinuitySignalType, typeof weight>)
      .meta({ description: 'Weight of each signal type, 0 to 100; null or left out takes the documented default.' }),
    minimumStrongSignals: optionalNullable(z.int().min(0).max(20)),
    minimumWeightedScore: optionalNullable(z.int().min(0).max(100)),
    maximumReferences: optionalNullable(z.int().min(1).max(REINCARNATION_LIMITS.references)),
  }),
});
