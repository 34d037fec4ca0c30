import { CHARGE_BOUNDARY_LIMITS, partialWorkChargeBoundaryTesterRequest, partialWorkChargeBoundaryTesterResult } from '@paysight/contracts';
import { analyzeChargeBoundary } from './analyze.js';

const call = (id: string, over: Record<string, unknown> = {}) => ({ case_id: id, http_status: 200, completed_units: 10, total_units: 10, settled: true, settled_amount_atomic: '10000', price_atomic: '10000', ...over });
const unpaid = { settled: false, settled_amount_atomic: undefined };

function run(body: Record<string, unknown>) {
  const input = partialWorkChargeBoundaryTesterRequest.parse(body);
  const output = analyzeChargeBoundary(input);
  expect(partialWorkChargeBoundaryTesterResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const verdicts = (result: ReturnType<typeof run>) => result.cases.map((c) => [c.case_id, c.expected_charge_atomic, c.observed_charge_atomic, c.verdict]);

describe('x402-partial-work-charge-boundary-tester', () => {
  it('the worked example of design §40: a partial 6/10 call charged in full is an overcharge; an unsettled 500 is correct', () => {
    const result = run({
      policy: { charge_rule: 'full_success_only', scheme: 'exact' },
      cases: [call('c1'), call('c2', { completed_units: 6, flags: ['partial'] }), call('c3', { http_status: 500, completed_units: 0, ...unpaid })],
    });
    expect(result.decision).toBe('overcharges_found');
    expect(verdicts(result)).toEqual([
      ['c1', '10000', '10000', 'correct'],
      ['c2', '0', '10000', 'overcharge'],
      ['c3', '0', '0', 'correct'],
    ]);
    expect(result.totals).toEqual({ overcharged_atomic: '10000', undercharged_atomic: '0' });
    expect(result.cases[1]!.reason).toBe('/cases/1: 6/10 units: not complete');
    expect(result.risk_flags).toEqual(['overcharge']);
    expect(result.confidence).toBe('high');
  });

  it('full_success_only: a complete 2xx with a flag (degraded) earns nothing', () => {
    const result = run({ policy: { charge_rule: 'full_success_only', scheme: 'exact' }, cases: [call('d', { flags: ['degraded'] })] });
    expect(verdicts(result)).toEqual([['d', '0', '10000', 'overcharge']]);
    expect(result.cases[0]!.reason).toContain('flagged degraded');
  });

  it('charged_on_error: a non-2xx that settled, under any rule; it counts as overcharged', () => {
    const result = run({ policy: { charge_rule: 'any_2xx', scheme: 'exact' }, cases: [call('t', { http_status: 504, flags: ['timeout'] }), call('ok', { completed_units: 0, flags: ['empty'] })] });
    expect(result.decision).toBe('overcharges_found');
    expect(verdicts(result)).toEqual([
      ['t', '0', '10000', 'charged_on_error'],
      ['ok', '10000', '10000', 'correct'],
    ]);
    expect(result.risk_flags).toEqual(['charged_on_error']);
    expect(result.totals.overcharged_atomic).toBe('10000');
  });

  it('undercharges_only: a complete 2xx that did not settle', () => {
    const result = run({ policy: { charge_rule: 'any_2xx', scheme: 'exact' }, cases: [call('a'), call('b', unpaid)] });
    expect(result.decision).toBe('undercharges_only');
    expect(result.totals).toEqual({ overcharged_atomic: '0', undercharged_atomic: '10000' });
  });

  it('boundary_respected: threshold compared exactly (6/10 meets 0.6, 5999/10000 does not)', () => {
    const result = run({
      policy: { charge_rule: 'threshold', partial_threshold: 0.6, scheme: 'exact' },
      cases: [call('meets', { completed_units: 6, flags: ['partial'] }), call('below', { completed_units: 5999, total_units: 10000, ...unpaid })],
    });
    expect(result.decision).toBe('boundary_respected');
    expect(verdicts(result)).toEqual([
      ['meets', '10000', '10000', 'correct'],
      ['below', '0', '0', 'correct'],
    ]);
    expect(result.cases[1]!.reason).toContain('is below threshold 0.6');
  });

  it('proportional under upto: floor(price × completed / total), compared with the settled amount', () => {
    const result = run({
      policy: { charge_rule: 'proportional', scheme: 'upto' },
      cases: [call('third', { completed_units: 1, total_units: 3, settled_amount_atomic: '3333' }), call('over', { completed_units: 1, total_units: 3, settled_amount_atomic: '3334' }), call('big', { price_atomic: '9'.repeat(78), completed_units: 1, total_units: 9, settled_amount_atomic: '1'.repeat(78) })],
    });
    expect(verdicts(result)).toEqual([
      ['third', '3333', '3333', 'correct'],
      ['over', '3333', '3334', 'overcharge'],
      ['big', '1'.repeat(78), '1'.repeat(78), 'correct'],
    ]);
    expect(result.totals.overcharged_atomic).toBe('1');
  });

  it('policy_ambiguous: proportional with exact, or threshold without partial_threshold (judged against 1)', () => {
    const proportional = run({ policy: { charge_rule: 'proportional', scheme: 'exact' }, cases: [call('p', { completed_units: 5 })] });
    expect(proportional.decision).toBe('policy_ambiguous');
    expect(proportional.risk_flags).toEqual(['overcharge', 'proportional_with_exact']);
    const threshold = run({ policy: { charge_rule: 'threshold', scheme: 'upto' }, cases: [call('t', { completed_units: 9 })] });
    expect(threshold.decision).toBe('policy_ambiguous');
    expect(threshold.risk_flags).toContain('threshold_missing');
    expect(threshold.cases[0]!.expected_charge_atomic).toBe('0');
    expect(threshold.limitations.join(' ')).toContain('without partial_threshold');
  });

  it('assumptions are flagged: a settled case without an amount, an amount without settlement, an exact amount off the price, an unused threshold', () => {
    const result = run({
      policy: { charge_rule: 'any_2xx', partial_threshold: 0.5, scheme: 'exact' },
      cases: [call('missing', { settled_amount_atomic: undefined }), call('ghost', { settled: false, settled_amount_atomic: '10000', http_status: 502 }), call('odd', { settled_amount_atomic: '9000' })],
    });
    expect(verdicts(result)).toEqual([
      ['missing', '10000', '10000', 'correct'],
      ['ghost', '0', '0', 'correct'],
      ['odd', '10000', '9000', 'undercharge'],
    ]);
    expect(result.risk_flags).toEqual(['amount_without_settlement', 'exact_amount_not_price', 'partial_threshold_ignored', 'settled_amount_missing', 'undercharge']);
    expect(result.cases[0]!.reason).toContain('the price assumed');
  });

  describe('request bounds', () => {
    const policy = { charge_rule: 'any_2xx', scheme: 'exact' };
    const parse = (body: Record<string, unknown>) => partialWorkChargeBoundaryTesterRequest.safeParse(body).success;
    const many = (n: number) => Array.from({ length: n }, (_, i) => call(`c${i}`));

    it('500 cases accepted, 501 or none rejected', () => {
      expect(parse({ policy, cases: many(CHARGE_BOUNDARY_LIMITS.cases) })).toBe(true);
      expect(parse({ policy, cases: many(501) })).toBe(false);
      expect(parse({ policy, cases: [] })).toBe(false);
    });

    it('rejects wrong types, extra properties, duplicate ids, impossible units and out-of-range thresholds', () => {
      expect(parse({ policy, cases: [call('a', { price_atomic: 10000 })] })).toBe(false);
      expect(parse({ policy, cases: [call('a', { settled_amount_atomic: '0.01' })] })).toBe(false);
      expect(parse({ policy, cases: [call('a', { extra: 1 })] })).toBe(false);
      expect(parse({ policy: { ...policy, extra: 1 }, cases: many(1) })).toBe(false);
      expect(parse({ policy, cases: many(1), extra: 1 })).toBe(false);
      expect(parse({ policy, cases: [call('a'), call('a')] })).toBe(false);
      expect(parse({ policy, cases: [call('a', { completed_units: 11 })] })).toBe(false);
      expect(parse({ policy, cases: [call('a', { total_units: 0, completed_units: 0 })] })).toBe(false);
      expect(parse({ policy, cases: [call('a', { flags: ['partial', 'degraded', 'timeout', 'empty'] })] })).toBe(true);
      expect(parse({ policy, cases: [call('a', { flags: ['late'] })] })).toBe(false);
      expect(parse({ policy: { ...policy, partial_threshold: 1 }, cases: many(1) })).toBe(true);
      expect(parse({ policy: { ...policy, partial_threshold: 0.000001 }, cases: many(1) })).toBe(true);
      expect(parse({ policy: { ...policy, partial_threshold: 0.0000001 }, cases: many(1) })).toBe(false);
      expect(parse({ policy: { ...policy, partial_threshold: 1.5 }, cases: many(1) })).toBe(false);
      expect(parse({ policy: { ...policy, scheme: 'deferred' }, cases: many(1) })).toBe(false);
    });

    it('a maximum input (500 cases, every rule path) is answered', () => {
      const cases = Array.from({ length: 500 }, (_, i) => call(`c${i}`, { completed_units: i % 11, http_status: i % 7 === 0 ? 503 : 200, settled: i % 3 !== 0, price_atomic: '9'.repeat(78), settled_amount_atomic: '9'.repeat(78) }));
      const result = run({ policy: { charge_rule: 'proportional', scheme: 'upto' }, cases });
      expect(result.cases).toHaveLength(500);
      expect(result.decision).toBe('overcharges_found');
    });
  });
});
