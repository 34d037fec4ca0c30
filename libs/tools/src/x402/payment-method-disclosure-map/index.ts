import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeDisclosureMap } from './analyze.js';

export { analyzeDisclosureMap, type DisclosureMapInput, type DisclosureMapResult } from './analyze.js';

/** x402-payment-method-disclosure-map: a pure function of its request (docs/tools/x402/payment-method-disclosure-map.md). */
export const paymentMethodDisclosureMap = defineRequestOnlyTool(catalogEntry('x402_payment_method_disclosure_map'), (input) => analyzeDisclosureMap(input));
