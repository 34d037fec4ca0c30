import { z } from 'zod';
import { x402Decimal, withinDocumentBounds } from '../../x402/request-rules.js';

/** Bounds of x402-mcp-paid-tool-permission-scope-auditor's request (design sheet §16). */
export const SCOPE_AUDITOR_LIMITS = { tools: 200, toolScopes: 200, requiredScopes: 20, grantScopes: 100, networks: 20, toolName: 256, scope: 200, network: 64 } as const;

const scope = z.string().min(1).max(SCOPE_AUDITOR_LIMITS.scope);
const toolName = z.string().min(1).max(SCOPE_AUDITOR_LIMITS.toolName);

/** One entry of an MCP tools/list result, as served: free-form except its name (invalid MCP names are reported, not refused). */
export const mcpToolEntry = z
  .looseObject({ name: toolName.meta({ description: 'The tool name; one that breaks the MCP 2025-11-25 name rule is reported as an issue.' }) })
  .superRefine(withinDocumentBounds)
  .meta({ description: 'An MCP tool entry (name, annotations, _meta with x402Required / price, ...). At most 256 KiB and 32 levels.' });

export const mcpPaidToolPermissionScopeAuditorRequest = z.strictObject({
  tools: z.array(mcpToolEntry).min(1).max(SCOPE_AUDITOR_LIMITS.tools).meta({ description: 'The server\'s tools, as its tools/list returns them (1 to 200).' }),
  tool_scopes: z
    .array(
      z.strictObject({
        tool_name: toolName,
        required_scopes: z.array(scope).max(SCOPE_AUDITOR_LIMITS.requiredScopes).meta({ description: 'The OAuth scopes a call of this tool needs (at most 20).' }),
      }),
    )
    .max(SCOPE_AUDITOR_LIMITS.toolScopes)
    .optional()
    .meta({ description: 'The scopes each tool needs (at most 200 entries). Tools without an entry are taken to need none; confidence drops.' }),
  agent_grant: z
    .strictObject({
      scopes: z.array(scope).max(SCOPE_AUDITOR_LIMITS.grantScopes).meta({ description: 'The scopes the agent would be granted (at most 100). "x:*" covers "x:read"; "*" and "*:*" cover everything.' }),
      max_price_per_call: x402Decimal.optional().meta({ description: 'The most the agent may pay per call, a decimal in USDC. Absent: no cap.' }),
      allowed_networks: z
        .array(z.string().min(1).max(SCOPE_AUDITOR_LIMITS.network))
        .min(1)
        .max(SCOPE_AUDITOR_LIMITS.networks)
        .optional()
        .meta({ description: 'The networks the agent may pay on (CAIP-2 or x402 v1 alias). Absent: any network.' }),
      allow_non_readonly: z.boolean().default(false).meta({ description: 'Whether the agent may call tools that are not annotated readOnlyHint true (default false).' }),
    })
    .meta({ description: 'The grant under review.' }),
});
