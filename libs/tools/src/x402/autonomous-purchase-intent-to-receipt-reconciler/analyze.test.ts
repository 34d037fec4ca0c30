import { PURCHASE_RECONCILER_LIMITS, autonomousPurchaseIntentToReceiptReconcilerRequest, autonomousPurchaseIntentToReceiptReconcilerResult } from '@paysight/contracts';
import { analyzePurchaseReconciliation } from './analyze.js';

const A = `0x${'a'.repeat(40)}`;
const B = `0x${'b'.repeat(40)}`;
const BUYER = `0x${'c'.repeat(40)}`;
const PATH = '/api/x402/tx-status';
const HASH = `sha256:${'0'.repeat(64)}`;

const intent = (over: Record<string, unknown> = {}) => ({ intent_id: 'i1', resource_path: PATH, max_amount: '0.01', allowed_payees: [A], created_at: '2026-01-01T00:00:00Z', expires_at: '2026-01-02T00:00:00Z', ...over });
const settlement = (over: Record<string, unknown> = {}) => ({ success: true, transaction: `0x${'1'.repeat(64)}`, network: 'eip155:8453', payer: BUYER, ...over });
const payment = (id: string, over: Record<string, unknown> = {}) => ({ payment_id: id, from: BUYER, to: A, value_atomic: '10000', network: 'base', nonce_hash: HASH, resource_path: PATH, authorized_at: '2026-01-01T10:00:00Z', settlement: settlement(), ...over });
const ok = (id: string, status = 200) => ({ payment_id: id, http_status: status, received_at: '2026-01-01T10:00:01Z' });

function run(body: Record<string, unknown>) {
  const input = autonomousPurchaseIntentToReceiptReconcilerRequest.parse(body);
  const output = analyzePurchaseReconciliation(input);
  expect(autonomousPurchaseIntentToReceiptReconcilerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const kinds = (result: ReturnType<typeof run>) => result.exceptions.map((e) => [e.kind, e.ref]);

describe('x402-autonomous-purchase-intent-to-receipt-reconciler', () => {
  it('the worked example of design §10: a second settled payment on a one-use intent is an orphan, paid but not delivered', () => {
    const result = run({ intents: [intent()], payments: [payment('p1'), payment('p2', { authorized_at: '2026-01-01T10:00:05Z' })], deliveries: [ok('p1')] });
    expect(result.decision).toBe('discrepancy');
    expect(result.totals).toEqual({ authorized_atomic: '20000', settled_atomic: '20000', delivered_value_atomic: '10000', orphan_value_atomic: '10000' });
    expect(kinds(result)).toEqual([
      ['orphan_payment', 'p2'],
      ['paid_not_delivered', 'p2'],
      ['duplicate_purchase', 'i1'],
    ]);
    expect(result.exceptions[0]!.detail).toContain('i1 has no uses left');
    expect(result.chains).toEqual([{ intent_id: 'i1', payment_ids: ['p1'], status: 'over_used' }]);
    expect(result.confidence).toBe('high');
  });

  it('reconciled: payments matched in authorized_at order, settled and delivered; max_uses 2', () => {
    const result = run({ intents: [intent({ max_uses: 2 })], payments: [payment('late', { authorized_at: '2026-01-01T12:00:00Z' }), payment('early')], deliveries: [ok('late'), ok('early', 201)] });
    expect(result.decision).toBe('reconciled');
    expect(result.chains).toEqual([{ intent_id: 'i1', payment_ids: ['early', 'late'], status: 'fulfilled' }]);
    expect(result.exceptions).toEqual([]);
    expect(result.risk_flags).toEqual([]);
  });

  it('incomplete_evidence: deliveries omitted, or more than 20% of settlements null', () => {
    expect(run({ intents: [intent()], payments: [payment('p1')] }).decision).toBe('incomplete_evidence');
    const fifth = run({ intents: [intent({ max_uses: 5 })], payments: [payment('p1', { settlement: null }), ...['p2', 'p3', 'p4', 'p5'].map((id) => payment(id))], deliveries: ['p1', 'p2', 'p3', 'p4', 'p5'].map((id) => ok(id)) });
    expect(fifth.decision).toBe('discrepancy');
    const more = run({ intents: [intent({ max_uses: 5 })], payments: [payment('p1', { settlement: null }), payment('p2', { settlement: undefined }), payment('p3')], deliveries: [ok('p3')] });
    expect(more.decision).toBe('incomplete_evidence');
    expect(more.risk_flags).toContain('settlements_missing');
  });

  it('orphans name why no intent took them: path, window, payee, amount, network', () => {
    const result = run({
      intents: [intent({ network: 'eip155:8453' })],
      payments: [
        payment('path', { resource_path: '/other' }),
        payment('early', { authorized_at: '2025-12-31T00:00:00Z' }),
        payment('payee', { to: B }),
        payment('amount', { value_atomic: '10001' }),
        payment('net', { network: 'eip155:1', settlement: settlement({ network: 'eip155:1' }) }),
      ],
      deliveries: ['path', 'early', 'payee', 'amount', 'net'].map((id) => ok(id)),
    });
    const details = Object.fromEntries(result.exceptions.filter((e) => e.kind === 'orphan_payment').map((e) => [e.ref, e.detail]));
    expect(details.path).toContain('no intent for its resource_path');
    expect(details.early).toContain('outside its validity window');
    expect(details.payee).toContain('payee not allowed');
    expect(details.amount).toContain('above max_amount 0.01');
    expect(details.net).toContain('network eip155:1 is not eip155:8453');
    expect(kinds(result).filter(([k]) => k === 'unfulfilled_intent')).toEqual([['unfulfilled_intent', 'i1']]);
    expect(result.totals.orphan_value_atomic).toBe('50001');
  });

  it('delivered_unsettled: a 2xx for a failed, mismatched or missing settlement; payee case does not matter', () => {
    const result = run({
      intents: [intent({ max_uses: 3, allowed_payees: [A.toUpperCase().replace('0X', '0x')] })],
      payments: [payment('failed', { settlement: settlement({ success: false }) }), payment('payer', { settlement: settlement({ payer: B }) }), payment('net', { settlement: settlement({ network: 'eip155:84532' }) })],
      deliveries: [ok('failed'), ok('payer'), ok('net'), ok('ghost', 404)],
    });
    expect(kinds(result)).toEqual([
      ['delivered_unsettled', 'failed'],
      ['delivered_unsettled', 'payer'],
      ['delivered_unsettled', 'net'],
    ]);
    expect(result.risk_flags).toEqual(['delivered_unsettled', 'delivery_for_unknown_payment', 'settlement_network_mismatch', 'settlement_payer_mismatch']);
    expect(result.chains[0]!.status).toBe('unsettled');
    expect(result.totals.settled_atomic).toBe('0');
  });

  it('confidence medium when a settled payment lacks a nonce_hash or a transaction; non-2xx deliveries do not count', () => {
    const result = run({ intents: [intent()], payments: [payment('p1', { nonce_hash: undefined })], deliveries: [ok('p1', 500)] });
    expect(result.confidence).toBe('medium');
    expect(kinds(result)).toEqual([['paid_not_delivered', 'p1']]);
    expect(result.chains[0]!.status).toBe('undelivered');
  });

  describe('request bounds', () => {
    const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
    const parse = (body: Record<string, unknown>) => autonomousPurchaseIntentToReceiptReconcilerRequest.safeParse(body).success;
    const intents = (n: number) => many(n, (i) => intent({ intent_id: `i${i}` }));
    const payments = (n: number) => many(n, (i) => payment(`p${i}`));

    it('list maxima accepted, one more rejected', () => {
      expect(parse({ intents: intents(PURCHASE_RECONCILER_LIMITS.intents), payments: payments(PURCHASE_RECONCILER_LIMITS.payments), deliveries: many(500, (i) => ok(`p${i}`)) })).toBe(true);
      expect(parse({ intents: intents(101), payments: [] })).toBe(false);
      expect(parse({ intents: [], payments: payments(501) })).toBe(false);
      expect(parse({ intents: [], payments: [], deliveries: many(501, (i) => ok(`p${i}`)) })).toBe(false);
      expect(parse({ intents: [intent({ allowed_payees: many(20, () => A) })], payments: [] })).toBe(true);
      expect(parse({ intents: [intent({ allowed_payees: many(21, () => A) })], payments: [] })).toBe(false);
      expect(parse({ intents: [intent({ max_uses: 100 })], payments: [] })).toBe(true);
      expect(parse({ intents: [intent({ max_uses: 101 })], payments: [] })).toBe(false);
    });

    it('rejects duplicate ids, wrong types and extra properties', () => {
      expect(parse({ intents: [intent(), intent()], payments: [] })).toBe(false);
      expect(parse({ intents: [], payments: [payment('p'), payment('p')] })).toBe(false);
      expect(parse({ intents: [], payments: [payment('p', { value_atomic: 10000 })] })).toBe(false);
      expect(parse({ intents: [], payments: [payment('p', { value_atomic: '0.01' })] })).toBe(false);
      expect(parse({ intents: [intent({ max_amount: '0.0000001' })], payments: [] })).toBe(false);
      expect(parse({ intents: [], payments: [payment('p', { settlement: settlement({ txHash: '0x' }) })] })).toBe(false);
      expect(parse({ intents: [], payments: [], extra: 1 })).toBe(false);
      expect(parse({ intents: [], payments: [], deliveries: [{ ...ok('p'), http_status: 600 }] })).toBe(false);
      expect(parse({ payments: [] })).toBe(false);
    });

    it('a maximum input (100 intents on one path, 500 payments, 500 deliveries) is answered', () => {
      const result = run({ intents: intents(100), payments: payments(500), deliveries: many(500, (i) => ok(`p${i}`, i % 2 ? 200 : 502)) });
      expect(result.decision).toBe('discrepancy');
      expect(result.totals.orphan_value_atomic).toBe(String(400 * 10000));
      expect(result.exceptions.filter((e) => e.kind === 'duplicate_purchase')).toHaveLength(1);
    });
  });
});
