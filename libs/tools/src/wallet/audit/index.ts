import { catalogEntry } from '@paysight/contracts';
import { defineToolModule } from '../../tool-module.js';
import { gatherWalletEvidence } from '../evidence/gather.js';
import { analyzeWalletAudit } from './analyze.js';
import { narrateWalletAudit } from './narration.js';

/** wallet_audit: wallet evidence -> risk engine -> every result field; optional AI sections at the end. */
export const walletAudit = defineToolModule(catalogEntry('wallet_audit'), {
  chains: (input) => [input.chain],
  gather: gatherWalletEvidence,
  analyze: analyzeWalletAudit,
  finish: narrateWalletAudit,
});

export { analyzeWalletAudit, AUDIT_LIST_LIMITS, DETERMINISTIC_GENERATION, SECTION_BUILDERS } from './analyze.js';
export { AUDIT_NARRATION_INSTRUCTIONS, MAX_AI_SECTIONS, narrateWalletAudit, narrationFacts } from './narration.js';
export { addressLabel, tallyCounterparties, toCounterparty, toFlow, type Tally } from './flows.js';
