import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeWalletPolicyCoverage } from './analyze.js';

export { analyzeWalletPolicyCoverage, type WalletPolicyInput, type WalletPolicyResult } from './analyze.js';

/** x402-agent-wallet-policy-coverage-gap-analyzer: a pure function of its request (docs/tools/x402/agent-wallet-policy-coverage-gap-analyzer.md). */
export const agentWalletPolicyCoverageGapAnalyzer = defineRequestOnlyTool(catalogEntry('x402_agent_wallet_policy_coverage_gap_analyzer'), (input) => analyzeWalletPolicyCoverage(input));
