/**
 * The x402 spend-abuse scenario catalog S1–S12 (design sheet §9 and §R, "our authored lists";
 * CC0): what an agent wallet's spend policy should cover. Weights sum to 25, the denominator of
 * coverage_ratio. Versioned with X402_REFERENCE_DATA_VERSION. The coverage rules are the analyzer's.
 */
export interface X402SpendScenario {
  id: `S${number}`;
  /** snake_case name, used in risk flags (`<slug>_uncovered`, `<slug>_weak`). */
  slug: string;
  title: string;
  weight: number;
  /** The policy fields that can cover the scenario. */
  controls: readonly string[];
}

export const X402_SPEND_SCENARIOS: readonly X402SpendScenario[] = [
  { id: 'S1', slug: 'overpriced_offer', title: 'Overpriced offer', weight: 2, controls: ['per_tx_max'] },
  { id: 'S2', slug: 'payee_swap', title: 'Payee swap', weight: 3, controls: ['allowed_payees'] },
  { id: 'S3', slug: 'network_swap', title: 'Network swap', weight: 3, controls: ['allowed_networks'] },
  { id: 'S4', slug: 'asset_swap', title: 'Asset swap', weight: 3, controls: ['allowed_assets'] },
  { id: 'S5', slug: 'runaway_loop', title: 'Runaway loop', weight: 2, controls: ['max_tx_per_minute', 'daily_max', 'weekly_max'] },
  { id: 'S6', slug: 'fragmentation', title: 'Fragmentation under the per-transaction cap', weight: 3, controls: ['daily_max'] },
  { id: 'S7', slug: 'long_lived_authorization', title: 'Long-lived authorization', weight: 1, controls: ['max_authorization_validity_seconds'] },
  { id: 'S8', slug: 'unknown_host', title: 'Unknown host', weight: 1, controls: ['allowed_hosts'] },
  { id: 'S9', slug: 'open_ceiling_scheme', title: 'Open-ceiling upto/permit2 payment', weight: 2, controls: ['allowed_schemes', 'require_human_above'] },
  { id: 'S10', slug: 'cumulative_overspend', title: 'Cumulative overspend', weight: 3, controls: ['daily_max', 'weekly_max'] },
  { id: 'S11', slug: 'duplicate_purchase', title: 'Duplicate purchase', weight: 1, controls: ['dedupe_window_seconds'] },
  { id: 'S12', slug: 'network_class_mixup', title: 'Testnet/mainnet mix-up', weight: 1, controls: ['allowed_networks'] },
];
