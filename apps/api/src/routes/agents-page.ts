import { DISCOVERY_PATHS } from '@paysight/contracts';
import { Router } from 'express';
import { AGENTS_PAGE_CSP, renderAgentsPage } from '../agents-page/page.js';
import type { DiscoveryDeps } from '../discovery/deps.js';
import { listedTools } from '../discovery/mcp-discovery.js';
import { cachedDocument, memoize, serveDocument } from '../http/cached-document.js';

/** Besides the document headers (ETag, gzip, public cache lifetime): nothing loads from elsewhere. */
const PAGE_HEADERS = {
  'Content-Security-Policy': AGENTS_PAGE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

const mcpToolNames = (mcp: DiscoveryDeps['mcp'] | undefined) => (mcp ? new Set(listedTools(mcp).map((tool) => tool.name)) : undefined);

/** GET /agents: the catalog as a page for people, with search, schemas, examples and the discovery documents. */
export function agentsPageRouter(deps: Pick<DiscoveryDeps, 'publicBaseUrl' | 'agentDiscovery'> & { mcp?: DiscoveryDeps['mcp'] }): Router {
  const router = Router();
  // Rendered once per public origin (it is read per request), and served as a document: ETag and gzip.
  const page = memoize((baseUrl) =>
    cachedDocument(renderAgentsPage({ baseUrl, agentDiscovery: deps.agentDiscovery, mcpToolNames: mcpToolNames(deps.mcp) }), 'text/html; charset=utf-8'),
  );
  serveDocument(router, [DISCOVERY_PATHS.agentsPage], (_req, res) => {
    res.set(PAGE_HEADERS);
    return page(deps.publicBaseUrl());
  });
  return router;
}
