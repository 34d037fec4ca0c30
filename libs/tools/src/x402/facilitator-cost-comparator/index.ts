import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeFacilitatorCost } from './analyze.js';

export { analyzeFacilitatorCost, bpsFee, type FacilitatorCostInput, type FacilitatorCostResult } from './analyze.js';

/** x402-facilitator-cost-comparator: a pure function of its request and the clock (docs/tools/x402/facilitator-cost-comparator.md). */
export const facilitatorCostComparator = defineRequestOnlyTool(catalogEntry('x402_facilitator_cost_comparator'), (input, context) => analyzeFacilitatorCost(input, context));
