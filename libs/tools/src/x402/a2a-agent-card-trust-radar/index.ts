import { catalogEntry } from '@paysight/contracts';
import { defineCheckedRequestTool } from '../../ext/verdict.js';
import { analyzeTrustRadar } from './analyze.js';
import { checkCardSignatures } from './signature.js';

export { analyzeTrustRadar, type TrustRadarInput, type TrustRadarResult } from './analyze.js';
export { checkCardSignatures, type JwsOutcome } from './signature.js';

/** x402-a2a-agent-card-trust-radar: the card's JWS signatures are verified offline first, then a pure scoring (docs/tools/x402/a2a-agent-card-trust-radar.md). */
export const a2aAgentCardTrustRadar = defineCheckedRequestTool(catalogEntry('x402_a2a_agent_card_trust_radar'), checkCardSignatures, (input, outcomes) => analyzeTrustRadar(input, outcomes));
