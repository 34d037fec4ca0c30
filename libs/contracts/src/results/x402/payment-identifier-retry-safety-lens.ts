import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const RETRY_LENS_DECISIONS = ['unsafe_plan', 'do_not_retry', 'wait_until_expiry', 'safe_to_retry_same_id', 'safe_to_retry_new_payment'] as const;
export const RETRY_STATES = ['already_served', 'paid_undelivered', 'settlement_unknown', 'not_paid'] as const;
export const RETRY_ACTIONS = ['use_delivered_response', 'retry_same_identifier', 'request_delivery', 'wait_for_settlement', 'new_payment_after_expiry', 'new_payment'] as const;
export const RETRY_PLAN_RULES = ['different_identifier', 'different_payload', 'new_authorization_too_early', 'pays_twice', 'identifier_charset', 'identifier_payload_conflict'] as const;

export const paymentIdentifierRetrySafetyLensResult = x402Result({
  decision: z.enum(RETRY_LENS_DECISIONS),
  state: z.enum(RETRY_STATES),
  allowed_actions: z.array(z.enum(RETRY_ACTIONS)).meta({ description: 'What the state allows, safest first.' }),
  earliest_new_payment_at: z.int().nullable().meta({ description: 'Unix seconds from which a new authorization cannot pay twice (max validBefore of the unsettled attempts + clock skew); null when not applicable.' }),
  reuse_identifier: z.string().nullable().meta({ description: 'The payment-identifier a same-id retry must reuse (with its payload_hash), or null.' }),
  deciding_attempts: z.array(z.int()).meta({ description: 'attempt_no of the attempts that set the state, ascending.' }),
  plan_violations: z.array(z.object({ rule: z.enum(RETRY_PLAN_RULES), detail: z.string() })).meta({ description: 'How planned_next breaks the state, in rule order.' }),
});
