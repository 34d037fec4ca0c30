import type { ToolMetadata } from '../../tool-module.js';
import type { PayeeFlowAnalysis } from './analyze.js';
import type { PayeeFlowData } from './gather.js';

export { analyzePayeeFlows, PAYEE_FLOW_RULES, SCORE_FORMULA, SCORE_WEIGHTS, type PayeeDecision, type PayeeFlowAnalysis } from './analyze.js';
export { gatherPayeeFlows, PAYEE_FLOW_CAPS, type PayeeFlowData } from './gather.js';

export function payeeFlowMetadata(data: PayeeFlowData, analysis: PayeeFlowAnalysis): ToolMetadata {
  return {
    chain: data.chain,
    dataSourceStatus: data.fundingSource === 'usdc_logs' && data.coverage.dataSourceStatus === 'Live' ? 'Partial' : data.coverage.dataSourceStatus,
    dataNotes: [
      ...data.coverage.notes,
      `USDC transfers of ${data.payee} read newest first in one-day pages up to block ${data.window.toBlock}: payments to it from block ${data.reads.payments.readFromBlock}, transfers from it from block ${data.reads.outflows.readFromBlock}.`,
    ],
    limitations: analysis.limits,
  };
}
