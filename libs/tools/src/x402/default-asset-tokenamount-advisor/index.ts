import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeTokenAmounts } from './analyze.js';

export { analyzeTokenAmounts, type TokenAmountInput, type TokenAmountResult } from './analyze.js';

/** x402-default-asset-tokenamount-advisor: a pure function of its request (docs/tools/x402/default-asset-tokenamount-advisor.md). */
export const defaultAssetTokenamountAdvisor = defineRequestOnlyTool(catalogEntry('x402_default_asset_tokenamount_advisor'), (input) => analyzeTokenAmounts(input));
