import { catalogEntry, resolveChain, type ChainName } from '@paysight/contracts';
import { defineToolModule } from '../../tool-module.js';
import { analyzePaymentPreflight } from './analyze.js';
import { gatherPaymentPreflight } from './gather.js';

export const paymentPreflight = defineToolModule(catalogEntry('agent_payment_preflight'), {
  // An unknown chain string goes through as is: the serving layer answers it with the served chains.
  chains: (input) => [resolveChain(input.chain)?.name ?? (input.chain as ChainName)],
  gather: gatherPaymentPreflight,
  analyze: analyzePaymentPreflight,
});

export { analyzePaymentPreflight, gatherPaymentPreflight };
