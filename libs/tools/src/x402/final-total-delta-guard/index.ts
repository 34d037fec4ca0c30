import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeFinalTotal } from './analyze.js';

export { analyzeFinalTotal, type FinalTotalInput, type FinalTotalResult } from './analyze.js';

/** x402-final-total-delta-guard: a pure function of its request (docs/tools/x402/final-total-delta-guard.md). */
export const finalTotalDeltaGuard = defineRequestOnlyTool(catalogEntry('x402_final_total_delta_guard'), (input) => analyzeFinalTotal(input));
