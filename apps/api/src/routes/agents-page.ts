import { Router } from 'express';
import type { DiscoveryDeps } from '../discovery/deps.js';

/** GET /agents, the human catalog page (issue 15, in progress). */
export function agentsPageRouter(_deps: DiscoveryDeps): Router {
  return Router();
}
