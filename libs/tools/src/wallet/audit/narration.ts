import type { AiSection, Generation, NarrationOutcome, WalletAuditResult, WalletRequest } from '@paysight/contracts';
import type { AnalyzeContext, ToolOutput, ToolPorts } from '../../tool-module.js';

/** At most this many AI sections are asked for and accepted. */
export const MAX_AI_SECTIONS = 3;

export const AUDIT_NARRATION_INSTRUCTIONS = [
  'Explain this wallet risk audit to an operator in plain language, in at most three short sections:',
  'what the risk score rests on (each flag and its strongest evidence), what the money flows show, and what to do next.',
  'Exposure findings are what was done to the wallet by others and do not count against it; say so.',
  'Quote addresses and transaction hashes exactly as given; say what the data could not see; never call a flag a legal or sanctions determination.',
].join(' ');

/** The deterministic findings the narrator may use, and nothing else. */
export function narrationFacts(input: WalletRequest, result: WalletAuditResult) {
  return {
    address: input.address,
    chain: input.chain,
    depth: input.depth,
    riskScore: result.riskScore,
    riskLabel: result.riskLabel,
    summary: result.summary,
    flags: result.riskFlags.map((f) => ({
      id: f.id,
      title: f.title,
      severity: f.severity,
      weight: f.weight,
      explanation: f.explanation,
      evidence: f.evidence.map((e) => ({ transactionHash: e.transactionHash, address: e.address, detail: e.detail })),
    })),
    subjectType: { type: result.subjectType.type, reasons: result.subjectType.reasons },
    exposureFindings: result.exposureFindings.map((e) => ({ id: e.id, title: e.title, explanation: e.explanation })),
    topCounterparties: result.topCounterparties.map((c) => ({ address: c.address, label: c.label, interactions: c.interactions, flags: c.flags })),
    reportSection: result.reportSection,
    recommendedNextAction: result.recommendedNextAction,
    dataSourceStatus: result.dataSourceStatus,
    limitations: result.limitations,
  };
}

/** Sections a narrator may hand back: 1 to MAX_AI_SECTIONS, each a non-empty title and text. */
function acceptedSections(outcome: Extract<NarrationOutcome, { status: 'succeeded' }>): AiSection[] | null {
  const { sections } = outcome;
  const valid =
    Array.isArray(sections) &&
    sections.length >= 1 &&
    sections.length <= MAX_AI_SECTIONS &&
    sections.every((s) => typeof s?.title === 'string' && typeof s?.text === 'string' && s.title.trim() !== '' && s.text.trim() !== '');
  return valid ? sections.map((s) => ({ title: s.title.trim(), text: s.text.trim() })) : null;
}

/**
 * Asks the narrator for sections over the deterministic result. Every outcome maps to one generation
 * variant; the deterministic fields are passed through unchanged.
 */
export async function narrateWalletAudit(input: WalletRequest, output: ToolOutput<WalletAuditResult>, ports: ToolPorts, _context: AnalyzeContext): Promise<ToolOutput<WalletAuditResult>> {
  let outcome: NarrationOutcome;
  try {
    outcome = await ports.narrator.narrate({ toolId: 'wallet_audit', instructions: AUDIT_NARRATION_INSTRUCTIONS, facts: narrationFacts(input, output.result), maxSections: MAX_AI_SECTIONS });
  } catch {
    // The port promises never to throw; a narrator that does anyway counts as a provider failure.
    outcome = { status: 'failed', reason: 'provider_error' };
  }
  const sections = outcome.status === 'succeeded' ? acceptedSections(outcome) : null;
  const generation: Generation =
    outcome.status === 'not_configured'
      ? { mode: 'deterministic', aiStatus: 'not_attempted', reason: 'not_configured' }
      : outcome.status === 'failed'
        ? { mode: 'deterministic', aiStatus: 'failed', reason: outcome.reason }
        : sections
          ? { mode: 'ai_assisted', aiStatus: 'succeeded' }
          : { mode: 'deterministic', aiStatus: 'failed', reason: 'invalid_response' };
  const { aiSections: _dropped, ...deterministic } = output.result;
  return {
    result: { ...deterministic, generation, ...(generation.mode === 'ai_assisted' && sections ? { aiSections: sections } : {}) },
    metadata: output.metadata,
  };
}
