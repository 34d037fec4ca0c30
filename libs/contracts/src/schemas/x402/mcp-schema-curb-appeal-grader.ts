import { z } from 'zod';
import { mcpToolEntry } from './mcp-paid-tool-permission-scope-auditor.js';

/** Bounds of x402-mcp-schema-curb-appeal-grader's request (design sheet §28). */
export const CURB_APPEAL_LIMITS = { tools: 100 } as const;

export const mcpSchemaCurbAppealGraderRequest = z.strictObject({
  tools: z
    .array(mcpToolEntry)
    .min(1)
    .max(CURB_APPEAL_LIMITS.tools)
    .meta({ description: 'The MCP tool definitions to grade (1 to 100), as tools/list returns them: name, title, description, inputSchema, outputSchema, annotations, _meta.' }),
});
