import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeMerchantOfRecord } from './analyze.js';

export { analyzeMerchantOfRecord, type MorExplainerInput, type MorExplainerResult } from './analyze.js';

/** x402-merchant-of-record-boundary-explainer: a pure function of its request (docs/tools/x402/merchant-of-record-boundary-explainer.md). */
export const merchantOfRecordBoundaryExplainer = defineRequestOnlyTool(catalogEntry('x402_merchant_of_record_boundary_explainer'), (input) => analyzeMerchantOfRecord(input));
