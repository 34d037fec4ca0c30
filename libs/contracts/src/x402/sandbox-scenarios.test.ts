import { SANDBOX_FIXTURE_KINDS, SANDBOX_SCENARIO_IDS, SANDBOX_SCENARIOS } from './sandbox-scenarios.js';

describe('the seed-pack scenario catalog (#45)', () => {
  it('has the sheet\'s 16 scenarios in its order', () => {
    expect(SANDBOX_SCENARIO_IDS).toEqual([
      'happy_path_v2', 'happy_path_v1', 'wrong_network', 'wrong_asset', 'overpriced', 'payee_swapped', 'expired_authorization', 'not_yet_valid',
      'insufficient_funds', 'facilitator_503', 'settle_timeout_pending', 'duplicate_nonce', 'permit2_allowance_required', 'idempotency_conflict_409', 'receipt_missing', 'mcp_payment_required_result',
    ]);
  });

  it('only happy paths end in accept; every failure scenario yields one fixture with a snake_case reason', () => {
    for (const [id, fixtures] of Object.entries(SANDBOX_SCENARIOS)) {
      for (const { kind, expected } of fixtures) {
        expect(SANDBOX_FIXTURE_KINDS).toContain(kind);
        expect(expected.reason).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
        expect([id, expected.decision === 'accept']).toEqual([id, id.startsWith('happy_path')]);
      }
      if (!id.startsWith('happy_path')) expect([id, fixtures.length]).toEqual([id, 1]);
    }
  });
});
