import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const FAILURE_FACT_DECISIONS = ['classified', 'ambiguous', 'insufficient_facts'] as const;
/** The closed cause list of design §3, in the order of its rule table (ties between equal scores go by this order). */
export const FAILURE_CAUSES = [
  'authorization_expired',
  'authorization_not_yet_valid',
  'insufficient_funds',
  'invalid_signature',
  'receiver_mismatch',
  'amount_mismatch',
  'network_mismatch',
  'scheme_mismatch',
  'header_version_mismatch',
  'payment_header_missing',
  'challenge_header_not_visible',
  'resource_mismatch',
  'permit2_allowance_required',
  'idempotency_conflict',
  'facilitator_unavailable',
  'settlement_pending',
  'handler_error_uncharged',
] as const;
export type FailureCause = (typeof FAILURE_CAUSES)[number];

const scalar = z.union([z.string(), z.number(), z.null()]);

export const failureEvidence = z.object({
  fact: z.string().meta({ description: 'The request field the rule read, as a JSON pointer.' }),
  observed: scalar,
  expected: scalar,
  supports: z.enum(FAILURE_CAUSES),
  weight: z.int().min(1),
  note: z.string().optional(),
});
export type FailureEvidence = z.infer<typeof failureEvidence>;

export const failureFactClassifierResult = x402Result({
  decision: z.enum(FAILURE_FACT_DECISIONS),
  likely_cause: z.enum([...FAILURE_CAUSES, 'undetermined']).meta({ description: 'The cause with the highest score; undetermined when the facts are insufficient.' }),
  evidence: z.array(failureEvidence).meta({ description: 'One item per rule that fired, sorted by weight (highest first), then rule order.' }),
  candidate_causes: z.array(z.object({ cause: z.enum(FAILURE_CAUSES), score: z.int().min(1) })).meta({ description: 'Every cause with a score, highest first, ties in rule-table order.' }),
});
