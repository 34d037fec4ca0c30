import { z } from 'zod';
import { decimalString } from '../common.js';
import { nonBlank } from '../ext.js';
import { JSON_DOCUMENT_MAX_DEPTH, jsonDepth, jsonDocument } from '../json-document.js';

/**
 * agent-compatibility-analyzer: the spec does not show its request; this shape is ours
 * (docs/tools/expansion.md). Every object is closed, so a misspelt capability is refused instead of
 * being read as "not supported".
 */

/** How an agent can hand a signed x402 payment to a service. */
export const AGENT_PAYMENT_TRANSPORTS = [
  /** x402 v2 over HTTP: the PAYMENT-SIGNATURE header. */
  'http_payment_signature',
  /** x402 v1 over HTTP: the X-PAYMENT header. */
  'http_x_payment',
  /** MCP: the PaymentPayload in params._meta["x402/payment"]. */
  'mcp_payment_meta',
  /** MCP: the base64 payment in a tool argument (x402Payment, xPayment or paymentHeader). */
  'mcp_payment_argument',
] as const;
export const MCP_TRANSPORTS = ['streamable-http', 'sse', 'stdio'] as const;
export const COMPATIBILITY_LIMITS = { networks: 20, schemes: 10, assets: 20, extensions: 20, mcpVersions: 10, headerLength: 65_536 } as const;

const token = nonBlank.max(64);
const distinct = <T>(list: readonly T[]) => new Set(list).size === list.length;

/** The JSON object inside a PAYMENT-REQUIRED header (base64, or base64url), or null when it is none. */
export function paymentRequiredFromHeader(header: string): Record<string, unknown> | null {
  try {
    const binary = atob(header.trim().replace(/-/g, '+').replace(/_/g, '/'));
    const value: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return value !== null && typeof value === 'object' && !Array.isArray(value) && jsonDepth(value, JSON_DOCUMENT_MAX_DEPTH) <= JSON_DOCUMENT_MAX_DEPTH ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const paymentRequiredHeader = z
  .string()
  .max(COMPATIBILITY_LIMITS.headerLength)
  .refine((text) => paymentRequiredFromHeader(text) !== null, { message: 'must be the base64 of a JSON object (the PAYMENT-REQUIRED header value)' });

export const agentCapabilities = z
  .strictObject({
    x402_versions: z
      .array(z.union([z.literal(1), z.literal(2)]))
      .min(1)
      .max(2)
      .refine(distinct, { message: 'must not repeat a version' })
      .meta({ description: 'x402 protocol versions the agent can pay with.' }),
    schemes: z.array(token).min(1).max(COMPATIBILITY_LIMITS.schemes).meta({ description: 'Payment schemes it can sign, such as exact.' }),
    networks: z
      .array(token)
      .min(1)
      .max(COMPATIBILITY_LIMITS.networks)
      .meta({ description: 'Networks it can pay on: names (base), chain ids (8453) or CAIP-2 ids (eip155:8453).' }),
    assets: z
      .array(z.strictObject({ network: token, address: nonBlank.max(128) }))
      .max(COMPATIBILITY_LIMITS.assets)
      .optional()
      .meta({ description: 'Tokens it holds and can pay with, per network. Left out: the canonical USDC of each listed network.' }),
    max_amount_per_payment: decimalString
      .nullable()
      .optional()
      .meta({ description: 'Its spending cap per payment in USDC; null: no cap. Left out: the official x402 client default of 1 USD per payment is assumed.' }),
    payment_transports: z
      .array(z.enum(AGENT_PAYMENT_TRANSPORTS))
      .min(1)
      .max(AGENT_PAYMENT_TRANSPORTS.length)
      .refine(distinct, { message: 'must not repeat a transport' })
      .meta({ description: 'Where it can put the signed payment: HTTP headers (v2 PAYMENT-SIGNATURE, v1 X-PAYMENT) or MCP (_meta or a tool argument).' }),
    extensions: z
      .array(token)
      .max(COMPATIBILITY_LIMITS.extensions)
      .optional()
      .meta({ description: 'x402 extensions it implements, such as payment-identifier, offer-receipt, bazaar.' }),
    mcp: z
      .strictObject({
        protocol_versions: z
          .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an MCP revision such as 2025-11-25'))
          .min(1)
          .max(COMPATIBILITY_LIMITS.mcpVersions),
        transports: z.array(z.enum(MCP_TRANSPORTS)).min(1).max(MCP_TRANSPORTS.length),
      })
      .optional()
      .meta({ description: 'MCP client capabilities, when the agent calls the service over MCP.' }),
  })
  .meta({ description: 'What the paying agent (its x402 client) supports.' });

export const agentCompatibilityRequest = z.strictObject({
  agent: agentCapabilities,
  service: z
    .strictObject({
      payment_required: z
        .union([jsonDocument, paymentRequiredHeader])
        .meta({ description: 'The service\'s 402 answer: the JSON body (x402 v1 or v2 PaymentRequired) or the PAYMENT-REQUIRED header value (base64).' }),
      mcp_discovery: jsonDocument.optional().meta({ description: 'The service\'s MCP discovery document (/.well-known/mcp), when the agent calls it over MCP.' }),
      call_via: z.enum(['http', 'mcp']).optional().meta({ description: 'How the agent will call the service; http when left out.' }),
    })
    .meta({ description: 'What the service asks for, as submitted: nothing is fetched.' }),
});
