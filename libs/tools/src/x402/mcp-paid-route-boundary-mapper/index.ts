import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeBoundaryMapper } from './analyze.js';

export { analyzeBoundaryMapper, readSample, routeKey, type BoundaryMapperInput, type BoundaryMapperResult } from './analyze.js';

/** x402-mcp-paid-route-boundary-mapper: a pure function of its request (docs/tools/x402/mcp-paid-route-boundary-mapper.md). */
export const mcpPaidRouteBoundaryMapper = defineRequestOnlyTool(catalogEntry('x402_mcp_paid_route_boundary_mapper'), (input) => analyzeBoundaryMapper(input));
