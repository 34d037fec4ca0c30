import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeProfileNormalizer } from './analyze.js';

export { analyzeProfileNormalizer, type ProfileNormalizerInput, type ProfileNormalizerResult } from './analyze.js';

/** x402-cross-protocol-agent-commerce-profile-normalizer: a pure function of its request (docs/tools/x402/cross-protocol-agent-commerce-profile-normalizer.md). */
export const crossProtocolAgentCommerceProfileNormalizer = defineRequestOnlyTool(catalogEntry('x402_cross_protocol_agent_commerce_profile_normalizer'), (input) => analyzeProfileNormalizer(input));
