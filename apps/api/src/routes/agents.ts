import { Router } from 'express';
import type { DiscoveryDeps } from '../discovery/deps.js';

/** POST /api/agents/recommend and GET /api/agents/workflows/manifest (issue 15, in progress). */
export function agentsRouter(_deps: DiscoveryDeps): Router {
  return Router();
}
