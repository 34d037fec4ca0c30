import { DISCOVERY_PATHS } from '@paysight/contracts';
import { TOOLSETS, parseToolsets, type Toolset } from '@paysight/mcp-adapter';
import { Router } from 'express';
import type { DiscoveryDeps } from '../discovery/deps.js';
import { buildLlmsTxt } from '../discovery/llms-txt.js';
import { buildDiscoveryManifest } from '../discovery/manifest.js';
import { buildMcpDiscovery, listedTools } from '../discovery/mcp-discovery.js';
import { cachedDocument, memoize, serveDocument } from '../http/cached-document.js';
import { sendError } from '../http/errors.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/**
 * The discovery manifest (/api/agents/manifest and /.well-known/ai), the MCP discovery document
 * (/.well-known/mcp, ?toolsets= as on /api/mcp) and /llms.txt. Each is a pure function of the
 * catalog, the settings and the public origin: built once per origin, served with an ETag.
 */
export function manifestsRouter(deps: DiscoveryDeps): Router {
  const router = Router();
  const mcpNames = () => listedTools(deps.mcp).map((tool) => tool.name);

  const manifest = memoize((baseUrl) =>
    cachedDocument(JSON.stringify(buildDiscoveryManifest({ baseUrl, agentDiscovery: deps.agentDiscovery, mcpToolNames: mcpNames(), x402: deps.x402, receiptSigner: deps.payments.receiptSigner })), JSON_TYPE),
  );
  const llmsTxt = memoize((baseUrl) => cachedDocument(buildLlmsTxt({ baseUrl, agentDiscovery: deps.agentDiscovery, mcpToolNames: mcpNames() }), MARKDOWN_TYPE));
  const mcpDiscovery = memoize((key) => {
    const [baseUrl, selection] = JSON.parse(key) as [string, Toolset[] | null];
    const allTools = listedTools(deps.mcp);
    const tools = selection ? listedTools(deps.mcp, selection) : allTools;
    return cachedDocument(JSON.stringify(buildMcpDiscovery({ baseUrl, agentDiscovery: deps.agentDiscovery, allTools, tools, ...(selection ? { selected: selection } : {}) })), JSON_TYPE);
  });

  serveDocument(router, [DISCOVERY_PATHS.manifest, DISCOVERY_PATHS.ai], () => manifest(deps.publicBaseUrl()));
  serveDocument(router, [DISCOVERY_PATHS.llmsTxt], () => llmsTxt(deps.publicBaseUrl()));
  serveDocument(router, [DISCOVERY_PATHS.mcp], (req, res) => {
    const asked = req.query.toolsets;
    const parsed = parseToolsets(Array.isArray(asked) ? asked.join(',') : typeof asked === 'string' ? asked : undefined);
    if (!parsed.ok) {
      sendError(res, 400, 'invalid_request', `Invalid toolsets: ${parsed.problem}.`);
      return null;
    }
    const selection = parsed.toolsets.length === TOOLSETS.length ? null : parsed.toolsets;
    return mcpDiscovery(JSON.stringify([deps.publicBaseUrl(), selection]));
  });
  return router;
}
