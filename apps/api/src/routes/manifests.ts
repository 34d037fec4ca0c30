import { Router } from 'express';
import type { DiscoveryDeps } from '../discovery/deps.js';

/** the discovery manifests, /.well-known/ai, /.well-known/mcp and /llms.txt (issue 15, in progress). */
export function manifestsRouter(_deps: DiscoveryDeps): Router {
  return Router();
}
