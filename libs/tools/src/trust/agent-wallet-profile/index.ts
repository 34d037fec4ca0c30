import { catalogEntry } from '@paysight/contracts';
import { chainsRead } from '../../shared/free-chain.js';
import { defineToolModule } from '../../tool-module.js';
import { analyzeAgentWalletProfile } from './analyze.js';
import { gatherAgentWalletProfile } from './gather.js';

export const agentWalletProfile = defineToolModule(catalogEntry('agent_wallet_profile'), {
  // An unknown chain string is passed on as it is: the serving layer refuses it with the served chains.
  chains: (input) => chainsRead(input.chain),
  gather: gatherAgentWalletProfile,
  analyze: analyzeAgentWalletProfile,
});
