import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeSpendClassifier } from './analyze.js';

export { analyzeSpendClassifier, type SpendClassifierInput, type SpendClassifierResult } from './analyze.js';

/** x402-svc-agent-spend-category-classifier: a pure function of its request (docs/tools/x402/svc-agent-spend-category-classifier.md). */
export const svcAgentSpendCategoryClassifier = defineRequestOnlyTool(catalogEntry('x402_svc_agent_spend_category_classifier'), (input) => analyzeSpendClassifier(input));
