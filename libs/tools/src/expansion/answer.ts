import type { Confidence } from '@paysight/contracts';
import { requestOnlyMetadata } from '../ext/verdict.js';
import type { ToolMetadata } from '../tool-module.js';

/** What every expansion analyzer concludes, before the spec's field names are put on it. */
export interface ExpansionVerdict<D extends string> {
  decision: D;
  confidence: Confidence;
  summary: string;
  evidence: Record<string, unknown>;
  riskFlags: string[];
  nextAction: string;
  limitations: string[];
}

/**
 * An expansion analyzer's output: its verdict in the envelope's field names, its own additions, and
 * the metadata, whose limitations are the verdict's (a request-only tool's by default).
 */
export function expansionAnswer<D extends string, A extends object>(verdict: ExpansionVerdict<D>, additions: A, metadata: ToolMetadata = requestOnlyMetadata(verdict.limitations)) {
  const { decision, confidence, summary, evidence, riskFlags, nextAction, limitations } = verdict;
  return {
    result: { decision, confidence, summary, evidence, risk_flags: riskFlags, recommended_next_action: nextAction, limitations, ...additions },
    metadata,
  };
}
