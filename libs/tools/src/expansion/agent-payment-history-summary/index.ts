import { catalogEntry, PAYMENT_HISTORY_DEFAULT_LOOKBACK_DAYS } from '@paysight/contracts';
import { chainsRead, requestedChain } from '../../shared/free-chain.js';
import { defineToolModule } from '../../tool-module.js';
import { analyzePaymentHistory } from './analyze.js';
import { gatherPaymentHistory } from './gather.js';

export { analyzePaymentHistory, HISTORY_RULES, RESOURCE_PATH_NOTE } from './analyze.js';
export { gatherPaymentHistory, PAYMENT_HISTORY_CAPS, type PaymentHistoryData, type TimedPayment } from './gather.js';

export const agentPaymentHistorySummary = defineToolModule(catalogEntry('agent_payment_history_summary'), {
  chains: (input) => chainsRead(input.chain),
  gather: (input, ports) => gatherPaymentHistory(ports.chain, requestedChain(input.chain), input.payee, input.lookback_days ?? PAYMENT_HISTORY_DEFAULT_LOOKBACK_DAYS),
  analyze: (input, data) => analyzePaymentHistory(data, input.resource_path),
});
