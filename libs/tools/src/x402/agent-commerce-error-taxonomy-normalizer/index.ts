import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { normalizeErrorTaxonomy } from './analyze.js';

export { normalizeErrorTaxonomy, type ErrorNormalizerInput, type ErrorNormalizerResult } from './analyze.js';

/** x402-agent-commerce-error-taxonomy-normalizer: a pure function of its request (docs/tools/x402/agent-commerce-error-taxonomy-normalizer.md). */
export const agentCommerceErrorTaxonomyNormalizer = defineRequestOnlyTool(catalogEntry('x402_agent_commerce_error_taxonomy_normalizer'), (input) => normalizeErrorTaxonomy(input));
