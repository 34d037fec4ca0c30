import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { classifyFailureFacts } from './analyze.js';

export { classifyFailureFacts, type FailureFactInput, type FailureFactResult } from './analyze.js';

/** x402-failure-fact-classifier: a pure function of its request (docs/tools/x402/failure-fact-classifier.md). */
export const failureFactClassifier = defineRequestOnlyTool(catalogEntry('x402_failure_fact_classifier'), (input) => classifyFailureFacts(input));
