import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeFailoverPlan } from './analyze.js';

export { analyzeFailoverPlan, type FailoverPlannerInput, type FailoverPlannerResult } from './analyze.js';

/** x402-multi-chain-facilitator-failover-planner: a pure function of its request (docs/tools/x402/multi-chain-facilitator-failover-planner.md). */
export const multiChainFacilitatorFailoverPlanner = defineRequestOnlyTool(catalogEntry('x402_multi_chain_facilitator_failover_planner'), (input) => analyzeFailoverPlan(input));

