import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { walletSpendPolicy } from '../../schemas/x402/agent-wallet-policy-coverage-gap-analyzer.js';

export const WALLET_POLICY_DECISIONS = ['no_policy', 'weak', 'partial', 'covered'] as const;
export const WALLET_POLICY_SCENARIO_STATUSES = ['covered', 'weak', 'uncovered'] as const;

export const agentWalletPolicyCoverageGapAnalyzerResult = x402Result({
  decision: z.enum(WALLET_POLICY_DECISIONS),
  coverage_ratio: z.number().min(0).max(1).meta({ description: 'Σ weight × (1 covered, 0.5 weak, 0 uncovered) ÷ 25, 4 decimals.' }),
  scenarios: z
    .array(
      z.strictObject({
        id: z.string(),
        title: z.string(),
        weight: z.number().int(),
        status: z.enum(WALLET_POLICY_SCENARIO_STATUSES),
        controls: z.array(z.string()).meta({ description: 'The policy fields that cover the scenario, as set in the policy (field=value).' }),
        fix: z.string().nullable().meta({ description: 'Why it is weak or uncovered and what to set; null when covered.' }),
      }),
    )
    .meta({ description: 'S1 to S12 in catalog order.' }),
  suggested_policy_patch: walletSpendPolicy.meta({ description: 'The controls to add or tighten, with values derived from planned_usage; fields that need the operator\'s knowledge (payees, hosts) are left to the fix texts.' }),
});
