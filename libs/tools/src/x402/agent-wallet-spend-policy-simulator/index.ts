import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeSpendPolicySimulation } from './analyze.js';

export { analyzeSpendPolicySimulation, type SpendSimulatorInput, type SpendSimulatorResult } from './analyze.js';

/** x402-agent-wallet-spend-policy-simulator: a pure function of its request (docs/tools/x402/agent-wallet-spend-policy-simulator.md). */
export const agentWalletSpendPolicySimulator = defineRequestOnlyTool(catalogEntry('x402_agent_wallet_spend_policy_simulator'), (input) => analyzeSpendPolicySimulation(input));
