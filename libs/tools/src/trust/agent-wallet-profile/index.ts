import { catalogEntry, resolveChain, type ChainName } from '@paysight/contracts';
import { defineToolModule } from '../../tool-module.js';
import { analyzeAgentWalletProfile } from './analyze.js';
import { gatherAgentWalletProfile } from './gather.js';

export const agentWalletProfile = defineToolModule(catalogEntry('agent_wallet_profile'), {
  // An unknown chain string is passed on as it is: the serving layer refuses it with the served chains.
  chains: (input) => [(resolveChain(input.chain)?.name ?? input.chain) as ChainName],
  gather: gatherAgentWalletProfile,
  analyze: analyzeAgentWalletProfile,
});
