import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzePriceDisplay } from './analyze.js';

export { analyzePriceDisplay, type PriceDisplayInput, type PriceDisplayResult } from './analyze.js';

/** x402-price-display-unit-sanity-checker: a pure function of its request (docs/tools/x402/price-display-unit-sanity-checker.md). */
export const priceDisplayUnitSanityChecker = defineRequestOnlyTool(catalogEntry('x402_price_display_unit_sanity_checker'), (input) => analyzePriceDisplay(input));
