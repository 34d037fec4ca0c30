import { z } from 'zod';
import { x402Decimal } from '../../x402/request-rules.js';

/** Bounds of x402-agent-wallet-policy-coverage-gap-analyzer's request (design sheet §9; string lengths and the rate bound are ours). */
export const WALLET_POLICY_LIMITS = {
  payees: 200,
  networks: 20,
  assets: 50,
  hosts: 200,
  schemes: 10,
  authorizationValiditySeconds: 86_400,
  dedupeWindowSeconds: 86_400,
  txPerMinute: 1_000_000,
  callsPerDay: 1_000_000,
} as const;

const label = (max: number) => z.string().trim().min(1).max(max);

/** A spend policy; every field optional (an empty policy is the decision no_policy). */
export const walletSpendPolicy = z.strictObject({
  per_tx_max: x402Decimal.optional(),
  daily_max: x402Decimal.optional(),
  weekly_max: x402Decimal.optional(),
  require_human_above: x402Decimal.optional(),
  allowed_payees: z.array(label(128)).max(WALLET_POLICY_LIMITS.payees).optional(),
  allowed_networks: z.array(label(64)).max(WALLET_POLICY_LIMITS.networks).optional().meta({ description: 'CAIP-2 ids or x402 v1 aliases.' }),
  allowed_assets: z.array(z.strictObject({ network: label(64), asset: label(128) })).max(WALLET_POLICY_LIMITS.assets).optional(),
  allowed_hosts: z.array(label(253)).max(WALLET_POLICY_LIMITS.hosts).optional(),
  allowed_schemes: z.array(label(32)).max(WALLET_POLICY_LIMITS.schemes).optional().meta({ description: 'x402 schemes, such as exact and upto.' }),
  max_authorization_validity_seconds: z.number().int().min(1).max(WALLET_POLICY_LIMITS.authorizationValiditySeconds).optional(),
  max_tx_per_minute: z.number().int().min(1).max(WALLET_POLICY_LIMITS.txPerMinute).optional(),
  dedupe_window_seconds: z.number().int().min(0).max(WALLET_POLICY_LIMITS.dedupeWindowSeconds).optional(),
});

/** x402-agent-wallet-policy-coverage-gap-analyzer (design sheet §9). */
export const agentWalletPolicyCoverageGapAnalyzerRequest = z.strictObject({
  policy: walletSpendPolicy.meta({ description: 'The agent wallet\'s spend policy (amounts are decimals in the paying asset, USDC).' }),
  planned_usage: z
    .strictObject({
      typical_price: x402Decimal.refine((v) => /[1-9]/.test(v), 'must be greater than zero').meta({ description: 'The usual price of one paid call, as a decimal.' }),
      calls_per_day: z.number().int().min(1).max(WALLET_POLICY_LIMITS.callsPerDay),
      networks: z.array(label(64)).max(WALLET_POLICY_LIMITS.networks).default([]).meta({ description: 'The networks the agent will pay on (CAIP-2 or v1 aliases); empty lowers confidence.' }),
    })
    .meta({ description: 'What the agent is expected to do: the thresholds of the coverage rules derive from it.' }),
});
