import { z } from 'zod';
import { x402Document, x402Hash } from '../../x402/request-rules.js';

/** Bounds of x402-mcp-operation-stability-ledger's request (design sheet §7; docs/tools/x402/mcp-operation-stability-ledger.md). */
export const OPERATION_LEDGER_LIMITS = { serverLabel: 200, minSnapshots: 2, maxSnapshots: 60, tools: 200, serverVersion: 64, toolName: 128, title: 200, description: 4096 } as const;

/** One MCP tool definition as tools/list returns it (the fields the ledger reads; no others). */
export const operationLedgerTool = z.strictObject({
  name: z.string().min(1).max(OPERATION_LEDGER_LIMITS.toolName),
  title: z.string().max(OPERATION_LEDGER_LIMITS.title).optional(),
  description: z.string().max(OPERATION_LEDGER_LIMITS.description).optional(),
  inputSchema: x402Document.optional(),
  outputSchema: x402Document.optional(),
  annotations: x402Document.optional(),
  _meta: x402Document.optional().meta({ description: 'The tool\'s _meta; a price is read from _meta.price (a decimal string or {amount}).' }),
});

export const mcpOperationStabilityLedgerRequest = z.strictObject({
  server_label: z.string().min(1).max(OPERATION_LEDGER_LIMITS.serverLabel).meta({ description: 'Which server the snapshots are of (a label; nothing is contacted).' }),
  snapshots: z
    .array(
      z.strictObject({
        captured_at: z.iso.datetime({ offset: true }),
        server_version: z.string().min(1).max(OPERATION_LEDGER_LIMITS.serverVersion).optional(),
        tools: z.array(operationLedgerTool).max(OPERATION_LEDGER_LIMITS.tools),
      }),
    )
    .min(OPERATION_LEDGER_LIMITS.minSnapshots)
    .max(OPERATION_LEDGER_LIMITS.maxSnapshots)
    .meta({ description: 'tools/list snapshots of one server, in any order (sorted by captured_at).' }),
  previous_ledger_head: x402Hash.optional().meta({ description: 'The ledger_head of the previous run, to chain this run onto it.' }),
});
