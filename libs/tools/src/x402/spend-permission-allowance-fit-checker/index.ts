import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeSpendPermissionFit } from './analyze.js';

export { analyzeSpendPermissionFit, type SpendPermissionFitInput, type SpendPermissionFitResult } from './analyze.js';

/** x402-spend-permission-allowance-fit-checker: a pure function of its request (docs/tools/x402/spend-permission-allowance-fit-checker.md). */
export const spendPermissionAllowanceFitChecker = defineRequestOnlyTool(catalogEntry('x402_spend_permission_allowance_fit_checker'), (input) => analyzeSpendPermissionFit(input));
