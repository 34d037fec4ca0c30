import { z } from 'zod';
import { x402Decimal, x402DocumentOf } from '../../x402/request-rules.js';
import { mcpToolEntry } from './mcp-paid-tool-permission-scope-auditor.js';

/** Bounds of x402-mcp-paid-route-boundary-mapper's request (design sheet §27). */
export const BOUNDARY_MAPPER_LIMITS = { tools: 200, routes: 200, mapEntries: 200, samples: 50, sampleBytes: 64 * 1024, path: 2048, method: 16, toolName: 256 } as const;

const toolName = z.string().min(1).max(BOUNDARY_MAPPER_LIMITS.toolName);
const routePath = z.string().min(1).max(BOUNDARY_MAPPER_LIMITS.path);

export const mcpPaidRouteBoundaryMapperRequest = z.strictObject({
  mcp_tools: z.array(mcpToolEntry).min(1).max(BOUNDARY_MAPPER_LIMITS.tools).meta({ description: 'The server\'s MCP tools, as tools/list returns them (1 to 200); paid when _meta.x402Required is true or _meta.price is present.' }),
  rest_routes: z
    .array(
      z.strictObject({
        path: routePath.meta({ description: 'The route\'s path ("/api/tx-status") or URL (only its path is compared).' }),
        method: z.string().min(1).max(BOUNDARY_MAPPER_LIMITS.method).optional(),
        paid: z.boolean().meta({ description: 'Whether an unpaid REST call gets a 402.' }),
        price: x402Decimal.optional().meta({ description: 'The route\'s price, a USDC decimal.' }),
      }),
    )
    .max(BOUNDARY_MAPPER_LIMITS.routes)
    .default([])
    .meta({ description: 'The same server\'s REST routes (at most 200). Absent: no REST route is known, so every paid tool is unmapped.' }),
  tool_route_map: z
    .array(z.strictObject({ tool_name: toolName, path: routePath }))
    .max(BOUNDARY_MAPPER_LIMITS.mapEntries)
    .optional()
    .meta({ description: 'Explicit tool → route pairs (at most 200); they win over _meta.x402Endpoint and the svc_<id> naming convention.' }),
  unpaid_call_samples: z
    .array(
      z.strictObject({
        tool_name: toolName,
        result: x402DocumentOf(BOUNDARY_MAPPER_LIMITS.sampleBytes).meta({ description: 'What a tools/call without payment returned: a CallToolResult or the {status, ...} wrapper; at most 64 KiB.' }),
      }),
    )
    .max(BOUNDARY_MAPPER_LIMITS.samples)
    .optional()
    .meta({ description: 'Results of calling tools without payment (at most 50).' }),
});
