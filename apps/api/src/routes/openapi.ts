import { DISCOVERY_PATHS } from '@paysight/contracts';
import { Router } from 'express';
import type { DiscoveryDeps } from '../discovery/deps.js';
import { openApiDocument } from '../discovery/openapi.js';
import { x402ResourceListDocument } from '../discovery/x402-resources.js';
import { cachedDocument, memoize, serveDocument } from '../http/cached-document.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * GET /openapi.json and GET /.well-known/x402.json. Both are functions of the catalog and of the
 * offers the processor builds for the public origin: built once per origin, served with an ETag.
 */
export function openApiRouter(deps: DiscoveryDeps): Router {
  const router = Router();
  const openapi = memoize((baseUrl) => cachedDocument(JSON.stringify(openApiDocument({ baseUrl, payments: deps.payments })), JSON_TYPE));
  const resources = memoize((baseUrl) => cachedDocument(JSON.stringify(x402ResourceListDocument({ baseUrl, payments: deps.payments })), JSON_TYPE));
  serveDocument(router, [DISCOVERY_PATHS.openapi], () => openapi(deps.publicBaseUrl()));
  serveDocument(router, [DISCOVERY_PATHS.x402], () => resources(deps.publicBaseUrl()));
  return router;
}
