import { ERC7528_NATIVE_TOKEN, SPEND_PERMISSION_BOUNDS, SPEND_PERMISSION_FIT_LIMITS, X402_USDC, spendPermissionAllowanceFitCheckerRequest, spendPermissionAllowanceFitCheckerResult } from '@paysight/contracts';
import { analyzeSpendPermissionFit } from './analyze.js';

const USDC = X402_USDC['eip155:8453']!.address;
const SPENDER = '0x209693Bc6afc0C5328bA36FaF03C514EF312287C';
const START = 1_767_225_600;
const DAY = 86_400;
const permission = (extra: Record<string, unknown> = {}) => ({ account: '0x1111111111111111111111111111111111111111', spender: SPENDER, token: USDC, allowance: '1000000', period: DAY, start: START, end: START + 30 * DAY, ...extra });
const hourly = (n: number, amount = '50000') => Array.from({ length: n }, (_, i) => ({ at: START + i * 3600, amount_atomic: amount }));

function run(body: Record<string, unknown>) {
  const input = spendPermissionAllowanceFitCheckerRequest.parse(body);
  const { result } = analyzeSpendPermissionFit(input);
  expect(spendPermissionAllowanceFitCheckerResult.safeParse(result).error).toBeUndefined();
  return result;
}

describe('x402-spend-permission-allowance-fit-checker', () => {
  it('the worked example of design §31', () => {
    const result = run({ permission: permission(), planned: hourly(48) });
    expect(result.decision).toBe('exceeds_allowance');
    expect(result.first_failure).toEqual({ index: 20, pointer: '/planned/20', at: START + 20 * 3600, reason: 'exceeds_allowance', k: 0, used_atomic: '1050000' });
    expect(result.periods).toEqual([
      { k: 0, window_start: START, window_end: START + DAY, spends: 24, used_atomic: '1200000', remaining_atomic: '0', exceeded: true },
      { k: 1, window_start: START + DAY, window_end: START + 2 * DAY, spends: 24, used_atomic: '1200000', remaining_atomic: '0', exceeded: true },
    ]);
    expect(result.recommended_permission).toEqual({ allowance: '1200000', period: DAY, end: START + 47 * 3600 + 1 });
    expect(result.confidence).toBe('high');
    expect(result.risk_flags).toEqual(['allowance_exceeded']);
  });

  it('fits: within the allowance and window; the recommendation is the largest period use', () => {
    const result = run({ permission: permission({ end: START + 2 * DAY }), planned: hourly(40, '40000'), expected_spender: SPENDER.toLowerCase() });
    expect(result.decision).toBe('fits');
    expect(result.first_failure).toBeNull();
    expect(result.periods.map((p) => [p.used_atomic, p.remaining_atomic])).toEqual([['960000', '40000'], ['640000', '360000']]);
    expect(result.flags).toEqual([]);
  });

  it('outside_validity comes first: a spend before start or at end (exclusive); it consumes nothing', () => {
    const result = run({ permission: permission({ end: START + DAY }), planned: [{ at: START + DAY, amount_atomic: '1' }, { at: START, amount_atomic: '2000000' }, { at: START - 1, amount_atomic: '1' }] });
    expect(result.decision).toBe('outside_validity');
    expect(result.first_failure).toMatchObject({ index: 2, reason: 'outside_validity', k: null, used_atomic: null });
    expect(result.periods).toHaveLength(1);
    expect(result.risk_flags).toEqual(['allowance_exceeded', 'spend_outside_validity']);
  });

  it('fits_with_headroom_warning: allowance over 10× the largest use (over_grant) or end a year past the last spend (long_lived)', () => {
    const over = run({ permission: permission({ allowance: '1000001' }), planned: [{ at: START, amount_atomic: '100000' }] });
    expect(over.decision).toBe('fits_with_headroom_warning');
    expect(over.flags).toEqual(['over_grant']);
    expect(run({ permission: permission({ allowance: '1000000' }), planned: [{ at: START, amount_atomic: '100000' }] }).decision).toBe('fits');
    const long = run({ permission: permission({ end: START + 366 * DAY }), planned: [{ at: START, amount_atomic: '999999' }] });
    expect(long.flags).toEqual(['long_lived']);
    expect(long.recommended_permission).toEqual({ allowance: '999999', period: DAY, end: START + 1 });
  });

  it('already_spent_in_current_period counts in the period of the earliest spend; the last window is capped at end', () => {
    const result = run({ permission: permission({ end: START + DAY + 100 }), planned: [{ at: START + DAY + 50, amount_atomic: '10' }, { at: START + 10, amount_atomic: '10' }], already_spent_in_current_period: '999991' });
    expect(result.first_failure).toMatchObject({ index: 1, k: 0, used_atomic: '1000001' });
    expect(result.periods[1]).toMatchObject({ k: 1, window_end: START + DAY + 100, used_atomic: '10' });
  });

  it('spender mismatch, inverted window, native token and unknown decimals are flagged; confidence medium without decimals', () => {
    const mismatch = run({ permission: permission({ start: START + DAY, end: START }), planned: hourly(1), expected_spender: '0x2222222222222222222222222222222222222222' });
    expect(mismatch.flags).toEqual(['invalid_window', 'spender_mismatch']);
    expect(mismatch.decision).toBe('outside_validity');
    expect(mismatch.recommended_permission).toBeNull();
    expect(mismatch.recommended_next_action).toMatch(/^The permission names a different spender/);
    const native = run({ permission: permission({ token: ERC7528_NATIVE_TOKEN }), planned: hourly(1) });
    expect(native.confidence).toBe('high');
    expect(native.summary).toContain('0.000000000001 (1000000 atomic)');
    const unknown = run({ permission: permission({ token: '0x3333333333333333333333333333333333333333' }), planned: hourly(1) });
    expect(unknown.confidence).toBe('medium');
    expect(unknown.flags).toContain('unknown_decimals');
    expect(run({ permission: permission({ token: '0x3333333333333333333333333333333333333333' }), planned: hourly(1), token_decimals: 8 }).confidence).toBe('high');
  });

  describe('request bounds', () => {
    const parse = (body: Record<string, unknown>) => spendPermissionAllowanceFitCheckerRequest.safeParse(body).success;
    it('uint160 allowance, uint48 times, 1–2000 planned, types and extra properties', () => {
      expect(parse({ permission: permission({ allowance: SPEND_PERMISSION_BOUNDS.allowanceMax.toString() }), planned: hourly(1) })).toBe(true);
      expect(parse({ permission: permission({ allowance: (SPEND_PERMISSION_BOUNDS.allowanceMax + 1n).toString() }), planned: hourly(1) })).toBe(false);
      expect(parse({ permission: permission({ period: SPEND_PERMISSION_BOUNDS.uint48Max, end: SPEND_PERMISSION_BOUNDS.uint48Max }), planned: hourly(1) })).toBe(true);
      expect(parse({ permission: permission({ period: 0 }), planned: hourly(1) })).toBe(false);
      expect(parse({ permission: permission({ end: SPEND_PERMISSION_BOUNDS.uint48Max + 1 }), planned: hourly(1) })).toBe(false);
      expect(parse({ permission: permission(), planned: hourly(SPEND_PERMISSION_FIT_LIMITS.planned) })).toBe(true);
      expect(parse({ permission: permission(), planned: hourly(SPEND_PERMISSION_FIT_LIMITS.planned + 1) })).toBe(false);
      expect(parse({ permission: permission(), planned: [] })).toBe(false);
      expect(parse({ permission: permission({ allowance: 1000000 }), planned: hourly(1) })).toBe(false);
      expect(parse({ permission: permission({ spender: '0x1234' }), planned: hourly(1) })).toBe(false);
      expect(parse({ permission: permission({ extraData: '0xabc' }), planned: hourly(1) })).toBe(false);
      expect(parse({ permission: permission({ extraData: `0x${'ab'.repeat(1025)}` }), planned: hourly(1) })).toBe(false);
      expect(parse({ permission: permission({ nonce: 1 }), planned: hourly(1) })).toBe(false);
      expect(parse({ permission: permission(), planned: [{ at: START, amount_atomic: '1', memo: 'x' }] })).toBe(false);
      expect(parse({ permission: permission(), planned: hourly(1), extra: true })).toBe(false);
    });

    it('a maximum input (2000 spends over 2000 periods at the uint bounds) is answered', () => {
      const result = run({
        permission: permission({ allowance: SPEND_PERMISSION_BOUNDS.allowanceMax.toString(), period: 1, start: 0, end: SPEND_PERMISSION_BOUNDS.uint48Max, salt: '9'.repeat(78), extraData: `0x${'ab'.repeat(1024)}` }),
        planned: Array.from({ length: 2000 }, (_, i) => ({ at: SPEND_PERMISSION_BOUNDS.uint48Max - 1 - i, amount_atomic: '9'.repeat(48) })),
      });
      expect(result.periods).toHaveLength(2000);
      expect(result.decision).toBe('fits');
      expect(result.periods[1999]!.window_end).toBe(SPEND_PERMISSION_BOUNDS.uint48Max);
    });
  });
});
