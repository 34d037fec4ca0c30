import { DISCOVERY_PATHS } from '@paysight/contracts';
import { Router } from 'express';
import { AGENTS_PAGE_CSP, renderAgentsPage } from '../agents-page/page.js';
import type { DiscoveryDeps } from '../discovery/deps.js';
import { listedTools } from '../discovery/mcp-discovery.js';
import { sendError } from '../http/errors.js';

/** Public and the same for everyone: shared caches may keep it a few minutes. */
const PAGE_HEADERS = {
  'Content-Security-Policy': AGENTS_PAGE_CSP,
  'Cache-Control': 'public, max-age=300',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

const mcpToolNames = (mcp: DiscoveryDeps['mcp'] | undefined) => (mcp ? new Set(listedTools(mcp).map((tool) => tool.name)) : undefined);

/** GET /agents: the catalog as a page for people, with search, schemas, examples and the discovery documents. */
export function agentsPageRouter(deps: Pick<DiscoveryDeps, 'publicBaseUrl' | 'agentDiscovery'> & { mcp?: DiscoveryDeps['mcp'] }): Router {
  const router = Router();
  // Rendered again only when the public origin changes (it is read per request).
  let rendered = { baseUrl: '', page: '' };
  router.get(DISCOVERY_PATHS.agentsPage, (_req, res) => {
    const baseUrl = deps.publicBaseUrl();
    if (rendered.baseUrl !== baseUrl) rendered = { baseUrl, page: renderAgentsPage({ baseUrl, agentDiscovery: deps.agentDiscovery, mcpToolNames: mcpToolNames(deps.mcp) }) };
    res.status(200).type('html').set(PAGE_HEADERS).send(rendered.page);
  });
  router.all(DISCOVERY_PATHS.agentsPage, (_req, res) => {
    res.setHeader('Allow', 'GET, HEAD');
    sendError(res, 405, 'method_not_allowed', 'The /agents page is read with GET.');
  });
  return router;
}
