import { z } from 'zod';
import { x402AsOfSeconds, x402UnixSeconds } from '../../x402/request-rules.js';

/** Bounds of x402-agent-payment-recovery-playbook's request (design §32; docs/tools/x402/agent-payment-recovery-playbook.md). */
export const RECOVERY_PLAYBOOK_LIMITS = { maxAttemptsSoFar: 50, maxAttempts: 10, defaultMaxAttempts: 3 } as const;

export const RECOVERY_STAGES = ['challenge', 'sign', 'verify', 'settle', 'deliver'] as const;
export const RECOVERY_SETTLEMENT_STATUSES = ['settled', 'not_settled', 'unknown'] as const;

export const agentPaymentRecoveryPlaybookRequest = z.strictObject({
  cause: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,120}$/, 'must be 1 to 120 letters, digits, _ . : -')
    .meta({ description: 'A cause of x402-failure-fact-classifier (settlement_pending), a canonical code of x402-agent-commerce-error-taxonomy-normalizer (FUNDS_INSUFFICIENT), or a raw x402/HTTP error code the error taxonomy knows.', examples: ['settlement_pending'] }),
  stage: z.enum(RECOVERY_STAGES).meta({ description: 'The step of the exchange that failed.' }),
  settlement_status: z.enum(RECOVERY_SETTLEMENT_STATUSES),
  valid_before: x402UnixSeconds.optional().meta({ description: 'validBefore of the authorization that was sent (unix seconds).' }),
  as_of: x402AsOfSeconds.optional().meta({ description: 'Now, in unix seconds like valid_before; the request time when absent (echoed in metadata.as_of).' }),
  payment_identifier_supported: z.boolean().optional().meta({ description: 'True when the 402 advertised the payment-identifier extension and the attempt carried one.' }),
  receipt_present: z.boolean().optional().meta({ description: 'True when the settlement response or a signed receipt reached the client.' }),
  alternatives: z
    .strictObject({
      other_offer_available: z.boolean().optional(),
      other_network_funded: z.boolean().optional().meta({ description: 'The wallet holds enough on a network another offer accepts.' }),
    })
    .optional(),
  attempts_so_far: z.int().min(0).max(RECOVERY_PLAYBOOK_LIMITS.maxAttemptsSoFar).default(0),
  max_attempts: z.int().min(1).max(RECOVERY_PLAYBOOK_LIMITS.maxAttempts).default(RECOVERY_PLAYBOOK_LIMITS.defaultMaxAttempts),
  human_available: z.boolean().optional().meta({ description: 'False when no human can be reached: an escalation becomes a stop.' }),
});
