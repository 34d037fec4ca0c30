import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeOperationLedger } from './analyze.js';

export { OPERATION_LEDGER_SEED, analyzeOperationLedger, type OperationLedgerInput, type OperationLedgerResult } from './analyze.js';

/** x402-mcp-operation-stability-ledger: a pure function of its request; the ledger is carried by the caller (docs/tools/x402/mcp-operation-stability-ledger.md). */
export const mcpOperationStabilityLedger = defineRequestOnlyTool(catalogEntry('x402_mcp_operation_stability_ledger'), (input) => analyzeOperationLedger(input));
