import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeTermsResolution } from './analyze.js';

export { analyzeTermsResolution, type TermsResolverInput, type TermsResolverResult } from './analyze.js';

/** x402-agent-commerce-terms-uri-resolver: a pure function of its request, nothing fetched (docs/tools/x402/agent-commerce-terms-uri-resolver.md). */
export const agentCommerceTermsUriResolver = defineRequestOnlyTool(catalogEntry('x402_agent_commerce_terms_uri_resolver'), (input) => analyzeTermsResolution(input));
