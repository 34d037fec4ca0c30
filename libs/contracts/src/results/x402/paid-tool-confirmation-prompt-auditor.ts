import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const CONFIRMATION_PROMPT_DECISIONS = ['invalid_consent', 'weak_consent', 'clear_consent'] as const;
/** The findings in the sheet's order, which is also the order they are reported in. */
export const CONFIRMATION_PROMPT_FINDINGS = [
  'PRICE_MISSING',
  'CURRENCY_MISSING',
  'SUBJECT_MISSING',
  'VAGUE_CONFIRM',
  'DEFAULT_IS_PAY',
  'CANCEL_MISSING',
  'PRECHECKED_SKIP',
  'URGENCY_LANGUAGE',
  'RECURRENCE_UNDISCLOSED',
  'DESTRUCTIVE_UNSTATED',
  'TOO_LONG',
] as const;
export const FINDING_SEVERITIES = ['error', 'warning', 'info'] as const;

export const paidToolConfirmationPromptAuditorResult = x402Result({
  decision: z.enum(CONFIRMATION_PROMPT_DECISIONS),
  findings: z
    .array(
      z.object({
        code: z.enum(CONFIRMATION_PROMPT_FINDINGS),
        severity: z.enum(FINDING_SEVERITIES),
        evidence: z.object({
          pointer: z.string().meta({ description: 'JSON pointer of what the finding is about in the request.' }),
          value: z.string().nullable().meta({ description: 'The text found there (the phrase, the label), or null when the finding is that something is absent.' }),
        }),
      }),
    )
    .meta({ description: 'In the order of the codes above (the sheet\'s), then in the order the rules find them.' }),
  suggested_prompt: z.object({ body_text: z.string(), confirm_label: z.string() }).meta({ description: 'A prompt that states price, currency, network, subject and any recurrence or destructive effect.' }),
});
