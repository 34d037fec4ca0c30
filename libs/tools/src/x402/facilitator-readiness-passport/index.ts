import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { issueReadinessPassport } from './analyze.js';

export { issueReadinessPassport, type ReadinessInput, type ReadinessResult } from './analyze.js';

/** x402-facilitator-readiness-passport: a pure function of its request (docs/tools/x402/facilitator-readiness-passport.md). */
export const facilitatorReadinessPassport = defineRequestOnlyTool(catalogEntry('x402_facilitator_readiness_passport'), (input) => issueReadinessPassport(input));
