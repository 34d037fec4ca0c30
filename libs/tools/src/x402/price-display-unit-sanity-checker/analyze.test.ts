import { catalogEntry, priceDisplayUnitSanityCheckerRequest, priceDisplayUnitSanityCheckerResult } from '@paysight/contracts';
import { analyzePriceDisplay, type PriceDisplayInput } from './analyze.js';

const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const TOKEN = '0x4444444444444444444444444444444444444444';
const item = (display_text: string, amount: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ item_id: display_text, display_text, asset: USDC_BASE, network: 'eip155:8453', ...amount, ...extra });

function run(items: Record<string, unknown>[]) {
  const input: PriceDisplayInput = priceDisplayUnitSanityCheckerRequest.parse({ items });
  const output = analyzePriceDisplay(input);
  expect(priceDisplayUnitSanityCheckerResult.safeParse(output.result).error).toBeUndefined();
  return output;
}

const one = (text: string, amount: Record<string, unknown>, extra: Record<string, unknown> = {}) => run([item(text, amount, extra)]).result.items[0]!;

describe('x402-price-display-unit-sanity-checker', () => {
  it('the worked example of design §19: "$0.01" with an 18-decimal amount on Base USDC is a decimal shift of 12: unit_error', () => {
    const { result } = run([{ item_id: 'premium-report', display_text: '$0.01', amount_atomic: '10000000000000000', asset: USDC_BASE, network: 'eip155:8453' }]);
    expect(result.decision).toBe('unit_error');
    expect(result.confidence).toBe('high');
    expect(result.items).toEqual([
      { item_id: 'premium-report', display_value: '0.01', implied_value: '10000000000', decimals: 6, status: 'decimal_shift', shift_k: 12, note: expect.stringContaining('18-decimal') },
    ]);
    expect(result.risk_flags).toEqual(['decimal_shift']);
  });

  it('consistent: equal amounts, a decimal field that agrees, and a display rounding within 0.5%', () => {
    const { result } = run([item('$0.01', { amount_atomic: '10000', amount_decimal: '0.010' }), item('50¢', { amount_decimal: '0.5' }), item('$0.01', { amount_atomic: '10040' }, { item_id: 'rounded' }), item('$0', { amount_atomic: '0' }, { item_id: 'zero' })]);
    expect(result.decision).toBe('consistent');
    expect(result.items.map((i) => i.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(result.risk_flags).toEqual([]);
  });

  it('decimal_shift: cents vs dollars (±2) and atomic shown as dollars (-6)', () => {
    expect(one('$1', { amount_atomic: '10000' })).toMatchObject({ status: 'decimal_shift', shift_k: -2 });
    expect(one('1¢', { amount_atomic: '1000000' })).toMatchObject({ status: 'decimal_shift', shift_k: 2 });
    expect(one('$10000', { amount_atomic: '10000' })).toMatchObject({ status: 'decimal_shift', shift_k: -6 });
  });

  it('mismatch: neither equal, nor a rounding, nor a power of ten; and a zero on one side only', () => {
    expect(one('$0.02', { amount_atomic: '10000' })).toMatchObject({ status: 'mismatch', shift_k: null, implied_value: '0.01' });
    expect(one('$0', { amount_atomic: '10000' }).status).toBe('mismatch');
    expect(run([item('$0.02', { amount_atomic: '10000' })]).result.decision).toBe('unit_error');
  });

  it('decimals_wrong: declared 18 on a 6-decimal USDC (the reference data wins); decimal_field_mismatch: the decimal field disagrees', () => {
    const wrong = one('$0.01', { amount_atomic: '10000' }, { declared_decimals: 18 });
    expect(wrong).toMatchObject({ status: 'decimals_wrong', decimals: 6, implied_value: '0.01' });
    expect(one('$0.01', { amount_atomic: '10000', amount_decimal: '0.1' }).status).toBe('decimal_field_mismatch');
    expect(one('$0.01', { amount_decimal: '0.0100001' }).status).toBe('decimal_field_mismatch');
    expect(run([item('$0.01', { amount_atomic: '10000' }, { declared_decimals: 18 })]).result).toMatchObject({ decision: 'unit_error', risk_flags: ['decimals_wrong'] });
  });

  it('unknown_asset: another token without declared decimals; declaring them makes it checkable with medium confidence', () => {
    const unknown = run([item('$1', { amount_atomic: '1000000' }, { asset: TOKEN })]).result;
    expect(unknown).toMatchObject({ decision: 'unknown_asset', confidence: 'low', items: [{ status: 'unknown_asset', implied_value: null, decimals: null }] });
    const declared = run([item('$1', { amount_atomic: '1000000000000000000' }, { asset: TOKEN, declared_decimals: 18 })]).result;
    expect(declared).toMatchObject({ decision: 'consistent', confidence: 'medium' });
  });

  it('ambiguous_display: a decimal comma, or a display whose rounding hides more than 0.5%', () => {
    const { result } = run([item('1,50 USDC', { amount_atomic: '1500000' }), item('$0.01', { amount_atomic: '9900' }, { item_id: 'hidden' })]);
    expect(result.decision).toBe('ambiguous_display');
    expect(result.items.map((i) => i.status)).toEqual(['ambiguous', 'rounding_hides_difference']);
    expect(result.risk_flags).toEqual(['ambiguous', 'rounding_hides_difference']);
  });

  it('the decision follows the sheet order: unit_error over unknown_asset over ambiguous_display', () => {
    const items = [item('1,5', { amount_atomic: '1' }), item('$1', { amount_atomic: '1' }, { asset: TOKEN }), item('$1', { amount_atomic: '1' })];
    expect(run(items).result.decision).toBe('unit_error');
    expect(run(items.slice(0, 2)).result.decision).toBe('unknown_asset');
  });

  describe('request bounds', () => {
    const base = { item_id: 'a', display_text: '$1', amount_atomic: '1', asset: 'USDC', network: 'base' };
    const rejects = (body: Record<string, unknown>) => expect(priceDisplayUnitSanityCheckerRequest.safeParse(body).success).toBe(false);
    const accepts = (body: Record<string, unknown>) => expect(priceDisplayUnitSanityCheckerRequest.safeParse(body).error).toBeUndefined();

    it('takes the catalog example, which is the worked example', () => {
      const input = priceDisplayUnitSanityCheckerRequest.parse(catalogEntry('x402_price_display_unit_sanity_checker').example);
      expect(analyzePriceDisplay(input).result.items[0]).toMatchObject({ status: 'decimal_shift', shift_k: 12 });
    });

    it('refuses extra properties, wrong types and out-of-range values', () => {
      accepts({ items: Array.from({ length: 100 }, () => base) });
      rejects({ items: Array.from({ length: 101 }, () => base) });
      rejects({ items: [] });
      rejects({ items: [base], extra: 1 });
      rejects({ items: [{ ...base, extra: 1 }] });
      accepts({ items: [{ ...base, display_text: 'x'.repeat(64), item_id: 'i'.repeat(120) }] });
      rejects({ items: [{ ...base, display_text: 'x'.repeat(65) }] });
      rejects({ items: [{ ...base, item_id: 'i'.repeat(121) }] });
      accepts({ items: [{ ...base, amount_decimal: `0.${'1'.repeat(36)}` }] });
      rejects({ items: [{ ...base, amount_decimal: `0.${'1'.repeat(37)}` }] });
      rejects({ items: [{ ...base, amount_decimal: '-1' }] });
      rejects({ items: [{ ...base, amount_atomic: 1 }] });
      rejects({ items: [{ ...base, declared_decimals: 37 }] });
      rejects({ items: [{ item_id: 'a', display_text: '$1', asset: 'USDC', network: 'base' }] });
    });

    it('answers at the limits without crashing', () => {
      const items = Array.from({ length: 100 }, (_, i) => ({ item_id: `i${i}`, display_text: `$${'9'.repeat(30)}.${'9'.repeat(30)}`, amount_atomic: '9'.repeat(78), amount_decimal: `${'9'.repeat(40)}.${'9'.repeat(36)}`, asset: i % 2 ? 'USDC' : TOKEN, network: 'base', declared_decimals: 36 }));
      const { result } = run(items);
      expect(result.items).toHaveLength(100);
      expect(result.decision).toBe('unit_error');
    });
  });
});
