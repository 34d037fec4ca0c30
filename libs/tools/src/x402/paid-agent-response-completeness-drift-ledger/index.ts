import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeCompletenessLedger } from './analyze.js';

export { COMPLETENESS_LEDGER_SEED, analyzeCompletenessLedger, type CompletenessLedgerInput, type CompletenessLedgerResult } from './analyze.js';

/** x402-paid-agent-response-completeness-drift-ledger: a pure function of its request; the ledger is carried by the caller (docs/tools/x402/paid-agent-response-completeness-drift-ledger.md). */
export const paidAgentResponseCompletenessDriftLedger = defineRequestOnlyTool(catalogEntry('x402_paid_agent_response_completeness_drift_ledger'), (input) => analyzeCompletenessLedger(input));
