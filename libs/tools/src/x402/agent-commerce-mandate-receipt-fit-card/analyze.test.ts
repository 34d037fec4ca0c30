import { X402_REQUEST_LIMITS, X402_USDC, agentCommerceMandateReceiptFitCardRequest, agentCommerceMandateReceiptFitCardResult } from '@paysight/contracts';
import { analyzeMandateReceiptFit } from './analyze.js';

const USDC = X402_USDC['eip155:8453']!.address;
const A = '0x209693Bc6afc0C5328bA36FaF03C514EF312287C';
const BUYER = '0x2222222222222222222222222222222222222222';
const budget = (extra: Record<string, unknown> = {}) => ({ x402_budget: { authorized_max_amount: '0.05', currency: 'USDC', expected_payee: A, purpose: 'One status lookup', human_present: false, expires_at: '2026-01-02T00:00:00Z', ...extra } });
const x402 = (extra: Record<string, unknown> = {}) => ({ x402: { settlement: { success: true, transaction: `0x${'a'.repeat(64)}`, network: 'eip155:8453', payer: BUYER }, amount_atomic: '60000', asset: USDC, pay_to: A, settled_at: '2026-01-01T12:00:00Z', ...extra } });

const intent = (extra: Record<string, unknown> = {}) => ({ natural_language_description: 'Red running shoes, size 10', intent_expiry: '2026-02-01T00:00:00Z', merchants: ['Shoe Shop'], skus: ['SHOE-RED-10'], user_cart_confirmation_required: false, budget: { currency: 'USD', value: 120 }, ...extra });
const cart = (items: string[] = ['SHOE-RED-10'], total = 99.5) => ({
  contents: {
    id: 'cart-1',
    user_cart_confirmation_required: false,
    merchant_name: 'Shoe Shop',
    cart_expiry: '2026-01-10T00:00:00Z',
    payment_request: { method_data: [{ supported_methods: 'CARD' }], details: { id: 'order-1', display_items: items.map((label) => ({ label, amount: { currency: 'USD', value: 99.5 } })), total: { label: 'Total', amount: { currency: 'USD', value: total } } } },
  },
});
const paymentMandate = (id = 'pm-1') => ({ payment_mandate_contents: { payment_mandate_id: id, payment_details_id: 'order-1', payment_details_total: { label: 'Total', amount: { currency: 'USD', value: 99.5 } }, payment_response: { request_id: 'order-1', method_name: 'CARD' }, merchant_agent: 'shop-agent' }, user_authorization: 'eyJhbGciOi.sig' });
const ap2Receipt = (extra: Record<string, unknown> = {}) => ({ ap2: { payment_mandate_id: 'pm-1', payment_id: 'pay-1', amount: { currency: 'USD', value: '99.50' }, payment_status: { merchant_confirmation_id: 'mc-1' }, timestamp: '2026-01-05T10:00:00Z', ...extra } });

function run(body: Record<string, unknown>) {
  const input = agentCommerceMandateReceiptFitCardRequest.parse(body);
  const { result } = analyzeMandateReceiptFit(input);
  expect(agentCommerceMandateReceiptFitCardResult.safeParse(result).error).toBeUndefined();
  return result;
}
const statuses = (result: ReturnType<typeof run>) => Object.fromEntries(result.card.map((r) => [r.dimension, r.status]));

describe('x402-agent-commerce-mandate-receipt-fit-card', () => {
  it('the worked example of design §33', () => {
    const result = run({ mandate: budget(), receipt: x402() });
    expect(result.decision).toBe('misfit');
    expect(statuses(result)).toEqual({ amount: 'exceeds', currency: 'fits', payee: 'fits', item: 'not_stated', time: 'fits', presence: 'not_evidenced', linkage: 'fits' });
    expect(result.card[0]).toEqual({ dimension: 'amount', status: 'exceeds', mandate_value: '0.05 USDC', receipt_value: '0.06 USDC', note: 'paid 0.01 over the bound', pointers: ['/mandate/x402_budget/authorized_max_amount', '/receipt/x402/amount_atomic'] });
    expect(result.headline).toBe('misfit: amount exceeds');
    expect(result.confidence).toBe('high');
    expect(result.risk_flags).toEqual(['amount_exceeds', 'presence_not_evidenced']);
  });

  it('partial_fit: an x402 budget within bound still cannot evidence presence', () => {
    const result = run({ mandate: budget(), receipt: x402({ amount_atomic: '50000', pay_to: A.toLowerCase() }) });
    expect(result.decision).toBe('partial_fit');
    expect(result.headline).toBe('partial_fit: presence not evidenced');
  });

  it('fits: AP2 intent, cart and payment mandate against the AP2 receipt they name', () => {
    const result = run({ mandate: { ap2: { intent_mandate: intent(), cart_mandate: cart(), payment_mandate: paymentMandate(), intent_signed_by_user: true } }, receipt: ap2Receipt(), merchant_label: 'shoe shop' });
    expect(statuses(result)).toEqual({ amount: 'fits', currency: 'fits', payee: 'fits', item: 'fits', time: 'fits', presence: 'fits', linkage: 'fits' });
    expect(result.decision).toBe('fits');
    expect(result.card[0]!.mandate_value).toBe('99.5 USD');
    expect(result.risk_flags).toEqual([]);
  });

  it('misfit on AP2: item outside the SKUs, other merchant, another payment mandate, paid after the cart expired', () => {
    const result = run({
      mandate: { ap2: { intent_mandate: intent(), cart_mandate: cart(['SHOE-RED-10', 'SOCKS']), payment_mandate: paymentMandate('pm-2'), intent_signed_by_user: false } },
      receipt: ap2Receipt({ timestamp: '2026-01-11T00:00:00Z' }),
      merchant_label: 'Other Shop',
    });
    expect(statuses(result)).toMatchObject({ item: 'mismatch', payee: 'mismatch', linkage: 'mismatch', time: 'exceeds', presence: 'mismatch' });
    expect(result.card.find((r) => r.dimension === 'item')!.receipt_value).toBe('SOCKS');
    expect(result.confidence).toBe('medium');
  });

  it('currency: USD and USDC at par when both declare one; another currency is a mismatch and leaves the amount not evidenced', () => {
    const par = run({ mandate: budget({ currency: 'usd', authorized_max_amount: '1' }), receipt: x402() });
    expect(par.card[1]).toMatchObject({ status: 'fits', note: 'USDC taken at par with USD (declared on both sides)' });
    const eur = run({ mandate: budget({ currency: 'EUR', authorized_max_amount: '1' }), receipt: x402() });
    expect(statuses(eur)).toMatchObject({ currency: 'mismatch', amount: 'not_evidenced' });
    expect(eur.decision).toBe('misfit');
    const unknownAsset = run({ mandate: budget(), receipt: x402({ asset: '0x0000000000000000000000000000000000000001' }) });
    expect(statuses(unknownAsset)).toMatchObject({ currency: 'not_evidenced', amount: 'not_evidenced' });
    expect(unknownAsset.risk_flags).toContain('asset_not_known_usdc');
  });

  it('unverifiable: fewer than two rows comparable', () => {
    const result = run({ mandate: { ap2: { intent_mandate: { natural_language_description: 'anything', intent_expiry: '2026-02-01T00:00:00Z' } } }, receipt: { ap2: { payment_id: 'x' } } });
    expect(result.decision).toBe('unverifiable');
    expect(result.risk_flags).toContain('ap2_document_invalid');
    expect(result.card.find((r) => r.dimension === 'presence')).toMatchObject({ status: 'not_evidenced', mandate_value: 'human present (cart confirmation required)' });
    const unreadableIntent = run({ mandate: { ap2: { intent_mandate: { skus: 'not a list' } } }, receipt: ap2Receipt() });
    expect(unreadableIntent.card.find((r) => r.dimension === 'presence')).toMatchObject({ status: 'not_evidenced', mandate_value: null, note: 'the intent mandate is not readable' });
    expect(result.limitations.some((l) => l.startsWith('/receipt/ap2 does not fit the AP2 shape'))).toBe(true);
  });

  it('settlement failures, failed AP2 payments and a missing payer are flagged; linkage not evidenced lowers confidence', () => {
    const failed = run({ mandate: budget(), receipt: x402({ settlement: { success: false, network: 'base' }, amount_atomic: '10000' }) });
    expect(failed.risk_flags).toEqual(expect.arrayContaining(['settlement_failed', 'linkage_not_evidenced']));
    expect(failed.confidence).toBe('medium');
    const ap2Failed = run({ mandate: { ap2: { intent_mandate: intent(), payment_mandate: paymentMandate() } }, receipt: ap2Receipt({ payment_status: { error_message: 'declined' } }) });
    expect(ap2Failed.risk_flags).toContain('payment_failed');
    expect(statuses(ap2Failed).presence).toBe('not_evidenced');
  });

  describe('request bounds', () => {
    const parse = (body: Record<string, unknown>) => agentCommerceMandateReceiptFitCardRequest.safeParse(body).success;
    it('one mandate form and one receipt form, strict objects, typed fields, document bounds', () => {
      expect(parse({ mandate: budget(), receipt: x402() })).toBe(true);
      expect(parse({ mandate: { ...budget(), ap2: { intent_mandate: intent() } }, receipt: x402() })).toBe(false);
      expect(parse({ mandate: budget({ authorized_max_amount: 0.05 }), receipt: x402() })).toBe(false);
      expect(parse({ mandate: budget({ authorized_max_amount: '0.0000001' }), receipt: x402() })).toBe(false);
      expect(parse({ mandate: budget({ note: 'x' }), receipt: x402() })).toBe(false);
      expect(parse({ mandate: budget(), receipt: x402({ amount_atomic: '1'.repeat(79) }) })).toBe(false);
      expect(parse({ mandate: budget(), receipt: x402(), merchant_label: 'm'.repeat(200) })).toBe(true);
      expect(parse({ mandate: budget(), receipt: x402(), merchant_label: 'm'.repeat(201) })).toBe(false);
      expect(parse({ mandate: budget(), receipt: x402(), extra: 1 })).toBe(false);
      const big = (bytes: number) => ({ ...intent(), pad: 'x'.repeat(bytes) });
      const room = X402_REQUEST_LIMITS.documentBytes - JSON.stringify(big(0)).length;
      expect(parse({ mandate: { ap2: { intent_mandate: big(room) } }, receipt: x402() })).toBe(true);
      expect(parse({ mandate: { ap2: { intent_mandate: big(room + 1) } }, receipt: x402() })).toBe(false);
    });

    it('a maximum-size input (three AP2 documents of 160–250 KiB) is answered', () => {
      const skus = Array.from({ length: 17_000 }, (_, i) => `SKU-${i}`);
      const result = run({
        mandate: { ap2: { intent_mandate: intent({ skus, merchants: Array.from({ length: 2000 }, (_, i) => `Shop ${i}`).concat('Shoe Shop') }), cart_mandate: cart(skus.slice(0, 2000)), payment_mandate: { ...paymentMandate(), pad: 'x'.repeat(250_000) }, intent_signed_by_user: true } },
        receipt: ap2Receipt(),
        merchant_label: 'Shoe Shop',
      });
      expect(result.decision).toBe('fits');
    });
  });
});
