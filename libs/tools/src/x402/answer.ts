import { X402_ENVELOPE_LIMITS, X402_REFERENCE_DATA_VERSION, type Confidence } from '@paysight/contracts';
import { requestOnlyMetadata } from '../ext/verdict.js';
import type { ToolMetadata } from '../tool-module.js';
import { riskFlags } from './helpers.js';

/** What every x402-* analyzer concludes, before the envelope's field names are put on it. */
export interface X402Verdict<D extends string> {
  decision: D;
  confidence: Confidence;
  summary: string;
  riskFlags: Iterable<string>;
  nextAction: string;
  limitations: string[];
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * An x402-* analyzer's output: the verdict of the strict v0.1 envelope (summary ≤500 and next action
 * ≤300 characters, risk flags sorted and unique), the tool's own additions, and the metadata the
 * envelope needs from the tool: reference_data_version and, for tools that read the clock, as_of.
 * The serving layer adds paymentStatus, input_fingerprint and the identifiers.
 */
export function x402Answer<D extends string, A extends object>(verdict: X402Verdict<D>, additions: A, options: { asOf?: string } = {}): { result: X402VerdictFields<D> & A; metadata: ToolMetadata } {
  const result = {
    decision: verdict.decision,
    confidence: verdict.confidence,
    summary: clip(verdict.summary, X402_ENVELOPE_LIMITS.summary),
    risk_flags: riskFlags(verdict.riskFlags),
    recommended_next_action: clip(verdict.nextAction, X402_ENVELOPE_LIMITS.recommendedNextAction),
    limitations: verdict.limitations,
    ...additions,
  };
  const metadata: ToolMetadata = { ...requestOnlyMetadata(verdict.limitations), reference_data_version: X402_REFERENCE_DATA_VERSION };
  if (options.asOf !== undefined) metadata.as_of = options.asOf;
  return { result, metadata };
}

export interface X402VerdictFields<D extends string> {
  decision: D;
  confidence: Confidence;
  summary: string;
  risk_flags: string[];
  recommended_next_action: string;
  limitations: string[];
}
