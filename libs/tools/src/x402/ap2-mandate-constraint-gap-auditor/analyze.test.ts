import { AP2_AUDIT_LIMITS, ap2MandateConstraintGapAuditorRequest, ap2MandateConstraintGapAuditorResult } from '@paysight/contracts';
import { analyzeAp2MandateGaps } from './analyze.js';

const AS_OF = '2026-01-01T00:00:00.000Z';
const NOW = { now: new Date('2030-01-01T00:00:00Z') };

function run(body: Record<string, unknown>) {
  const input = ap2MandateConstraintGapAuditorRequest.parse({ as_of: AS_OF, ...body });
  const output = analyzeAp2MandateGaps(input, NOW);
  expect(ap2MandateConstraintGapAuditorResult.safeParse(output.result).error).toBeUndefined();
  return output;
}

const usd = (value: number | string, currency = 'USD') => ({ currency, value });
const item = (label: string, value: number) => ({ label, amount: usd(value) });

/** A fully bounded intent: merchants, SKUs, an amount rule, one currency, a near expiry, refundability, confirmation. */
const boundedIntent = (over: Record<string, unknown> = {}) => ({
  natural_language_description: 'Red high-top basketball shoes, size 10',
  user_cart_confirmation_required: true,
  merchants: ['Shoe Shop'],
  skus: ['SKU-RED-10'],
  requires_refundability: true,
  intent_expiry: '2026-01-08T00:00:00Z',
  spending_rules: [{ rule_id: 'r1', rule_type: 'amount_constraint', description: 'at most 120', limit_amount: usd(120) }],
  ...over,
});

const cart = (over: Record<string, unknown> = {}, total = 99.5) => ({
  contents: {
    id: 'cart-1',
    user_cart_confirmation_required: true,
    merchant_name: 'Shoe Shop',
    cart_expiry: '2026-01-01T00:15:00Z',
    payment_request: { method_data: [{ supported_methods: 'CARD' }], details: { id: 'order-1', display_items: [item('SKU-RED-10', total)], total: item('Total', total) } },
    ...over,
  },
  merchant_authorization: 'eyJhbGciOiJFUzI1NiJ9.e30.sig',
});

const paymentMandate = (over: Record<string, unknown> = {}) => ({
  payment_mandate_contents: {
    payment_mandate_id: 'pm-1',
    payment_details_id: 'order-1',
    payment_details_total: item('Total', 99.5),
    payment_response: { request_id: 'order-1', method_name: 'CARD' },
    merchant_agent: 'shoe-shop-agent',
    ...over,
  },
});

const check = (result: { cross_checks: { check: string; result: string }[] }, name: string) => result.cross_checks.find((c) => c.check === name)!.result;

describe('x402-ap2-mandate-constraint-gap-auditor', () => {
  it('the worked example of design §8: a signed intent without confirmation, merchants, SKUs or budget, a year out, is unbounded', () => {
    const { result, metadata } = run({
      intent_mandate: { natural_language_description: 'Red high-top basketball shoes, size 10', user_cart_confirmation_required: false, intent_expiry: '2027-01-01T00:00:00Z' },
      intent_signed_by_user: true,
    });
    expect(result.decision).toBe('unbounded');
    expect(result.gaps.slice(0, 4).map((g) => [g.dimension, g.severity])).toEqual([
      ['merchant', 'high'],
      ['amount', 'high'],
      ['item', 'medium'],
      ['time', 'medium'],
    ]);
    expect(result.gaps.slice(4).map((g) => [g.dimension, g.severity])).toEqual([
      ['refundability', 'low'],
      ['human_confirmation', 'low'],
    ]);
    expect(result.constraint_coverage).toEqual({ merchant: 'unbounded', item: 'unbounded', amount: 'unbounded', currency: 'bounded', time: 'loose', refundability: 'unbounded', human_confirmation: 'loose' });
    expect(result.gaps.find((g) => g.dimension === 'time')!.suggested_bound).toBe('intent_expiry no later than 2026-01-31T00:00:00.000Z');
    expect(result.confidence).toBe('medium');
    expect(result.cross_checks.every((c) => c.result === 'skipped')).toBe(true);
    expect(result.risk_flags).toEqual(['amount_unbounded', 'human_confirmation_loose', 'item_unbounded', 'merchant_unbounded', 'refundability_unbounded', 'time_loose']);
    expect(metadata.as_of).toBe(AS_OF);
  });

  it('bounded: every dimension bounded and the cart and payment mandates agree; high confidence', () => {
    const { result } = run({ intent_mandate: boundedIntent(), intent_signed_by_user: true, cart_mandate: cart(), payment_mandate: paymentMandate() });
    expect(result.decision).toBe('bounded');
    expect(result.confidence).toBe('high');
    expect(result.gaps).toEqual([]);
    expect(result.cross_checks.map((c) => c.result)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'pass']);
    expect(result.risk_flags).toEqual([]);
  });

  it('gaps_found: a bounded intent whose cart is from another merchant, and over the amount rule', () => {
    const { result } = run({ intent_mandate: boundedIntent(), intent_signed_by_user: true, cart_mandate: cart({ merchant_name: 'Other Shop' }, 150) });
    expect(result.decision).toBe('gaps_found');
    expect(check(result, 'cart_merchant_allowed')).toBe('fail');
    expect(check(result, 'cart_total_within_bound')).toBe('fail');
    expect(result.cross_checks.find((c) => c.check === 'cart_total_within_bound')!.detail).toContain('150 USD against at most 120 USD');
    expect(result.risk_flags).toEqual(['cart_merchant_not_allowed', 'cart_total_over_bound']);
    expect(result.gaps).toEqual([]);
  });

  it('gaps_found: a loose dimension alone (expiry beyond max_expiry_days) is a gap; the payment mandate may be its contents alone', () => {
    const { result } = run({
      intent_mandate: boundedIntent({ intent_expiry: '2026-03-01T00:00:00Z' }),
      intent_signed_by_user: true,
      cart_mandate: cart(),
      payment_mandate: paymentMandate().payment_mandate_contents,
      max_expiry_days: 30,
    });
    expect(result.decision).toBe('gaps_found');
    expect(result.gaps.map((g) => [g.dimension, g.severity, g.path])).toEqual([['time', 'medium', '/intent_mandate/intent_expiry']]);
    expect(check(result, 'payment_total_equals_cart')).toBe('pass');
  });

  it('unbounded needs confirmation false: the same open intent with confirmation is gaps_found, its gaps softened one level', () => {
    const { result } = run({ intent_mandate: { natural_language_description: 'Red high-top basketball shoes, size 10', intent_expiry: '2026-01-05T00:00:00Z' }, intent_signed_by_user: false });
    expect(result.decision).toBe('gaps_found');
    expect(result.gaps.filter((g) => ['merchant', 'amount', 'item'].includes(g.dimension)).map((g) => [g.dimension, g.severity])).toEqual([
      ['merchant', 'medium'],
      ['amount', 'medium'],
      ['item', 'low'],
    ]);
  });

  it('invalid_mandate: an unsigned intent without confirmation breaks the AP2 rule', () => {
    const { result } = run({ intent_mandate: boundedIntent({ user_cart_confirmation_required: false }), intent_signed_by_user: false });
    expect(result.decision).toBe('invalid_mandate');
    expect(result.validity_failures).toEqual([{ path: '/intent_mandate/user_cart_confirmation_required', problem: expect.stringContaining('must be true') }]);
    expect(result.risk_flags).toContain('unsigned_intent_without_confirmation');
  });

  it('invalid_mandate: missing required fields and an expired intent are reported with pointers', () => {
    const missing = run({ intent_mandate: { merchants: ['Shoe Shop'] }, intent_signed_by_user: true }).result;
    expect(missing.decision).toBe('invalid_mandate');
    expect(missing.validity_failures.map((f) => f.path)).toEqual(['/intent_mandate/natural_language_description', '/intent_mandate/intent_expiry']);
    expect(missing.constraint_coverage.merchant).toBe('bounded');

    const expired = run({ intent_mandate: boundedIntent({ intent_expiry: '2025-12-31T00:00:00Z' }), intent_signed_by_user: true }).result;
    expect(expired.decision).toBe('invalid_mandate');
    expect(expired.risk_flags).toContain('intent_expired');

    const badCart = run({ intent_mandate: boundedIntent(), intent_signed_by_user: true, cart_mandate: { contents: { id: 'c' } } }).result;
    expect(badCart.decision).toBe('invalid_mandate');
    expect(badCart.validity_failures[0]!.path).toMatch(/^\/cart_mandate\/contents\//);
  });

  it('cross-checks: payment total and id mismatches fail; an lt rule excludes its own limit; USD and USDC mix is loose', () => {
    const mismatch = run({ intent_mandate: boundedIntent(), intent_signed_by_user: true, cart_mandate: cart(), payment_mandate: paymentMandate({ payment_details_id: 'x', payment_details_total: item('Total', 99.51) }) }).result;
    expect([check(mismatch, 'payment_total_equals_cart'), check(mismatch, 'payment_details_id_equals_cart')]).toEqual(['fail', 'fail']);

    const strict = run({
      intent_mandate: boundedIntent({ spending_rules: { rules: [{ rule_id: 'r', rule_type: 'amount_constraint', description: 'under 99.5', operator: 'lt', limit_amount: usd('99.5') }] } }),
      intent_signed_by_user: true,
      cart_mandate: cart(),
    }).result;
    expect(check(strict, 'cart_total_within_bound')).toBe('fail');

    const mixed = run({ intent_mandate: boundedIntent({ spending_rules: [{ rule_id: 'r', rule_type: 'amount_constraint', description: 'x', limit_amount: usd(120, 'USDC') }] }), intent_signed_by_user: true, cart_mandate: cart() }).result;
    expect(mixed.constraint_coverage.currency).toBe('loose');
    expect(check(mixed, 'cart_total_within_bound')).toBe('pass');
    expect(mixed.risk_flags).toContain('currency_mix');
  });

  it('amount sources: a disabled rule is loose; the request budget alone bounds it with low confidence; unreadable amounts are flagged', () => {
    const disabled = run({ intent_mandate: boundedIntent({ spending_rules: [{ rule_id: 'r', rule_type: 'amount_constraint', description: 'x', enabled: false, limit_amount: usd(1) }] }), intent_signed_by_user: true }).result;
    expect(disabled.constraint_coverage.amount).toBe('loose');

    const budget = run({ intent_mandate: boundedIntent({ spending_rules: undefined }), intent_signed_by_user: true, budget: { currency: 'USD', value: '120' } }).result;
    expect(budget.constraint_coverage.amount).toBe('bounded');
    expect(budget.confidence).toBe('low');
    expect(budget.decision).toBe('bounded');

    const unreadable = run({ intent_mandate: boundedIntent({ spending_rules: [{ rule_id: 'r', rule_type: 'amount_constraint', description: 'x', limit_amount: usd(0.0000001) }] }), intent_signed_by_user: true }).result;
    expect(unreadable.risk_flags).toContain('amount_unreadable');
    expect(unreadable.constraint_coverage.amount).toBe('loose');
  });

  it('a description under 15 characters is flagged vague_intent', () => {
    expect(run({ intent_mandate: boundedIntent({ natural_language_description: 'shoes' }), intent_signed_by_user: true }).result.risk_flags).toContain('vague_intent');
  });

  describe('request bounds', () => {
    const body = (intent: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ intent_mandate: intent, intent_signed_by_user: true, ...extra });
    const names = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

    it('accepts 100 merchants and 500 SKUs, rejects one more of each', () => {
      expect(ap2MandateConstraintGapAuditorRequest.safeParse(body(boundedIntent({ merchants: names(AP2_AUDIT_LIMITS.merchants, 'm'), skus: names(AP2_AUDIT_LIMITS.skus, 's') }))).success).toBe(true);
      expect(ap2MandateConstraintGapAuditorRequest.safeParse(body(boundedIntent({ merchants: names(101, 'm') }))).success).toBe(false);
      expect(ap2MandateConstraintGapAuditorRequest.safeParse(body(boundedIntent({ skus: names(501, 's') }))).success).toBe(false);
    });

    it('rejects wrong types, extra properties and max_expiry_days outside 1–365', () => {
      const ok = body(boundedIntent());
      expect(ap2MandateConstraintGapAuditorRequest.safeParse(ok).success).toBe(true);
      expect(ap2MandateConstraintGapAuditorRequest.safeParse({ ...ok, intent_signed_by_user: 'yes' }).success).toBe(false);
      expect(ap2MandateConstraintGapAuditorRequest.safeParse({ ...ok, extra: 1 }).success).toBe(false);
      expect(ap2MandateConstraintGapAuditorRequest.safeParse({ ...ok, budget: { currency: 'EUR', value: '1' } }).success).toBe(false);
      expect(ap2MandateConstraintGapAuditorRequest.safeParse({ ...ok, budget: { currency: 'USD', value: '1', cap: 2 } }).success).toBe(false);
      expect(ap2MandateConstraintGapAuditorRequest.safeParse({ ...ok, max_expiry_days: 365 }).success).toBe(true);
      expect(ap2MandateConstraintGapAuditorRequest.safeParse({ ...ok, max_expiry_days: 366 }).success).toBe(false);
      expect(ap2MandateConstraintGapAuditorRequest.safeParse({ ...ok, max_expiry_days: 0 }).success).toBe(false);
      expect(ap2MandateConstraintGapAuditorRequest.safeParse({ ...ok, intent_mandate: 'intent' }).success).toBe(false);
    });

    it('a maximum input (100 merchants, 500 SKUs, a cart of 2000 items) is answered', () => {
      const skus = names(AP2_AUDIT_LIMITS.skus, 'SKU');
      const items = Array.from({ length: 2000 }, (_, i) => item(i % 2 ? `SKU-${i % 500}` : `other-${i}`, 1));
      const big = cart({ merchant_name: 'm-99', payment_request: { method_data: [{ supported_methods: 'CARD' }], details: { id: 'order-1', display_items: items, total: item('Total', 2000) } } });
      const { result } = run(body(boundedIntent({ merchants: names(100, 'm'), skus }), { cart_mandate: big, payment_mandate: paymentMandate() }));
      expect(result.decision).toBe('gaps_found');
      expect(check(result, 'cart_items_in_skus')).toBe('fail');
    });
  });
});
