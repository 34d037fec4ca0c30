import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeRoutePlanner } from './analyze.js';

export { analyzeRoutePlanner, type RoutePlannerInput, type RoutePlannerResult } from './analyze.js';

/** x402-network-token-route-planner: a pure function of its request (docs/tools/x402/network-token-route-planner.md). */
export const networkTokenRoutePlanner = defineRequestOnlyTool(catalogEntry('x402_network_token_route_planner'), (input) => analyzeRoutePlanner(input));
