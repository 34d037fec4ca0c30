import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeLatencySla } from './analyze.js';

export { analyzeLatencySla, type LatencySlaInput, type LatencySlaResult } from './analyze.js';

/** x402-paid-tool-latency-sla-evidence-notary: a pure function of its request, nothing stored (docs/tools/x402/paid-tool-latency-sla-evidence-notary.md). */
export const paidToolLatencySlaEvidenceNotary = defineRequestOnlyTool(catalogEntry('x402_paid_tool_latency_sla_evidence_notary'), (input) => analyzeLatencySla(input));
