import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeElicitationTranscript } from './analyze.js';

export { analyzeElicitationTranscript, declaredModes, type ElicitationAuditorInput, type ElicitationAuditorResult } from './analyze.js';

/** x402-mcp-elicitation-consent-transcript-auditor: a pure function of its request (docs/tools/x402/mcp-elicitation-consent-transcript-auditor.md). */
export const mcpElicitationConsentTranscriptAuditor = defineRequestOnlyTool(catalogEntry('x402_mcp_elicitation_consent_transcript_auditor'), (input) => analyzeElicitationTranscript(input));
