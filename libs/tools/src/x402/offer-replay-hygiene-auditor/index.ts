import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeReplayAuditor } from './analyze.js';

export { analyzeReplayAuditor, type ReplayAuditorInput, type ReplayAuditorResult } from './analyze.js';

/** x402-offer-replay-hygiene-auditor: a pure function of its request (docs/tools/x402/offer-replay-hygiene-auditor.md). */
export const offerReplayHygieneAuditor = defineRequestOnlyTool(catalogEntry('x402_offer_replay_hygiene_auditor'), (input) => analyzeReplayAuditor(input));
