import { z } from 'zod';
import { PII_PURPOSES } from '../../x402/pii.js';
import { x402DocumentOf } from '../../x402/request-rules.js';

/** Bounds of x402-commerce-pii-minimization-check's request (design sheet §47). */
export const PII_CHECK_LIMITS = { payloadBytes: 64 * 1024, declaredNeeded: 50, pointer: 512 } as const;

const jsonPointer = z
  .string()
  .max(PII_CHECK_LIMITS.pointer)
  .regex(/^(\/([^~]|~[01])*)*$/, 'must be a JSON pointer ("" or /a/0/b, with ~0 and ~1 escapes)');

export const commercePiiMinimizationCheckRequest = z.strictObject({
  payload: x402DocumentOf(PII_CHECK_LIMITS.payloadBytes).meta({ description: 'The commerce payload about to be sent or stored (checkout request, mandate, receipt, webhook, tool arguments): a JSON object of at most 64 KiB and 32 levels.' }),
  purpose: z.enum(PII_PURPOSES).meta({ description: 'What the payload is for; it decides which personal data is required, optional or unnecessary.' }),
  declared_needed: z
    .array(jsonPointer)
    .max(PII_CHECK_LIMITS.declaredNeeded)
    .optional()
    .meta({ description: 'JSON pointers (at most 50) of fields the caller insists on keeping; a field at or under one is recommended keep.' }),
});
