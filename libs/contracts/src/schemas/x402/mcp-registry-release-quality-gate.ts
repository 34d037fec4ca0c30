import { z } from 'zod';
import { x402DocumentOf } from '../../x402/request-rules.js';
import { mcpToolEntry } from './mcp-paid-tool-permission-scope-auditor.js';

/** Bounds of x402-mcp-registry-release-quality-gate's request (design sheet §44). */
export const RELEASE_GATE_LIMITS = { serverJsonBytes: 64 * 1024, tools: 200 } as const;

const serverJson = x402DocumentOf(RELEASE_GATE_LIMITS.serverJsonBytes).meta({ description: 'A server.json (MCP registry schema 2025-09-29), at most 64 KiB serialized and 32 levels deep.' });
const tools = z.array(mcpToolEntry).max(RELEASE_GATE_LIMITS.tools);

export const mcpRegistryReleaseQualityGateRequest = z.strictObject({
  server_json: serverJson,
  tools: tools.optional().meta({ description: 'The tools/list of the release (at most 200). Needed to check tool names and, with previous.tools, the version bump.' }),
  previous: z
    .strictObject({
      server_json: serverJson.meta({ description: 'The server.json of the last published release.' }),
      tools: tools.optional().meta({ description: 'The tools/list of the last published release (at most 200).' }),
    })
    .optional()
    .meta({ description: 'The last published release, to check that the version bump covers the breaking tool changes.' }),
});
