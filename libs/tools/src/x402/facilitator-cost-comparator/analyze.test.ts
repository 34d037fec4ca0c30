import { X402_REFERENCE_DATA_VERSION, catalogEntry, facilitatorCostComparatorRequest, facilitatorCostComparatorResult } from '@paysight/contracts';
import { analyzeFacilitatorCost, bpsFee, type FacilitatorCostInput } from './analyze.js';

const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const NOW = new Date('2026-11-28T00:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const supported = (network = 'eip155:8453', x402Version = 2, scheme = 'exact') => ({ kinds: [{ x402Version, scheme, network }], extensions: [], signers: {} });
const flat = (flatFee: string, extra: Record<string, unknown> = {}) => ({ model: 'flat', flatFee, asset: USDC_BASE, ...extra });
const bps = (points: number, extra: Record<string, unknown> = {}) => ({ model: 'bps', bps: points, asset: USDC_BASE, ...extra });

function run(facilitators: Record<string, unknown>[], payment: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const input: FacilitatorCostInput = facilitatorCostComparatorRequest.parse({ payment: { network: 'eip155:8453', amount_atomic: '10000', monthly_count: 100_000, ...payment }, facilitators, ...extra });
  const output = analyzeFacilitatorCost(input, { now: NOW });
  expect(facilitatorCostComparatorResult.safeParse(output.result).error).toBeUndefined();
  return output;
}

describe('x402-facilitator-cost-comparator', () => {
  it('the worked example of design §13: F2 (30 bps, capped) is cheapest; flat 1000 and 30 bps cross at 333334', () => {
    const { result, metadata } = run([
      { label: 'F1', supported: supported(), quote: flat('1000'), free_per_month: 1000 },
      { label: 'F2', supported: supported(), quote: bps(30, { maxFee: '5000' }) },
    ]);
    expect(result.decision).toBe('cheapest_found');
    expect(result.confidence).toBe('high');
    expect(result.ranking).toEqual([
      { label: 'F2', fee_per_payment_atomic: '30', monthly_cost_atomic: '3000000', monthly_cost_decimal: '3', take_rate: '0.0030', flags: [] },
      { label: 'F1', fee_per_payment_atomic: '1000', monthly_cost_atomic: '99000000', monthly_cost_decimal: '99', take_rate: '0.1000', flags: [] },
    ]);
    expect(result.break_even).toEqual([{ a: 'F1', b: 'F2', amount_atomic: '333334' }]);
    expect(result.excluded).toEqual([]);
    expect(metadata).toMatchObject({ reference_data_version: X402_REFERENCE_DATA_VERSION, as_of: NOW.toISOString() });
  });

  it('the bps rule is the facilitatorFees one: floor, then maxFee, then minFee', () => {
    expect(bpsFee(9999n, { bps: 30 })).toBe(29n);
    expect(bpsFee(10_000_000n, { bps: 30, maxFee: '5000' })).toBe(5000n);
    expect(bpsFee(100n, { bps: 30, minFee: '10' })).toBe(10n);
    expect(bpsFee(333_333n, { bps: 30 })).toBe(999n);
    expect(bpsFee(333_334n, { bps: 30 })).toBe(1000n);
  });

  it('tie: equal monthly costs; ties keep input order', () => {
    const { result } = run([
      { label: 'B', quote: flat('100') },
      { label: 'A', quote: flat('50'), extra_fixed_atomic: '50' },
    ]);
    expect(result.decision).toBe('tie');
    expect(result.ranking.map((r) => r.label)).toEqual(['B', 'A']);
    expect(result.ranking[0]!.flags).toEqual(['supported_assumed']);
    expect(result.risk_flags).toEqual(['supported_assumed']);
  });

  it('no_compatible_facilitator: every facilitator is excluded, each with its reason in input order', () => {
    const { result } = run([
      { label: 'wrong-network', supported: supported('eip155:1'), quote: flat('1') },
      { label: 'v1-only', supported: supported('base', 1), quote: flat('1') },
      { label: 'no-kinds', supported: { signers: {} }, quote: flat('1') },
      { label: 'no-quote', supported: supported() },
      { label: 'other-asset', supported: supported(), quote: flat('1', { asset: '0x4444444444444444444444444444444444444444' }) },
      { label: 'flat-without-fee', quote: { model: 'flat', asset: 'USDC' } },
      { label: 'bps-without-bps', quote: { model: 'bps', maxFee: '1' } },
      { label: 'tiered-unbounded', quote: { model: 'tiered', minFee: '1' } },
    ]);
    expect(result.decision).toBe('no_compatible_facilitator');
    expect(result.ranking).toEqual([]);
    expect(result.excluded.map((e) => e.reason)).toEqual(['incompatible', 'incompatible', 'supported_unreadable', 'no_fee_quote', 'fee_asset_differs', 'quote_incomplete', 'quote_incomplete', 'no_fee_bound']);
    expect(result.risk_flags).toContain('excluded_fee_asset_differs');
  });

  it('a v1 facilitator matches a v1 payment through ND (alias vs CAIP-2)', () => {
    const { result } = run([{ label: 'v1', supported: supported('base', 1), quote: flat('10') }], { x402_version: 1, network: 'eip155:8453' });
    expect(result.decision).toBe('cheapest_found');
  });

  it('flags uncapped bps, tiered upper bounds, expired quotes and fees above the price; confidence medium', () => {
    const { result } = run(
      [
        { label: 'uncapped', quote: bps(50) },
        { label: 'tiered', quote: { model: 'tiered', maxFee: '20', asset: 'USDC' } },
        { label: 'expired', quote: flat('5', { expiry: NOW_S }) },
        { label: 'steep', quote: flat('20000', { expiry: NOW_S + 60 }) },
      ],
      {},
      { as_of: NOW.toISOString() },
    );
    const flags = Object.fromEntries(result.ranking.map((r) => [r.label, r.flags]));
    expect(flags).toMatchObject({ uncapped: ['supported_assumed', 'uncapped'], tiered: ['fee_upper_bound', 'supported_assumed'], expired: ['quote_expired', 'supported_assumed'], steep: ['fee_exceeds_price', 'supported_assumed'] });
    expect(result.ranking.find((r) => r.label === 'tiered')!.fee_per_payment_atomic).toBe('20');
    expect(result.confidence).toBe('medium');
  });

  it('break-even respects bounds and extras: never when maxFee stays below the flat fee, at 0 when minFee already reaches it', () => {
    const { result } = run([
      { label: 'flat', quote: flat('1000'), extra_fixed_atomic: '100' },
      { label: 'capped-low', quote: bps(30, { maxFee: '500' }) },
      { label: 'high-min', quote: bps(30, { minFee: '2000', maxFee: '9000' }) },
      { label: 'with-extra', quote: bps(30, { maxFee: '9000' }), extra_fixed_atomic: '500' },
    ]);
    expect(result.break_even).toEqual([
      { a: 'flat', b: 'capped-low', amount_atomic: null },
      { a: 'flat', b: 'high-min', amount_atomic: '0' },
      { a: 'flat', b: 'with-extra', amount_atomic: '200000' },
    ]);
  });

  it('a fee asset given as the USDC symbol matches the default payment asset; another payment asset has no decimal cost', () => {
    expect(run([{ label: 'sym', quote: flat('1', { asset: 'usdc' }) }]).result.ranking[0]!.monthly_cost_decimal).toBe('0.1');
    const other = run([{ label: 'tok', quote: flat('1', { asset: '0xABCDEFabcdef0000000000000000000000000000' }) }], { asset: '0xabcdefABCDEF0000000000000000000000000000' }).result;
    expect(other.ranking[0]).toMatchObject({ monthly_cost_atomic: '100000', monthly_cost_decimal: null });
    const assumed = run([{ label: 'nil', quote: { model: 'flat', flatFee: '1' } }], { network: 'eip155:424242' }).result;
    expect(assumed.risk_flags).toEqual(['fee_asset_assumed', 'supported_assumed', 'unknown_network']);
  });

  describe('request bounds', () => {
    const payment = { network: 'base', amount_atomic: '1', monthly_count: 1 };
    const one = { label: 'F', quote: flat('1') };
    const rejects = (body: Record<string, unknown>) => expect(facilitatorCostComparatorRequest.safeParse(body).success).toBe(false);
    const accepts = (body: Record<string, unknown>) => expect(facilitatorCostComparatorRequest.safeParse(body).error).toBeUndefined();

    it('takes the catalog example, which is the worked example', () => {
      const example = facilitatorCostComparatorRequest.parse(catalogEntry('x402_facilitator_cost_comparator').example);
      expect(analyzeFacilitatorCost(example, { now: NOW }).result).toMatchObject({ decision: 'cheapest_found', break_even: [{ amount_atomic: '333334' }] });
    });

    it('refuses extra properties, wrong types and out-of-range values', () => {
      accepts({ payment, facilitators: [one] });
      rejects({ payment, facilitators: [one], extra: 1 });
      rejects({ payment: { ...payment, extra: 1 }, facilitators: [one] });
      rejects({ payment, facilitators: [{ ...one, extra: 1 }] });
      rejects({ payment, facilitators: [{ label: 'F', quote: { ...flat('1'), tiers: [] } }] });
      rejects({ payment, facilitators: [] });
      accepts({ payment, facilitators: Array.from({ length: 10 }, () => one) });
      rejects({ payment, facilitators: Array.from({ length: 11 }, () => one) });
      rejects({ payment: { ...payment, amount_atomic: '0' }, facilitators: [one] });
      rejects({ payment: { ...payment, amount_atomic: 10 }, facilitators: [one] });
      rejects({ payment: { ...payment, monthly_count: 0 }, facilitators: [one] });
      accepts({ payment: { ...payment, monthly_count: 1e9 }, facilitators: [one] });
      rejects({ payment: { ...payment, monthly_count: 1e9 + 1 }, facilitators: [one] });
      rejects({ payment: { ...payment, x402_version: 3 }, facilitators: [one] });
      rejects({ payment, facilitators: [{ label: 'F', quote: bps(10_001) }] });
      rejects({ payment, facilitators: [{ label: 'F', quote: bps(1.5) }] });
      rejects({ payment, facilitators: [{ label: 'F', quote: { model: 'auction' } }] });
      rejects({ payment, facilitators: [{ label: 'x'.repeat(121), quote: flat('1') }] });
      rejects({ payment, facilitators: [{ ...one, supported: [] }] });
      rejects({ payment, facilitators: [one], as_of: 'yesterday' });
    });

    it('answers at the limits without crashing', () => {
      const kinds = Array.from({ length: 2000 }, (_, i) => ({ x402Version: 2, scheme: 'exact', network: `eip155:${i + 1_000_000}` }));
      const facilitators = Array.from({ length: 10 }, (_, i) => ({ label: `F${i}`, supported: { kinds: [...kinds, { x402Version: 2, scheme: 'exact', network: 'base' }] }, quote: i % 2 ? bps(i, { maxFee: '9'.repeat(78) }) : flat('9'.repeat(70)) }));
      const { result } = run(facilitators, { amount_atomic: '9'.repeat(78), monthly_count: 1e9 });
      expect(result.ranking).toHaveLength(10);
      expect(result.break_even).toHaveLength(25);
    });
  });
});
