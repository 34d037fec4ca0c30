/**
 * The seed-pack scenario catalog of #45 (design sheet §R "Our authored lists", CC0): for each
 * scenario, the fixtures it yields in order (the artifact kind an agent is handed) and the oracle
 * answer an agent should reach on each. Reasons name #3's causes (failure-fact-classifier) and
 * #22's states (payment-identifier-retry-safety-lens) where those have one.
 */

export const SANDBOX_FIXTURE_KINDS = ['challenge', 'payment_payload', 'verify_response', 'settle_response', 'paid_response', 'receipt', 'error_response', 'retry_state', 'mcp_result'] as const;
export type SandboxFixtureKind = (typeof SANDBOX_FIXTURE_KINDS)[number];
export const SANDBOX_EXPECTED_DECISIONS = ['accept', 'reject', 'retry', 'wait'] as const;
export type SandboxExpectedDecision = (typeof SANDBOX_EXPECTED_DECISIONS)[number];

export interface SandboxFixtureSpec {
  kind: SandboxFixtureKind;
  expected: { decision: SandboxExpectedDecision; reason: string };
}

export const SANDBOX_SCENARIOS = {
  happy_path_v2: [
    { kind: 'challenge', expected: { decision: 'accept', reason: 'payable_offer' } },
    { kind: 'payment_payload', expected: { decision: 'accept', reason: 'payload_matches_offer' } },
    { kind: 'settle_response', expected: { decision: 'accept', reason: 'settled' } },
    { kind: 'receipt', expected: { decision: 'accept', reason: 'receipt_matches_payment' } },
  ],
  happy_path_v1: [
    { kind: 'challenge', expected: { decision: 'accept', reason: 'payable_offer' } },
    { kind: 'payment_payload', expected: { decision: 'accept', reason: 'payload_matches_offer' } },
    { kind: 'settle_response', expected: { decision: 'accept', reason: 'settled' } },
  ],
  wrong_network: [{ kind: 'payment_payload', expected: { decision: 'reject', reason: 'network_mismatch' } }],
  wrong_asset: [{ kind: 'challenge', expected: { decision: 'reject', reason: 'asset_mismatch' } }],
  overpriced: [{ kind: 'challenge', expected: { decision: 'reject', reason: 'amount_mismatch' } }],
  payee_swapped: [{ kind: 'challenge', expected: { decision: 'reject', reason: 'receiver_mismatch' } }],
  expired_authorization: [{ kind: 'payment_payload', expected: { decision: 'retry', reason: 'authorization_expired' } }],
  not_yet_valid: [{ kind: 'payment_payload', expected: { decision: 'wait', reason: 'authorization_not_yet_valid' } }],
  insufficient_funds: [{ kind: 'verify_response', expected: { decision: 'reject', reason: 'insufficient_funds' } }],
  facilitator_503: [{ kind: 'error_response', expected: { decision: 'retry', reason: 'facilitator_unavailable' } }],
  settle_timeout_pending: [{ kind: 'retry_state', expected: { decision: 'wait', reason: 'settlement_pending' } }],
  duplicate_nonce: [{ kind: 'payment_payload', expected: { decision: 'reject', reason: 'nonce_already_used' } }],
  permit2_allowance_required: [{ kind: 'error_response', expected: { decision: 'retry', reason: 'permit2_allowance_required' } }],
  idempotency_conflict_409: [{ kind: 'error_response', expected: { decision: 'reject', reason: 'idempotency_conflict' } }],
  receipt_missing: [{ kind: 'paid_response', expected: { decision: 'retry', reason: 'receipt_missing' } }],
  mcp_payment_required_result: [{ kind: 'mcp_result', expected: { decision: 'retry', reason: 'payment_required' } }],
} as const satisfies Record<string, readonly SandboxFixtureSpec[]>;
export type SandboxScenario = keyof typeof SANDBOX_SCENARIOS;
export const SANDBOX_SCENARIO_IDS = Object.keys(SANDBOX_SCENARIOS) as SandboxScenario[];

/** The payee of every mainnet-shaped fixture: a burn address, so a pack pasted into production pays no one. */
export const SANDBOX_MAINNET_PAY_TO = '0x000000000000000000000000000000000000dEaD';
/** The label of the sandbox resource (never fetched). */
export const SANDBOX_RESOURCE_URL = 'https://sandbox.paysight.invalid/api/paid-resource';
