import { SPEND_SIMULATOR_LIMITS, X402_USDC, agentWalletSpendPolicySimulatorRequest, agentWalletSpendPolicySimulatorResult } from '@paysight/contracts';
import { analyzeSpendPolicySimulation } from './analyze.js';

const USDC = X402_USDC['eip155:8453']!.address;
const PAYEE = '0x209693Bc6afc0C5328bA36FaF03C514EF312287C';
const T0 = Date.parse('2026-01-05T09:00:00Z');

const event = (i: number, amount: string, extra: Record<string, unknown> = {}) => ({ event_id: `e${i}`, at: new Date(T0 + i * 300_000).toISOString(), amount, asset: USDC, network: 'eip155:8453', pay_to: PAYEE, ...extra });

function run(body: Record<string, unknown>) {
  const input = agentWalletSpendPolicySimulatorRequest.parse(body);
  const { result } = analyzeSpendPolicySimulation(input);
  expect(agentWalletSpendPolicySimulatorResult.safeParse(result).error).toBeUndefined();
  return result;
}

const outcomes = (result: ReturnType<typeof run>) => result.results.map((r) => `${r.outcome}${r.rule ? `:${r.rule}` : ''}`);

describe('x402-agent-wallet-spend-policy-simulator', () => {
  it('the worked example of design §30', () => {
    const result = run({
      policy: { per_tx_max: '0.05', daily_max: '0.10', require_approval_above: '0.04', allowed_networks: ['eip155:8453'] },
      events: [event(1, '0.03'), event(2, '0.05'), event(3, '0.03'), event(4, '0.03'), event(5, '0.02', { network: 'eip155:1' }), event(6, '0.02')],
    });
    expect(outcomes(result)).toEqual(['allow', 'needs_approval:approval_threshold', 'allow', 'allow', 'deny:network', 'deny:daily_max']);
    expect(result.decision).toBe('some_denied');
    expect(result.confidence).toBe('high');
    expect(result.results[5]).toMatchObject({ pointer: '/events/5', detail: '0.09 + 0.02 > daily_max 0.1', spent_today_after: '0.09', remaining_today: '0.01' });
    expect(result.totals).toMatchObject({ allowed: 3, needs_approval: 1, denied: 2, allowed_amount: '0.09', needs_approval_amount: '0.05', denied_amount: '0.04' });
    expect(result.first_denial_at).toBe(result.results[4]!.at);
    expect(result.exhausted_at).toBe(result.results[5]!.at);
    expect(result.risk_flags).toEqual(['budget_exhausted', 'denied_by_daily_max', 'denied_by_network', 'needs_human_approval']);
  });

  it('all_allowed: nothing stopped; approved_by_human passes the threshold', () => {
    const result = run({ policy: { require_approval_above: '0.01', daily_max: '1' }, events: [event(1, '0.02', { approved_by_human: true }), event(2, '0.01')] });
    expect(result.decision).toBe('all_allowed');
    expect(result.results.map((r) => r.remaining_today)).toEqual(['0.98', '0.97']);
    expect(result.first_denial_at).toBeNull();
  });

  it('mostly_denied: more than half denied (needs_approval does not count as denied)', () => {
    const denied = run({ policy: { denied_payees: [PAYEE.toLowerCase()] }, events: [event(1, '0.01'), event(2, '0.01'), event(3, '0.01', { pay_to: '0x1111111111111111111111111111111111111111' })] });
    expect(denied.decision).toBe('mostly_denied');
    expect(outcomes(denied)).toEqual(['deny:denied_payee', 'deny:denied_payee', 'allow']);
    const half = run({ policy: { per_tx_max: '0.01', require_approval_above: '0' }, events: [event(1, '0.02'), event(2, '0.01')] });
    expect(half.decision).toBe('some_denied');
  });

  it('policy_invalid: per_tx_max above daily_max, or a payee both allowed and denied (events still replayed)', () => {
    const result = run({ policy: { per_tx_max: '2', daily_max: '1', allowed_payees: [PAYEE], denied_payees: [PAYEE.toUpperCase().replace('0X', '0x')] }, events: [event(1, '0.5')] });
    expect(result.decision).toBe('policy_invalid');
    expect(result.policy_problems.map((p) => p.pointer)).toEqual(['/policy/per_tx_max', '/policy/allowed_payees/0']);
    expect(result.risk_flags).toEqual(expect.arrayContaining(['payee_allowed_and_denied', 'per_tx_above_daily', 'denied_by_denied_payee']));
  });

  it('rules apply in the sheet order: asset, payee allowlist, host, per_tx_max before the windows', () => {
    const policy = { allowed_assets: [USDC.toLowerCase()], allowed_payees: [PAYEE], allowed_hosts: ['api.example.com'], per_tx_max: '0.05', daily_max: '0.01' };
    const result = run({
      policy,
      events: [
        event(1, '1', { asset: '0x0000000000000000000000000000000000000001', pay_to: '0x1111111111111111111111111111111111111111' }),
        event(2, '1', { pay_to: '0x1111111111111111111111111111111111111111' }),
        event(3, '1', { resource_host: 'other.example' }),
        event(4, '1'),
        event(5, '1', { resource_host: 'API.example.com.' }),
        event(6, '0.01', { resource_host: 'api.example.com' }),
      ],
    });
    expect(outcomes(result)).toEqual(['deny:asset', 'deny:payee_allowlist', 'deny:host', 'deny:host', 'deny:per_tx_max', 'allow']);
    expect(result.results[3]!.detail).toBe('no resource_host to match allowed_hosts');
  });

  it('rate: allowed payments in the trailing 60 s; the window slides', () => {
    const at = (s: number) => new Date(T0 + s * 1000).toISOString();
    const result = run({ policy: { max_tx_per_minute: 2 }, events: [0, 10, 20, 60, 61].map((s, i) => ({ ...event(i, '0.01'), at: at(s) })) });
    expect(outcomes(result)).toEqual(['allow', 'allow', 'deny:rate', 'allow', 'deny:rate']);
  });

  it('daily windows: utc_midnight resets at 00:00 UTC and counts start_state on the first day; rolling_24h keeps the trailing 24 h', () => {
    const events = [
      { ...event(1, '0.5'), at: '2026-01-05T23:00:00Z' },
      { ...event(2, '0.5'), at: '2026-01-06T01:00:00Z' },
    ];
    const midnight = run({ policy: { daily_max: '1' }, start_state: { spent_today: '0.5' }, events });
    expect(outcomes(midnight)).toEqual(['allow', 'allow']);
    expect(midnight.results.map((r) => r.spent_today_after)).toEqual(['1', '0.5']);
    expect(midnight.exhausted_at).toBe('2026-01-05T23:00:00.000Z');
    const rolling = run({ policy: { daily_max: '1', day_boundary: 'rolling_24h' }, start_state: { spent_today: '0.5' }, events: [...events, { ...event(3, '0.5'), at: '2026-01-06T23:00:01Z' }] });
    expect(outcomes(rolling)).toEqual(['allow', 'deny:daily_max', 'allow']);
  });

  it('weekly window: the ISO week starts on Monday 00:00 UTC', () => {
    const result = run({
      policy: { weekly_max: '1' },
      start_state: { spent_this_week: '0.9' },
      events: [
        { ...event(1, '0.2'), at: '2026-01-11T23:59:59Z' },
        { ...event(2, '0.2'), at: '2026-01-12T00:00:00Z' },
      ],
    });
    expect(outcomes(result)).toEqual(['deny:weekly_max', 'allow']);
    expect(result.exhausted_at).toBe('2026-01-11T23:59:59.000Z');
  });

  it('replays in (at, event_id) order, flags duplicate ids and unknown networks', () => {
    const same = new Date(T0).toISOString();
    const result = run({ policy: { allowed_networks: ['base', 'eip155:424242'] }, events: [{ ...event(1, '0.01'), event_id: 'b', at: same }, { ...event(2, '0.01'), event_id: 'a', at: same }, { ...event(3, '0.01'), event_id: 'a', at: same, network: 'base' }] });
    expect(result.results.map((r) => r.pointer)).toEqual(['/events/1', '/events/2', '/events/0']);
    expect(result.risk_flags).toEqual(['duplicate_event_id', 'unknown_network']);
    expect(result.decision).toBe('all_allowed');
  });

  describe('request bounds', () => {
    const parse = (body: Record<string, unknown>) => agentWalletSpendPolicySimulatorRequest.safeParse(body).success;
    const events = (n: number) => Array.from({ length: n }, (_, i) => event(i, '0.01'));
    it('events 1–1000, lists ≤200, types and extra properties', () => {
      expect(parse({ policy: {}, events: events(SPEND_SIMULATOR_LIMITS.events) })).toBe(true);
      expect(parse({ policy: {}, events: events(SPEND_SIMULATOR_LIMITS.events + 1) })).toBe(false);
      expect(parse({ policy: {}, events: [] })).toBe(false);
      const payees = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);
      expect(parse({ policy: { denied_payees: payees(200), allowed_payees: payees(200) }, events: events(1) })).toBe(true);
      expect(parse({ policy: { denied_payees: payees(201) }, events: events(1) })).toBe(false);
      expect(parse({ policy: { per_tx_max: 0.05 }, events: events(1) })).toBe(false);
      expect(parse({ policy: { day_boundary: 'local_midnight' }, events: events(1) })).toBe(false);
      expect(parse({ policy: {}, events: [{ ...event(1, '0.01'), memo: 'x' }] })).toBe(false);
      expect(parse({ policy: {}, events: [{ ...event(1, '0.01'), at: 1767603600 }] })).toBe(false);
      expect(parse({ policy: {}, events: events(1), extra: true })).toBe(false);
    });

    it('a maximum input is answered in one replay', () => {
      const body = {
        policy: { per_tx_max: '0.05', daily_max: '5', weekly_max: '20', require_approval_above: '0.04', max_tx_per_minute: 30, day_boundary: 'rolling_24h', allowed_networks: ['base'], allowed_payees: Array.from({ length: 199 }, (_, i) => `0x${String(i).padStart(40, '0')}`).concat(PAYEE), denied_payees: Array.from({ length: 200 }, (_, i) => `0x${String(i + 1000).padStart(40, '0')}`) },
        events: Array.from({ length: 1000 }, (_, i) => ({ ...event(i, i % 7 === 0 ? '0.045' : '0.02'), at: new Date(T0 + i * 1000).toISOString() })),
      };
      const result = run(body);
      expect(result.results).toHaveLength(1000);
      expect(result.totals.by_rule.map((r) => r.rule)).toEqual(expect.arrayContaining(['approval_threshold', 'rate']));
    });
  });
});
