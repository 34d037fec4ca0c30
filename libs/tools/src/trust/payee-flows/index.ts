import type { ToolMetadata } from '../../tool-module.js';
import type { PayeeFlowAnalysis } from './analyze.js';
import type { PayeeFlowData } from './gather.js';

export { analyzePayeeFlows, PAYEE_FLOW_RULES, SCORE_FORMULA, SCORE_WEIGHTS, type PayeeDecision, type PayeeFlowAnalysis } from './analyze.js';
export { gatherPayeeFlows, PAYEE_FLOW_CAPS, type PayeeFlowData } from './gather.js';


export function payeeFlowMetadata(data: PayeeFlowData, analysis: PayeeFlowAnalysis): ToolMetadata {
  return {
    chain: data.chain,
    dataSourceStatus: data.fundingSource === 'usdc_logs' && data.coverage.dataSourceStatus === 'Live' ? 'Partial' : data.coverage.dataSourceStatus,
    dataNotes: [...data.coverage.notes, `USDC transfers to ${data.payee} read from blocks ${data.window.fromBlock}–${data.window.toBlock}.`],
    limitations: analysis.limits,
  };
}
