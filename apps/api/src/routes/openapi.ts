import { DISCOVERY_PATHS } from '@paysight/contracts';
import { Router, type Response } from 'express';
import type { DiscoveryDeps } from '../discovery/deps.js';
import { openApiDocument } from '../discovery/openapi.js';
import { x402ResourceListDocument } from '../discovery/x402-resources.js';

/** How long clients and shared caches may keep a document before asking again (it changes only with a deploy). */
export const DOCUMENT_MAX_AGE_SECONDS = 300;

/** A document's JSON, built once per public origin (the only input that can change while the process runs). */
function perOrigin(deps: DiscoveryDeps, build: () => unknown): () => string {
  let origin: string | null = null;
  let body = '';
  return () => {
    const current = deps.publicBaseUrl();
    if (current !== origin) {
      body = JSON.stringify(build());
      origin = current;
    }
    return body;
  };
}

/** JSON with an ETag (Express adds it, and answers 304 to a matching If-None-Match) and a public max-age. */
function sendDocument(res: Response, body: string): void {
  res.set('Cache-Control', `public, max-age=${DOCUMENT_MAX_AGE_SECONDS}`).type('application/json').send(body);
}

/** GET /openapi.json and GET /.well-known/x402.json. */
export function openApiRouter(deps: DiscoveryDeps): Router {
  const router = Router();
  const openapi = perOrigin(deps, () => openApiDocument(deps));
  const resources = perOrigin(deps, () => x402ResourceListDocument(deps));
  router.get(DISCOVERY_PATHS.openapi, (_req, res) => sendDocument(res, openapi()));
  router.get(DISCOVERY_PATHS.x402, (_req, res) => sendDocument(res, resources()));
  return router;
}
