import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { x402Decimal } from '../../x402/request-rules.js';

export const BOUNDARY_MAPPER_DECISIONS = ['leaky', 'ambiguous', 'no_paid_tools', 'sealed'] as const;
export const BOUNDARY_STATUSES = ['gated', 'bypass', 'unsignalled', 'price_split', 'free', 'unmapped'] as const;
/** Where an unpaid sample showed its payment requirement, in the x402 MCP transport's order; `none` when nowhere, `not_sampled` without a sample. */
export const BOUNDARY_SIGNALS = ['structured_payment_required', 'structured_x402_error', 'text_json', 'wrapper_payment_required', 'none', 'not_sampled'] as const;
export const BOUNDARY_MAPPED_BY = ['tool_route_map', 'x402_endpoint', 'naming_convention'] as const;

export const boundaryRow = z.object({
  tool: z.string().nullable().meta({ description: 'The MCP tool; null for a REST route no tool maps to.' }),
  route: z.string().nullable().meta({ description: 'The REST route\'s path; null when the tool maps to no listed route.' }),
  mapped_by: z.enum(BOUNDARY_MAPPED_BY).nullable(),
  mcp_paid: z.boolean().nullable().meta({ description: 'null for a route without a tool.' }),
  rest_paid: z.boolean().nullable().meta({ description: 'null for a tool without a listed route.' }),
  mcp_price: x402Decimal.nullable(),
  rest_price: x402Decimal.nullable(),
  signal: z.enum(BOUNDARY_SIGNALS),
  status: z.enum(BOUNDARY_STATUSES),
  evidence: z.array(z.string()).meta({ description: 'JSON pointers into the request behind the status (price, paid flag, sample part read).' }),
});

export const mcpPaidRouteBoundaryMapperResult = x402Result({
  decision: z.enum(BOUNDARY_MAPPER_DECISIONS),
  boundary_map: z.array(boundaryRow).meta({ description: 'One row per MCP tool in input order, then one per REST route no tool maps to, in input order.' }),
  counts: z.strictObject(Object.fromEntries(BOUNDARY_STATUSES.map((s) => [s, z.int().min(0)])) as Record<(typeof BOUNDARY_STATUSES)[number], z.ZodInt>),
});
