import { z } from 'zod';
import { x402Document, x402DocumentOf } from '../../x402/request-rules.js';

/** Bounds of x402-mcp-elicitation-consent-transcript-auditor's request (design sheet §48). */
export const ELICITATION_AUDITOR_LIMITS = { messages: 500, paidToolNames: 200, toolName: 128, method: 128, id: 256, capabilityBytes: 4096 } as const;

const capability = x402DocumentOf(ELICITATION_AUDITOR_LIMITS.capabilityBytes);

export const ELICITATION_MESSAGE_DIRECTIONS = ['server_to_client', 'client_to_server'] as const;
export const ELICITATION_MESSAGE_KINDS = ['request', 'result', 'notification', 'error'] as const;

export const elicitationTranscriptMessage = z.strictObject({
  seq: z.int().min(0).max(Number.MAX_SAFE_INTEGER).meta({ description: 'Position in the session; messages are read in seq order (ties in input order).' }),
  direction: z.enum(ELICITATION_MESSAGE_DIRECTIONS),
  kind: z.enum(ELICITATION_MESSAGE_KINDS),
  method: z.string().min(1).max(ELICITATION_AUDITOR_LIMITS.method).optional().meta({ description: 'The JSON-RPC method of a request or notification (elicitation/create, tools/call, notifications/elicitation/complete, ...).' }),
  id: z.union([z.string().min(1).max(ELICITATION_AUDITOR_LIMITS.id), z.int()]).optional().meta({ description: 'The JSON-RPC id that pairs a request with its result or error.' }),
  params: x402Document.optional(),
  result: x402Document.optional(),
  error: x402Document.optional().meta({ description: 'The JSON-RPC error object {code, message, data}.' }),
});

export const mcpElicitationConsentTranscriptAuditorRequest = z.strictObject({
  client_capabilities: z
    .strictObject({
      elicitation: z
        .strictObject({ form: capability.optional(), url: capability.optional() })
        .optional()
        .meta({ description: 'The client\'s declared elicitation capability; an empty object declares form mode only. Absent: the client declared none.' }),
    })
    .meta({ description: 'The capabilities the client sent in initialize (only elicitation is read).' }),
  messages: z.array(elicitationTranscriptMessage).min(1).max(ELICITATION_AUDITOR_LIMITS.messages).meta({ description: 'The JSON-RPC messages of one session (1 to 500).' }),
  paid_tool_names: z
    .array(z.string().min(1).max(ELICITATION_AUDITOR_LIMITS.toolName))
    .max(ELICITATION_AUDITOR_LIMITS.paidToolNames)
    .optional()
    .meta({ description: 'Tools that charge per call (at most 200). A call to one counts as paid even without _meta["x402/payment"] (the payment may travel in an HTTP header).' }),
});
