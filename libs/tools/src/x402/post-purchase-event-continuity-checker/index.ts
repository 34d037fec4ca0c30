import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { checkContinuity } from './analyze.js';

export { checkContinuity, type ContinuityInput, type ContinuityResult } from './analyze.js';

/** x402-post-purchase-event-continuity-checker: a pure function of its request and the clock (docs/tools/x402/post-purchase-event-continuity-checker.md). */
export const postPurchaseEventContinuityChecker = defineRequestOnlyTool(catalogEntry('x402_post_purchase_event_continuity_checker'), (input, context) => checkContinuity(input, context));
