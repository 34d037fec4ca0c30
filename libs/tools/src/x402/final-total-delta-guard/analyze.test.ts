import { catalogEntry, finalTotalDeltaGuardRequest, finalTotalDeltaGuardResult } from '@paysight/contracts';
import { analyzeFinalTotal } from './analyze.js';

const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

function run(body: Record<string, unknown>) {
  const output = analyzeFinalTotal(finalTotalDeltaGuardRequest.parse(body));
  expect(finalTotalDeltaGuardResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const totals = (approved: string, final: string, tolerance?: Record<string, unknown>) => ({ approved: { amount: approved, currency: 'USDC' }, final: { amount: final, currency: 'USDC' }, ...(tolerance ? { tolerance } : {}) });

describe('x402-final-total-delta-guard', () => {
  it('the worked example of design §37: a late 0.01 service fee on 0.05 with tolerance max(0.005, 5%) needs reconfirmation', () => {
    const result = run({
      approved: { amount: '0.05', currency: 'USDC', line_items: [{ label: 'research', amount: '0.05' }] },
      final: { amount: '0.06', currency: 'USDC', line_items: [{ label: 'Research', amount: '0.05' }, { label: 'service fee', amount: '0.01' }] },
      tolerance: { abs: '0.005', pct: 5 },
    });
    expect(result).toMatchObject({ decision: 'requires_reconfirmation', confidence: 'high', delta_atomic: '10000', delta_decimal: '0.01', delta_pct: '20.0000', tolerance_atomic: '5000', assumptions: [] });
    expect(result.item_changes).toEqual([{ label: 'service fee', change: 'added', before: null, after: '0.01', pointer: '/final/line_items/1' }]);
    expect(result.risk_flags).toEqual(['delta_above_tolerance', 'item_added']);
  });

  it('block: a delta above twice the tolerance', () => {
    const result = run(totals('0.05', '0.0601', { abs: '0.005' }));
    expect(result).toMatchObject({ decision: 'block', delta_atomic: '10100', confidence: 'medium' });
    expect(result.risk_flags).toContain('delta_above_twice_tolerance');
  });

  it('block: currencies that cannot be compared (another currency, parity off, an unknown asset)', () => {
    const eur = run({ approved: { amount: '1', currency: 'USD' }, final: { amount: '1', currency: 'EUR' } });
    expect(eur).toMatchObject({ decision: 'block', delta_atomic: null, delta_decimal: null, delta_pct: null, risk_flags: ['currency_mismatch'] });
    const parityOff = run({ approved: { amount: '1', currency: 'USD' }, final: { amount: '1', currency: 'USDC' }, usd_usdc_parity: false });
    expect(parityOff.decision).toBe('block');
    expect(parityOff.summary).toContain('usd_usdc_parity is false');
    const token = run({ approved: { amount: '1', currency: 'USDC' }, final: { amount_atomic: '1000000', asset: '0x4444444444444444444444444444444444444444', network: 'base', currency: 'USDC' } });
    expect(token).toMatchObject({ decision: 'block', risk_flags: ['currency_mismatch', 'unknown_asset'] });
  });

  it('within_tolerance: equal totals, a delta at the tolerance, and a lower final total (info)', () => {
    expect(run(totals('0.05', '0.05')).decision).toBe('within_tolerance');
    expect(run(totals('100', '102', { pct: 2 })).decision).toBe('within_tolerance');
    const lower = run(totals('0.05', '0.04'));
    expect(lower).toMatchObject({ decision: 'within_tolerance', delta_atomic: '-10000', delta_decimal: '-0.01', delta_pct: '-20.0000', risk_flags: ['final_below_approved'] });
  });

  it('the percentage tolerance is floored in atomic units and read exactly', () => {
    // 0.333333 × 1.5% = 0.00499999…: floor → 4999 atomic units.
    expect(run(totals('0.333333', '0.338333', { pct: 1.5 })).tolerance_atomic).toBe('4999');
    expect(run(totals('0.333333', '0.338332', { pct: 1.5 })).decision).toBe('within_tolerance');
    expect(run(totals('0.333333', '0.338333', { pct: 1.5 })).decision).toBe('requires_reconfirmation');
  });

  it('a final total in atomic units of the network\'s USDC, compared with a USD approval at par (an assumption)', () => {
    const result = run({ approved: { amount: '0.05', currency: 'USD' }, final: { amount_atomic: '50000', asset: USDC_BASE, network: 'eip155:8453', currency: 'USDC' } });
    expect(result).toMatchObject({ decision: 'within_tolerance', delta_atomic: '0' });
    expect(result.assumptions).toEqual([expect.stringContaining('usd_usdc_parity')]);
  });

  it('item changes: removed and changed in approved order, then added; labels case-folded; sums and duplicates flagged', () => {
    const result = run({
      approved: { amount: '1', currency: 'USD', line_items: [{ label: 'Shipping', amount: '0.2' }, { label: 'Report', amount: '0.5' }, { label: 'Tax', amount: '0.1' }] },
      final: { amount: '1.2', currency: 'USD', line_items: [{ label: 'TAX', amount: '0.15' }, { label: 'report', amount: '0.5' }, { label: 'Fee', amount: '0.3' }, { label: 'fee', amount: '0.25' }] },
      tolerance: { pct: 50 },
    });
    expect(result.item_changes).toEqual([
      { label: 'Shipping', change: 'removed', before: '0.2', after: null, pointer: '/approved/line_items/0' },
      { label: 'Tax', change: 'changed', before: '0.1', after: '0.15', pointer: '/final/line_items/0' },
      { label: 'Fee', change: 'added', before: null, after: '0.55', pointer: '/final/line_items/2' },
    ]);
    expect(result.risk_flags).toEqual(['approved_items_do_not_sum', 'duplicate_line_label', 'item_added', 'item_changed', 'item_removed']);
    expect(result.decision).toBe('within_tolerance');
  });

  describe('request bounds', () => {
    const rejects = (body: unknown) => expect(finalTotalDeltaGuardRequest.safeParse(body).success).toBe(false);
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `item ${i}`.padEnd(120, 'x'), amount: '0.000001' }));

    it('takes the catalog example', () => {
      const result = run(catalogEntry('x402_final_total_delta_guard').example as Record<string, unknown>);
      expect(result.decision).toBe('requires_reconfirmation');
      expect(result.assumptions).toHaveLength(1);
    });

    it('refuses extra properties, wrong types and out-of-range values', () => {
      expect(finalTotalDeltaGuardRequest.safeParse({ approved: { amount: '1', currency: 'USD', line_items: items(100) }, final: { amount: '1', currency: 'USD' } }).success).toBe(true);
      rejects({ approved: { amount: '1', currency: 'USD', line_items: items(101) }, final: { amount: '1', currency: 'USD' } });
      rejects({ approved: { amount: '1', currency: 'USD', line_items: [{ label: 'x'.repeat(121), amount: '1' }] }, final: { amount: '1', currency: 'USD' } });
      rejects({ ...totals('1', '1'), extra: true });
      rejects({ approved: { amount: '1', currency: 'USD', extra: 1 }, final: { amount: '1', currency: 'USD' } });
      rejects({ approved: { amount: '1', currency: 'EUR' }, final: { amount: '1', currency: 'USD' } });
      rejects({ approved: { amount: 1, currency: 'USD' }, final: { amount: '1', currency: 'USD' } });
      rejects(totals('1', '0.0000001'));
      rejects(totals('1', '1', { pct: 100.5 }));
      rejects(totals('1', '1', { pct: 1.23456 }));
      rejects({ approved: { amount: '1', currency: 'USD' }, final: { amount: '1', amount_atomic: '1', asset: 'USDC', network: 'base', currency: 'USD' } });
      rejects({ approved: { amount: '1', currency: 'USD' }, final: { amount_atomic: '1', asset: 'USDC', currency: 'USD' } });
    });

    it('answers at the limits: 100 items a side, 78-digit atomic amount', () => {
      const result = run({ approved: { amount: '999999999999.999999', currency: 'USD', line_items: items(100) }, final: { amount_atomic: '9'.repeat(78), asset: 'USDC', network: 'base', currency: 'USDC', line_items: items(100).reverse() }, tolerance: { abs: '0', pct: 100 } });
      expect(result.decision).toBe('block');
      expect(result.item_changes).toEqual([]);
    });
  });
});
