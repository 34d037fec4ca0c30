import { z } from 'zod';
import { extendedResult } from '../../envelopes/extended.js';
import { CONTINUITY_SIGNAL_TYPES } from '../../schemas/ext/reputation-reincarnation-detector.js';

export const REFERENCE_MATCH_STATUSES = ['match', 'authorized_continuity', 'allowlisted_migration', 'partial'] as const;
export const ENTITY_STATUS_CLASSES = ['restricted', 'active', 'retired', 'unclassified'] as const;

const referenceMatch = z.object({
  entityId: z.string(),
  entityStatus: z.string().meta({ description: 'The status the request gives the entity.' }),
  statusClass: z.enum(ENTITY_STATUS_CLASSES),
  matchStatus: z.enum(REFERENCE_MATCH_STATUSES).meta({
    description: 'match: the thresholds are met and nothing authorizes the continuity; authorized_continuity / allowlisted_migration: met and covered; partial: shared signals below the thresholds.',
  }),
  weightedScore: z.int().min(0).max(100),
  verifiedScore: z.int().min(0).max(100).meta({ description: 'The score from signal pairs verified on both sides only.' }),
  strongSignals: z.int().meta({ description: 'Shared signals that are strong and verified on both sides.' }),
  matchedSignalTypes: z.array(z.enum(CONTINUITY_SIGNAL_TYPES)),
  matchedSignalIds: z.array(z.string()).meta({ description: "The candidate's shared signals (at most 20)." }),
  proofId: z.string().nullable(),
  migrationId: z.string().nullable(),
});

export const reincarnationDetectorResult = extendedResult('newer', {
  continuityDetected: z.boolean().meta({ description: 'Some reference entity meets the thresholds, authorized or not.' }),
  matches: z.array(referenceMatch).meta({ description: 'Reference entities sharing at least one counted signal with the candidate, matches first, then by score (at most 100).' }),
  topMatch: z
    .object({ entityId: z.string(), matchStatus: z.enum(REFERENCE_MATCH_STATUSES), weightedScore: z.int() })
    .nullable()
    .meta({ description: 'The first of matches, or null.' }),
});
