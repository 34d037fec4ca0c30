import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzePiiCheck } from './analyze.js';

export { analyzePiiCheck, detect, mask, recommend, type PiiCheckInput, type PiiCheckResult } from './analyze.js';

/** x402-commerce-pii-minimization-check: a pure function of its request (docs/tools/x402/commerce-pii-minimization-check.md). */
export const commercePiiMinimizationCheck = defineRequestOnlyTool(catalogEntry('x402_commerce_pii_minimization_check'), (input) => analyzePiiCheck(input));
