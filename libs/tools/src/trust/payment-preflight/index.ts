import { catalogEntry } from '@paysight/contracts';
import { chainsRead } from '../../shared/free-chain.js';
import { defineToolModule } from '../../tool-module.js';
import { analyzePaymentPreflight } from './analyze.js';
import { gatherPaymentPreflight } from './gather.js';

export const paymentPreflight = defineToolModule(catalogEntry('agent_payment_preflight'), {
  // An unknown chain string goes through as is: the serving layer answers it with the served chains.
  chains: (input) => chainsRead(input.chain),
  gather: gatherPaymentPreflight,
  analyze: analyzePaymentPreflight,
});

export { analyzePaymentPreflight, gatherPaymentPreflight };
