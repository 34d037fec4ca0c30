import { catalogEntry } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { Reasons, defineRequestOnlyTool, requestOnlyMetadata } from '../verdict.js';
import { analyzeCoalitions } from './coalition-attribution.js';
import { analyzeDecisionDelta } from './decision-delta.js';
import type { CounterfactualInput, CounterfactualResult } from './rules.js';

export type { CounterfactualInput, CounterfactualResult } from './rules.js';

const SUMMARIES = {
  decision_delta: {
    failed: 'Failed: the two decision states cannot be compared as given.',
    insufficient_evidence: 'Cannot judge the evidence: the decision states or the policy are missing.',
    block: 'Block: by its own updated utilities, the changed decision is materially worse.',
    review: 'Review: the evidence fell short of the policy (materiality or value for its cost).',
    allow: 'The evidence changed the decision by enough to meet the policy.',
  },
  coalition_attribution: {
    failed: 'Failed: the coalition utilities cannot be attributed as given.',
    insufficient_evidence: 'Cannot attribute: coalitions, evidence items or the policy are missing.',
    block: 'Block: the purchased evidence lowers the decision\'s utility on average over coalitions.',
    review: 'Review: the attributed value fell short of the policy.',
    allow: 'The attributed value of the evidence meets the policy.',
  },
} as const;

/**
 * The value of evidence to a decision, from decision states the caller supplies: decision_delta
 * (before and after one piece of evidence) or coalition_attribution (exact Shapley values). Decision:
 * failed when the runtime checks refuse the states, block on a critical finding, insufficient_evidence
 * when the mode's inputs are missing, review on a warning, else allow.
 */
export function analyzeCounterfactualValue(input: CounterfactualInput): ToolOutput<CounterfactualResult> {
  const reasons = new Reasons();
  const findings = input.mode === 'decision_delta' ? analyzeDecisionDelta(input, reasons) : analyzeCoalitions(input, reasons);
  const decision = findings.failed ? 'failed' : reasons.has('critical') ? 'block' : findings.insufficient ? 'insufficient_evidence' : reasons.decide();
  return {
    result: { ...reasons.verdict(decision, SUMMARIES[input.mode][decision]), evidence: findings.evidence, mode: input.mode, ...findings.additions },
    metadata: requestOnlyMetadata(findings.limitations),
  };
}

export const counterfactualValueMeter = defineRequestOnlyTool(catalogEntry('counterfactual_value_meter'), analyzeCounterfactualValue);
