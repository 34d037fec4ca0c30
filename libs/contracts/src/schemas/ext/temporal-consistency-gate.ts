import { z } from 'zod';
import { hashString } from '../common.js';
import { dateTime, nonBlank } from '../ext.js';

/**
 * temporal-consistency-gate: the spec shows neither request nor response, so the shape is ours
 * (docs/tools/ext.md). A bundle of time-stamped evidence items and the instant the caller means to
 * act at; every object is closed, so a misspelt field is refused instead of silently ignored.
 */
export const TEMPORAL_ITEM_KINDS = ['quote', 'offer', 'mandate', 'receipt', 'attestation', 'observation', 'other'] as const;
export type TemporalItemKind = (typeof TEMPORAL_ITEM_KINDS)[number];

export const TEMPORAL_LIMITS = {
  items: 1000,
  referencesPerItem: 50,
  idLength: 200,
  clockSkewToleranceSeconds: 3600,
  maxAgeSeconds: 31_536_000,
  expiryWarningSeconds: 86_400,
} as const;

const label = nonBlank.max(TEMPORAL_LIMITS.idLength);
const optionalNullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
const ageLimit = optionalNullable(z.int().min(1).max(TEMPORAL_LIMITS.maxAgeSeconds));

export const temporalEvidenceItem = z.strictObject({
  itemId: label.meta({ description: 'Unique within the bundle; references name items by it.' }),
  kind: z.enum(TEMPORAL_ITEM_KINDS),
  issuer: label.meta({ description: 'Who issued the item: sequence numbers are counted per issuer.' }),
  subject: optionalNullable(label).meta({ description: 'What the item is about (a payee, a mandate holder, a resource). Items of one kind and subject must not have overlapping validity.' }),
  issuedAt: dateTime,
  observedAt: optionalNullable(dateTime).meta({ description: 'When the fact was observed, when earlier than issuedAt (a measurement reported later). Age is counted from it.' }),
  validFrom: optionalNullable(dateTime).meta({ description: 'Start of validity; issuedAt when omitted.' }),
  validUntil: optionalNullable(dateTime).meta({ description: 'End of validity (exclusive); no end when omitted.' }),
  sequence: optionalNullable(z.int().min(0)).meta({ description: 'The issuer\'s sequence number of the item in its stream.' }),
  sequenceScope: optionalNullable(label).meta({ description: 'The issuer\'s stream the sequence number counts in; the item kind when omitted.' }),
  references: optionalNullable(z.array(label).max(TEMPORAL_LIMITS.referencesPerItem)).meta({ description: 'itemIds of items this one builds on: each must have been issued before it.' }),
  contentHash: optionalNullable(hashString).meta({ description: 'Hash of the item\'s content, recorded in the evidence.' }),
});

export const temporalConsistencyRequest = z.strictObject({
  evaluatedAt: dateTime.meta({ description: 'The instant the caller means to act on the bundle; every rule is judged at it.' }),
  items: z.array(temporalEvidenceItem).min(1).max(TEMPORAL_LIMITS.items),
  policy: z.strictObject({
    clockSkewToleranceSeconds: optionalNullable(z.int().min(0).max(TEMPORAL_LIMITS.clockSkewToleranceSeconds)).meta({ description: 'Clock disagreement tolerated between issuers and the caller; default 120.' }),
    maxAgeSeconds: optionalNullable(z.strictObject(Object.fromEntries(TEMPORAL_ITEM_KINDS.map((kind) => [kind, ageLimit])) as Record<TemporalItemKind, typeof ageLimit>)).meta({
      description: 'Oldest an item of each kind may be at evaluatedAt; a kind left out or null takes its default (quote and offer 300, observation 3,600, attestation 2,592,000; mandate, receipt and other: none).',
    }),
    expiryWarningSeconds: optionalNullable(z.int().min(0).max(TEMPORAL_LIMITS.expiryWarningSeconds)).meta({ description: 'Warn about items that expire within this many seconds of evaluatedAt; default 0.' }),
    requireValidityWindow: optionalNullable(z.array(z.enum(TEMPORAL_ITEM_KINDS)).max(TEMPORAL_ITEM_KINDS.length)).meta({ description: 'Kinds whose items must carry validUntil.' }),
    allowSequenceGaps: optionalNullable(z.boolean()).meta({ description: 'true: a missing sequence number is noted, not reviewed. Default false.' }),
  }),
});
