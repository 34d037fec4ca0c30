import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeChallengeNormalizer } from './analyze.js';

export { analyzeChallengeNormalizer, type ChallengeNormalizerInput, type ChallengeNormalizerResult } from './analyze.js';

/** x402-multi-provider-challenge-normalizer: a pure function of its request (docs/tools/x402/multi-provider-challenge-normalizer.md). */
export const multiProviderChallengeNormalizer = defineRequestOnlyTool(catalogEntry('x402_multi_provider_challenge_normalizer'), (input) => analyzeChallengeNormalizer(input));
