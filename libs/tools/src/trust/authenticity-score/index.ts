import { catalogEntry, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import { chainsRead, requestedChain } from '../../shared/free-chain.js';
import { defineToolModule, type AnalyzeContext, type ToolOutput, type ToolPorts } from '../../tool-module.js';
import { analyzePayeeFlows, gatherPayeeFlows, payeeFlowMetadata, type PayeeDecision, type PayeeFlowData } from '../payee-flows/index.js';

type AuthenticityScoreRequest = RequestOf<CatalogEntryOf<'authenticity_score'>>;
type AuthenticityScoreResult = ResultOf<CatalogEntryOf<'authenticity_score'>>;

const NEXT_ACTION: Record<PayeeDecision, string> = {
  authentic: 'Proceed: many independent payers pay this payee; keep checking receipts of your own payments.',
  suspicious: 'Do not rely on this seller’s payment history as proof of demand; review the flagged funding and round-trip evidence before paying.',
  inconclusive: 'Treat the payment history as weak evidence; start with a small payment or ask for other references.',
  insufficient_data: 'Too few independent payments to judge; widen timeframe_days or pay only what you can afford to lose.',
};

export async function gatherAuthenticityScore(input: AuthenticityScoreRequest, ports: ToolPorts): Promise<PayeeFlowData> {
  return gatherPayeeFlows(ports.chain, requestedChain(input.chain), input.payee, input.timeframe_days);
}

export function analyzeAuthenticityScore(_input: AuthenticityScoreRequest, data: PayeeFlowData, _context: AnalyzeContext): ToolOutput<AuthenticityScoreResult> {
  const a = analyzePayeeFlows(data);
  const summary =
    a.metrics.payments === 0
      ? `No USDC payment to ${data.payee} on ${data.chain} in the last ${data.window.days} day(s).`
      : `${a.metrics.payments} USDC payment(s) from ${a.metrics.distinctPayers} payer(s) in ${data.window.days} day(s); authenticity score ${a.score} (${a.decision})` +
        (a.riskFlags.length ? `; flags: ${a.riskFlags.join(', ')}.` : '.');
  return {
    result: {
      decision: a.decision,
      confidence: a.confidence,
      summary,
      evidence: a.evidence,
      risk_flags: a.riskFlags,
      recommended_next_action: NEXT_ACTION[a.decision],
      limits: a.limits,
      authenticity_score: a.score,
      payment_graph: a.graph,
    },
    metadata: payeeFlowMetadata(data, a),
  };
}

export const authenticityScore = defineToolModule(catalogEntry('authenticity_score'), {
  chains: (input) => chainsRead(input.chain),
  gather: gatherAuthenticityScore,
  analyze: analyzeAuthenticityScore,
});
