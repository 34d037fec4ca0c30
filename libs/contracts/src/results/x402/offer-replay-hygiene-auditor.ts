import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const REPLAY_AUDITOR_DECISIONS = ['replay_exposed', 'needs_attention', 'hygienic'] as const;
/** The findings in the design sheet's order (§17), which is also their order within a severity. */
export const REPLAY_FINDING_CODES = [
  'replay_attempt',
  'double_service',
  'cross_resource_reuse',
  'long_lived_authorization',
  'accepted_after_expiry',
  'accepted_before_valid',
  'foreign_recipient',
  'predictable_nonce',
  'lenient_offer',
  'unbounded_offer',
] as const;
export type ReplayFindingCode = (typeof REPLAY_FINDING_CODES)[number];
export const REPLAY_FINDING_SEVERITIES = ['critical', 'high', 'medium'] as const;

export const replayFinding = z.object({
  code: z.enum(REPLAY_FINDING_CODES),
  severity: z.enum(REPLAY_FINDING_SEVERITIES),
  count: z.number().int().meta({ description: 'Affected payer+nonce keys (replay_attempt, double_service, cross_resource_reuse, predictable_nonce), authorizations (window and recipient findings) or offers (offer findings).' }),
  examples: z
    .array(
      z.object({
        authorization_indexes: z.array(z.number().int()).meta({ description: 'The authorizations involved, by input index.' }),
        offer_index: z.number().int().nullable(),
        detail: z.string(),
      }),
    )
    .max(5)
    .meta({ description: 'The first five, by input index.' }),
  fix: z.string(),
});
export type ReplayFinding = z.infer<typeof replayFinding>;

export const offerReplayHygieneAuditorResult = x402Result({
  decision: z.enum(REPLAY_AUDITOR_DECISIONS),
  findings: z.array(replayFinding).meta({ description: 'Sorted by severity (critical first), then the sheet\'s order of codes.' }),
  stats: z.object({
    authorizations: z.number().int(),
    unique_keys: z.number().int().meta({ description: 'Distinct (lower(from), nonce) keys.' }),
    duplicate_keys: z.number().int().meta({ description: 'Keys that occur more than once.' }),
    median_window_seconds: z.number().int().meta({ description: 'Nearest-rank median of validBefore − validAfter.' }),
  }),
});
