import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeResponseContract } from './analyze.js';

export { analyzeResponseContract, type ResponseContractInput, type ResponseContractResult } from './analyze.js';

/** x402-response-contract-linter: a pure function of its request (docs/tools/x402/response-contract-linter.md). */
export const responseContractLinter = defineRequestOnlyTool(catalogEntry('x402_response_contract_linter'), (input) => analyzeResponseContract(input));
