import { Router } from 'express';
import type { DiscoveryDeps } from '../discovery/deps.js';

/** GET /openapi.json and /.well-known/x402.json (issue 15, in progress). */
export function openApiRouter(_deps: DiscoveryDeps): Router {
  return Router();
}
