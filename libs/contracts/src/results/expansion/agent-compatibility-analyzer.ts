import { z } from 'zod';
import { expansionResult } from '../../envelopes/expansion.js';

export const COMPATIBILITY_DECISIONS = ['compatible', 'compatible_with_warnings', 'incompatible', 'insufficient_evidence'] as const;
export const CHECK_STATUSES = ['pass', 'warn', 'block', 'skip'] as const;

export const compatibilityCheck = z.object({
  check: z.string().meta({ description: 'What was compared: x402_version, scheme, network, asset, amount, payment_transport, extension, eip712_domain, pay_to, mcp_protocol_version, mcp_transport.' }),
  offer: z.string().nullable().meta({ description: 'The offer checked, as v<x402Version>#<index in accepts>; null for a check of the service as a whole.' }),
  status: z.enum(CHECK_STATUSES),
  code: z.string().meta({ description: 'Stable code of the outcome (snake_case).' }),
  expected: z.string().nullable().meta({ description: 'What the service asks for.' }),
  observed: z.string().nullable().meta({ description: 'What the agent declares.' }),
  explanation: z.string(),
});
export type CompatibilityCheck = z.infer<typeof compatibilityCheck>;

export const agentCompatibilityResult = expansionResult({
  decision: z.enum(COMPATIBILITY_DECISIONS),
  selected_offer: z
    .object({
      offer: z.string(),
      x402_version: z.int(),
      scheme: z.string(),
      network: z.string(),
      asset: z.string(),
      amount_atomic: z.string(),
      pay_to: z.string(),
      payment_transport: z.string().nullable(),
    })
    .nullable()
    .meta({ description: 'The first offer the agent can pay (the official x402 client also takes the first payable offer); null when none.' }),
  checks: z.array(compatibilityCheck),
  blocking: z.array(z.string()).meta({ description: 'Codes of the checks that block the selected offer, or every offer when none is payable.' }),
  warnings: z.array(z.string()),
  fixes: z.array(z.object({ code: z.string(), fix: z.string() })),
});
