import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { MCP_ELICITATION_ACTIONS } from '../../x402/mcp.js';

export const ELICITATION_AUDITOR_DECISIONS = ['consent_violated', 'minor_issues', 'compliant'] as const;
export const ELICITATION_FINDING_CODES = [
  'proceeded_after_decline',
  'sensitive_in_form',
  'mode_not_declared',
  'schema_not_flat',
  'url_mode_invalid',
  'accept_with_content_in_url_mode',
  'bad_action',
  'unknown_completion',
  'bad_32042',
] as const;
export type ElicitationFindingCode = (typeof ELICITATION_FINDING_CODES)[number];
export const ELICITATION_FINDING_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

export const mcpElicitationConsentTranscriptAuditorResult = x402Result({
  decision: z.enum(ELICITATION_AUDITOR_DECISIONS),
  elicitations: z
    .array(
      z.object({
        id: z.string().meta({ description: 'The JSON-RPC id of the elicitation/create request, as a string.' }),
        seq: z.int(),
        mode: z.string().meta({ description: 'form, url, or the undeclared value the server sent.' }),
        tool: z.string().nullable().meta({ description: 'The tools/call the elicitation was sent during (the latest one still open), null when none was.' }),
        outcome: z.enum([...MCP_ELICITATION_ACTIONS, 'none']).meta({ description: 'The user\'s action; none without a valid result.' }),
        issues: z.array(z.enum(ELICITATION_FINDING_CODES)).meta({ description: 'Sorted, unique.' }),
      }),
    )
    .meta({ description: 'One per elicitation/create request, in seq order.' }),
  findings: z
    .array(
      z.object({
        code: z.enum(ELICITATION_FINDING_CODES),
        seq: z.int(),
        severity: z.enum(ELICITATION_FINDING_SEVERITIES),
        path: z.string().meta({ description: 'JSON pointer into the request (/messages/4/params/_meta/x402~1payment, ...).' }),
        detail: z.string(),
      }),
    )
    .meta({ description: 'In seq order, ties in rule order.' }),
});
