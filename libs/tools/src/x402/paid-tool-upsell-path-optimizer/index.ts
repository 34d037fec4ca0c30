import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeUpsellPath } from './analyze.js';

export { analyzeUpsellPath, type UpsellPathInput, type UpsellPathResult } from './analyze.js';

/** x402-paid-tool-upsell-path-optimizer: a pure function of its request (docs/tools/x402/paid-tool-upsell-path-optimizer.md). */
export const paidToolUpsellPathOptimizer = defineRequestOnlyTool(catalogEntry('x402_paid_tool_upsell_path_optimizer'), (input) => analyzeUpsellPath(input));
