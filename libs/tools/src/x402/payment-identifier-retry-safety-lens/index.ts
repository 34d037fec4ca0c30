import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { judgeRetrySafety } from './analyze.js';

export { judgeRetrySafety, type RetryLensInput, type RetryLensResult } from './analyze.js';

/** x402-payment-identifier-retry-safety-lens: a pure function of its request (docs/tools/x402/payment-identifier-retry-safety-lens.md). */
export const paymentIdentifierRetrySafetyLens = defineRequestOnlyTool(catalogEntry('x402_payment_identifier_retry_safety_lens'), (input) => judgeRetrySafety(input));
