import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { RECOVERY_ACTIONS, RECOVERY_FAMILIES, SPEND_IMPACTS } from '../../x402/recovery-playbook.js';
import { canonicalErrorCode } from '../../schemas/x402/agent-commerce-error-taxonomy-normalizer.js';

export const RECOVERY_PLAYBOOK_DECISIONS = ['already_complete', 'do_not_retry', 'needs_human', 'self_recoverable'] as const;
export const RECOVERY_CAUSE_MATCHES = ['failure_cause', 'canonical_code', 'error_table', 'error_pattern', 'none'] as const;

export const recoveryStep = z.object({
  order: z.int().min(1),
  action: z.enum(RECOVERY_ACTIONS),
  precondition: z.string().nullable().meta({ description: 'What must hold before the step; null when nothing.' }),
  wait_until: z.int().nullable().meta({ description: 'Unix seconds to wait for (wait_until steps); null otherwise or when the time is not known.' }),
  spend_impact: z.enum(SPEND_IMPACTS),
});

export const agentPaymentRecoveryPlaybookResult = x402Result({
  decision: z.enum(RECOVERY_PLAYBOOK_DECISIONS),
  steps: z.array(recoveryStep).meta({ description: 'The plan, in order; empty when already complete.' }),
  max_additional_spend_payments: z.int().min(0).meta({ description: 'New payments the plan may sign at most (re_sign_new_authorization steps, capped by the attempts left).' }),
  cause_resolution: z.object({
    cause: z.string(),
    canonical_code: canonicalErrorCode.nullable(),
    recovery_family: z.enum(RECOVERY_FAMILIES),
    matched_by: z.enum(RECOVERY_CAUSE_MATCHES),
  }),
});
