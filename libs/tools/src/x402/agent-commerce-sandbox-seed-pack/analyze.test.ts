import { SANDBOX_MAINNET_PAY_TO, SANDBOX_SCENARIO_IDS, agentCommerceSandboxSeedPackRequest, agentCommerceSandboxSeedPackResult } from '@paysight/contracts';
import { HASH } from '../helpers.js';
import { analyzeSeedPack, type SeedPackInput } from './analyze.js';

function run(body: Record<string, unknown>) {
  const input: SeedPackInput = agentCommerceSandboxSeedPackRequest.parse(body);
  const output = analyzeSeedPack(input);
  expect(agentCommerceSandboxSeedPackResult.safeParse(output.result).error).toBeUndefined();
  return output;
}

type Obj = Record<string, unknown>;
const at = (value: unknown, ...path: (string | number)[]): unknown => path.reduce<unknown>((node, key) => (node as Obj)[key], value);

describe('x402-agent-commerce-sandbox-seed-pack', () => {
  it('the worked example of design §45: seed 42, [wrong_network, overpriced] × 2 → 4 fixtures; same request same hash, seed 43 another', () => {
    const body = { seed: 42, scenarios: ['wrong_network', 'overpriced'], per_scenario: 2 };
    const { result } = run(body);
    expect(result.decision).toBe('pack_generated');
    expect(result.confidence).toBe('high');
    expect(result.fixtures.map((f) => [f.scenario, f.kind])).toEqual([
      ['wrong_network', 'payment_payload'],
      ['wrong_network', 'payment_payload'],
      ['overpriced', 'challenge'],
      ['overpriced', 'challenge'],
    ]);
    for (const fixture of result.fixtures.slice(0, 2)) expect(fixture.expected).toEqual({ decision: 'reject', reason: 'network_mismatch' });
    expect(result.manifest_hash).toBe(HASH(result.fixtures.map((f) => f.fixture_id).sort()));
    expect(run(body).result.manifest_hash).toBe(result.manifest_hash);
    expect(run({ ...body, seed: 43 }).result.manifest_hash).not.toBe(result.manifest_hash);
    expect(result.counts).toEqual({ requested: 4, generated: 4, by_scenario: [{ scenario: 'wrong_network', fixtures: 2 }, { scenario: 'overpriced', fixtures: 2 }], by_expected_decision: { accept: 0, reject: 4, retry: 0, wait: 0 } });
  });

  it('fixture ids are fx_ + the first 12 hex of HASH(fixture without its id); the PRNG is sha256(JCS({seed, scenario, i, field}))', () => {
    const { result } = run({ seed: 7, scenarios: ['happy_path_v2'] });
    for (const { fixture_id, ...rest } of result.fixtures) expect(fixture_id).toBe(`fx_${HASH(rest).slice(7, 19)}`);
    const payer = `0x${HASH({ seed: 7, scenario: 'happy_path_v2', i: 0, field: 'payer' }).slice(-40)}`;
    expect(at(result.fixtures[1]!.payload, 'payment_payload', 'payload', 'authorization', 'from')).toBe(payer);
  });

  it('the happy paths: v2 gives challenge, payload, settle response and receipt; v1 its own shapes without a receipt; all accept', () => {
    const { result } = run({ seed: 1, scenarios: ['happy_path_v2', 'happy_path_v1'] });
    expect(result.fixtures.map((f) => [f.scenario, f.kind, f.expected.decision])).toEqual([
      ['happy_path_v2', 'challenge', 'accept'],
      ['happy_path_v2', 'payment_payload', 'accept'],
      ['happy_path_v2', 'settle_response', 'accept'],
      ['happy_path_v2', 'receipt', 'accept'],
      ['happy_path_v1', 'challenge', 'accept'],
      ['happy_path_v1', 'payment_payload', 'accept'],
      ['happy_path_v1', 'settle_response', 'accept'],
    ]);
    const v2 = at(result.fixtures[0]!.payload, 'payment_required', 'accepts', 0);
    expect(v2).toMatchObject({ scheme: 'exact', network: 'eip155:84532', amount: '10000', asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', extra: { name: 'USDC', version: '2' } });
    expect(at(result.fixtures[4]!.payload, 'payment_required', 'accepts', 0)).toMatchObject({ network: 'base-sepolia', maxAmountRequired: '10000' });
    expect(JSON.stringify(result.fixtures)).not.toMatch(/"signature":"0x/);
  });

  it('every scenario of the catalog generates its oracle answers', () => {
    const { result } = run({ seed: 9, scenarios: SANDBOX_SCENARIO_IDS.slice(2), x402_versions: [2] });
    expect(result.fixtures.map((f) => [f.scenario, f.expected.decision, f.expected.reason])).toEqual([
      ['wrong_network', 'reject', 'network_mismatch'],
      ['wrong_asset', 'reject', 'asset_mismatch'],
      ['overpriced', 'reject', 'amount_mismatch'],
      ['payee_swapped', 'reject', 'receiver_mismatch'],
      ['expired_authorization', 'retry', 'authorization_expired'],
      ['not_yet_valid', 'wait', 'authorization_not_yet_valid'],
      ['insufficient_funds', 'reject', 'insufficient_funds'],
      ['facilitator_503', 'retry', 'facilitator_unavailable'],
      ['settle_timeout_pending', 'wait', 'settlement_pending'],
      ['duplicate_nonce', 'reject', 'nonce_already_used'],
      ['permit2_allowance_required', 'retry', 'permit2_allowance_required'],
      ['idempotency_conflict_409', 'reject', 'idempotency_conflict'],
      ['receipt_missing', 'retry', 'receipt_missing'],
      ['mcp_payment_required_result', 'retry', 'payment_required'],
    ]);
    const payload = (scenario: string) => result.fixtures.find((f) => f.scenario === scenario)!.payload;
    const expired = payload('expired_authorization');
    expect(Number(at(expired, 'payment_payload', 'payload', 'authorization', 'validBefore'))).toBeLessThan(at(expired, 'now') as number);
    const early = payload('not_yet_valid');
    expect(Number(at(early, 'payment_payload', 'payload', 'authorization', 'validAfter'))).toBeGreaterThan(at(early, 'now') as number);
    expect(at(payload('wrong_network'), 'payment_payload', 'accepted', 'network')).not.toBe(at(payload('wrong_network'), 'payment_required', 'accepts', 0, 'network'));
    expect(at(payload('overpriced'), 'payment_required', 'accepts', 0, 'amount')).toBe('100000');
    expect(at(payload('mcp_payment_required_result'), 'result', 'isError')).toBe(true);
  });

  it('variants alternate the requested x402 versions in order', () => {
    const { result } = run({ seed: 3, scenarios: ['wrong_asset'], per_scenario: 3, x402_versions: [2, 1] });
    expect(result.fixtures.map((f) => at(f.payload, 'payment_required', 'x402Version'))).toEqual([2, 1, 2]);
  });

  it('pack_truncated: more than 200 fixtures stop at 200 in request order', () => {
    const { result } = run({ seed: 5, scenarios: [...SANDBOX_SCENARIO_IDS], per_scenario: 10 });
    expect(result.decision).toBe('pack_truncated');
    expect([result.counts.requested, result.counts.generated]).toEqual([210, 200]);
    expect(result.fixtures.at(-1)!.scenario).toBe('receipt_missing');
    expect(new Set(result.fixtures.map((f) => f.fixture_id)).size).toBe(200);
  });

  it('invalid_selection: an unknown scenario, a mainnet without the opt-in, a network without EVM USDC shapes', () => {
    const unknown = run({ seed: 1, scenarios: ['wrong_network', 'free_lunch'] }).result;
    expect([unknown.decision, unknown.fixtures, unknown.manifest_hash]).toEqual(['invalid_selection', [], null]);
    expect(unknown.limitations).toContain('unknown scenario "free_lunch"');
    expect(run({ seed: 1, scenarios: ['wrong_network'], network: 'base' }).result.decision).toBe('invalid_selection');
    expect(run({ seed: 1, scenarios: ['wrong_network'], network: 'solana-devnet' }).result.decision).toBe('invalid_selection');
  });

  it('mainnet shapes with the opt-in pay 0x…dEaD and are flagged', () => {
    const { result } = run({ seed: 1, scenarios: ['happy_path_v2'], network: 'eip155:8453', allow_mainnet_shapes: true });
    expect(result.decision).toBe('pack_generated');
    expect(at(result.fixtures[0]!.payload, 'payment_required', 'accepts', 0, 'payTo')).toBe(SANDBOX_MAINNET_PAY_TO);
    expect(result.risk_flags).toEqual(['mainnet_shapes']);
  });

  it('a scenario listed twice is generated once', () => {
    const { result } = run({ seed: 1, scenarios: ['overpriced', 'overpriced'] });
    expect([result.fixtures.length, result.risk_flags]).toEqual([1, ['duplicate_scenario']]);
  });

  it('a maximal request: 20 scenarios × 10 variants within the 200 cap, fast', () => {
    const scenarios = [...SANDBOX_SCENARIO_IDS, 'happy_path_v2', 'happy_path_v1', 'wrong_network', 'overpriced'];
    const started = performance.now();
    const { result } = run({ seed: Number.MAX_SAFE_INTEGER, scenarios, per_scenario: 10, price: '999999.999999' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.fixtures).toHaveLength(200);
  });

  it('rejects requests outside the bounds before analysis', () => {
    const ok = (body: Record<string, unknown>) => agentCommerceSandboxSeedPackRequest.safeParse(body).success;
    const base = { seed: 1, scenarios: ['overpriced'] };
    expect(ok({ ...base, seed: Number.MAX_SAFE_INTEGER })).toBe(true);
    expect(ok({ ...base, seed: Number.MAX_SAFE_INTEGER + 1 })).toBe(false);
    expect(ok({ ...base, seed: -1 })).toBe(false);
    expect(ok({ ...base, scenarios: Array(20).fill('overpriced') })).toBe(true);
    expect(ok({ ...base, scenarios: Array(21).fill('overpriced') })).toBe(false);
    expect(ok({ ...base, scenarios: [] })).toBe(false);
    expect(ok({ ...base, per_scenario: 10 })).toBe(true);
    expect(ok({ ...base, per_scenario: 11 })).toBe(false);
    expect(ok({ ...base, x402_versions: [3] })).toBe(false);
    expect(ok({ ...base, price: 0.01 })).toBe(false);
    expect(ok({ ...base, extra: true })).toBe(false);
  });
});
