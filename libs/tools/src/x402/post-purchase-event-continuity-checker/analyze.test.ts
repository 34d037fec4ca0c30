import { CONTINUITY_LIMITS, postPurchaseEventContinuityCheckerRequest, postPurchaseEventContinuityCheckerResult, type PurchaseEventType } from '@paysight/contracts';
import { checkContinuity } from './analyze.js';

const NOW = new Date('2026-01-01T00:00:00Z');
const PAID = 1000;
const purchase = (over: Record<string, unknown> = {}) => ({ purchase_id: 'p1', paid_at: PAID, amount_atomic: '50000', ...over });
/** Events of p1 at PAID + 10·i with sequence i + 1, unless told otherwise. */
const stream = (types: PurchaseEventType[], over: (i: number) => Record<string, unknown> = () => ({})) =>
  types.map((type, i) => ({ event_id: `e${i + 1}`, purchase_id: 'p1', type, at: PAID + 10 * i, sequence: i + 1, ...over(i) }));
const HAPPY: PurchaseEventType[] = ['payment_settled', 'receipt_issued', 'fulfillment_started', 'fulfillment_completed', 'webhook_delivered'];

function run(body: Record<string, unknown>, now = NOW) {
  const output = checkContinuity(postPurchaseEventContinuityCheckerRequest.parse({ purchases: [purchase()], as_of: 2000, ...body }), { now });
  expect(postPurchaseEventContinuityCheckerResult.safeParse(output.result).error).toBeUndefined();
  return output;
}
const codes = (body: Record<string, unknown>) => run(body).result.purchases.flatMap((p) => p.findings.map((f) => f.code));

describe('x402-post-purchase-event-continuity-checker', () => {
  it('the worked example of design §43: a seq gap at 3 and a completion after the refund', () => {
    const events = [
      { event_id: 'e1', purchase_id: 'p1', type: 'payment_settled', at: 1000, sequence: 1 },
      { event_id: 'e2', purchase_id: 'p1', type: 'receipt_issued', at: 1001, sequence: 2 },
      { event_id: 'e4', purchase_id: 'p1', type: 'fulfillment_started', at: 1002, sequence: 4 },
      { event_id: 'e5', purchase_id: 'p1', type: 'refund_issued', at: 1003, sequence: 5 },
      { event_id: 'e6', purchase_id: 'p1', type: 'fulfillment_completed', at: 1004, sequence: 6 },
    ];
    const { result } = run({ events });
    expect(result.decision).toBe('broken');
    expect(result.purchases).toEqual([
      {
        purchase_id: 'p1',
        terminal_state: 'refunded',
        findings: [
          { code: 'seq_gap', event_id: 'e4', detail: 'sequence 3 is missing' },
          { code: 'event_after_terminal', event_id: 'e6', detail: 'fulfillment_completed after the terminal refund_issued' },
        ],
      },
    ]);
    expect(result.confidence).toBe('high');
    expect(result.risk_flags).toEqual(['event_after_terminal', 'seq_gap']);
  });

  it('continuous: settled, receipt, fulfilment, completed; a later refund and a webhook are still part of the purchase', () => {
    const { result, metadata } = run({ events: stream([...HAPPY, 'refund_requested', 'refund_issued', 'access_revoked'], (i) => (i === 6 ? { amount_atomic: '50000' } : {})) });
    expect(result).toMatchObject({ decision: 'continuous', purchases: [{ terminal_state: 'refunded', findings: [] }] });
    expect(result.counts).toEqual({ purchases: 1, events: 8, orphan_events: 0, findings: 0, by_code: [], by_terminal_state: [{ terminal_state: 'refunded', count: 1 }] });
    expect(metadata.as_of).toBe('1970-01-01T00:33:20.000Z');
  });

  it('broken: refunds above what was paid, reported at the refund that crossed it', () => {
    const { result } = run({ events: stream([...HAPPY, 'refund_issued', 'refund_issued'], (i) => (i >= 5 ? { amount_atomic: '30000' } : {})) });
    expect(result.decision).toBe('broken');
    expect(result.purchases[0]!.findings).toEqual([{ code: 'refund_exceeds_paid', event_id: 'e7', detail: 'refunds reach 60000 atomic, more than the 50000 paid' }]);
  });

  it('broken: fulfilment before the payment, by stream order or by time', () => {
    expect(codes({ events: stream(['fulfillment_started', 'payment_settled', 'receipt_issued', 'fulfillment_completed']) })).toEqual(['fulfillment_before_payment']);
    expect(codes({ events: stream(HAPPY, (i) => (i === 2 ? { at: PAID - 1 } : {})) })).toEqual(['out_of_order', 'fulfillment_before_payment']);
  });

  it('gaps_found: a repeated event_id, a repeated one-off type, time going back while sequence goes on', () => {
    const events = stream(HAPPY);
    const repeated = run({ events: [...events, { ...events[1]!, sequence: 9 }] }).result;
    expect(repeated.decision).toBe('gaps_found');
    expect(repeated.purchases[0]!.findings.map((f) => [f.code, f.event_id])).toEqual([['duplicate_event', 'e2']]);
    expect(codes({ events: stream(['payment_settled', 'receipt_issued', 'receipt_issued', 'fulfillment_completed']) })).toEqual(['duplicate_event']);
    expect(codes({ events: stream(HAPPY, (i) => (i === 3 ? { at: PAID + 5 } : {})) })).toEqual(['out_of_order']);
  });

  it('gaps_found: an event of an unknown purchase, a purchase past its deadline, a purchase ended without its receipt', () => {
    const orphan = run({ events: [...stream(HAPPY), { event_id: 'x', purchase_id: 'p9', type: 'refund_issued', at: 1, sequence: 1 }] }).result;
    expect(orphan.decision).toBe('gaps_found');
    expect(orphan.purchases[1]).toEqual({ purchase_id: 'p9', terminal_state: 'unknown_purchase', findings: [{ code: 'orphan_event', event_id: 'x', detail: 'its purchase_id is not among the purchases' }] });
    expect(orphan.counts.orphan_events).toBe(1);

    const late = run({ events: stream(['payment_settled', 'receipt_issued']), fulfilment_deadline_seconds: 500, as_of: 1501 }).result;
    expect(late.purchases[0]).toMatchObject({ terminal_state: 'overdue', findings: [{ code: 'missing_terminal', event_id: null }] });
    expect(run({ events: stream(['payment_settled', 'receipt_issued']), fulfilment_deadline_seconds: 500, as_of: 1500 }).result).toMatchObject({ decision: 'continuous', purchases: [{ terminal_state: 'open' }] });

    expect(codes({ events: stream(['payment_settled', 'fulfillment_completed']) })).toEqual(['missing_stage']);
    // without any settlement event, paid_at is the payment: fulfilment after it is in order, the missing stages are the gap
    expect(codes({ events: stream(['receipt_issued', 'fulfillment_completed']) })).toEqual(['missing_stage']);
  });

  it('without sequences: ordered by time, medium confidence, sequence checks not made', () => {
    const { result } = run({ events: stream(HAPPY, () => ({ sequence: undefined })).reverse() });
    expect(result).toMatchObject({ decision: 'continuous', confidence: 'medium', purchases: [{ terminal_state: 'fulfilled' }] });
    expect(result.limitations.join(' ')).toMatch(/ordered by time/);
  });

  it('refunds without a known payment amount are not judged, and say so', () => {
    const { result } = run({ purchases: [purchase({ amount_atomic: undefined })], events: stream([...HAPPY, 'refund_issued'], (i) => (i === 5 ? { amount_atomic: '99999999' } : {})) });
    expect(result.decision).toBe('continuous');
    expect(result.limitations.join(' ')).toMatch(/Refunds of 1 purchase/);
  });

  it('without as_of the request time is now', () => {
    const output = checkContinuity(postPurchaseEventContinuityCheckerRequest.parse({ purchases: [purchase()], events: stream(['payment_settled']) }), { now: NOW });
    expect(output.result.purchases[0]!.terminal_state).toBe('overdue');
    expect(output.metadata.as_of).toBe(NOW.toISOString());
  });

  describe('request schema', () => {
    const event = { event_id: 'e', purchase_id: 'p1', type: 'payment_settled', at: 1 };
    const ok = (body: Record<string, unknown>) => postPurchaseEventContinuityCheckerRequest.safeParse({ purchases: [purchase()], events: [event], ...body }).success;
    it('accepts the maxima and rejects one more', () => {
      expect(ok({ purchases: Array.from({ length: CONTINUITY_LIMITS.purchases }, (_, i) => purchase({ purchase_id: `p${i}` })) })).toBe(true);
      expect(ok({ purchases: Array.from({ length: CONTINUITY_LIMITS.purchases + 1 }, (_, i) => purchase({ purchase_id: `p${i}` })) })).toBe(false);
      expect(ok({ events: Array(CONTINUITY_LIMITS.events).fill(event) })).toBe(true);
      expect(ok({ events: Array(CONTINUITY_LIMITS.events + 1).fill(event) })).toBe(false);
      expect(ok({ events: [] })).toBe(false);
      expect(ok({ events: [{ ...event, event_id: 'x'.repeat(128) }] })).toBe(true);
      expect(ok({ events: [{ ...event, event_id: 'x'.repeat(129) }] })).toBe(false);
      expect(ok({ fulfilment_deadline_seconds: CONTINUITY_LIMITS.maxDeadlineSeconds })).toBe(true);
      expect(ok({ fulfilment_deadline_seconds: CONTINUITY_LIMITS.maxDeadlineSeconds + 1 })).toBe(false);
      expect(ok({ fulfilment_deadline_seconds: 0 })).toBe(false);
      expect(ok({ purchases: [purchase({ amount_atomic: '9'.repeat(78) })] })).toBe(true);
      expect(ok({ purchases: [purchase({ amount_atomic: '9'.repeat(79) })] })).toBe(false);
    });
    it('rejects wrong types, enums, duplicate purchases and extra properties', () => {
      expect(ok({ purchases: [purchase(), purchase()] })).toBe(false);
      expect(ok({ events: [{ ...event, type: 'shipped' }] })).toBe(false);
      expect(ok({ events: [{ ...event, at: '2026-01-01T00:00:00Z' }] })).toBe(false);
      expect(ok({ events: [{ ...event, amount_atomic: '0.5' }] })).toBe(false);
      expect(ok({ events: [{ ...event, sequence: -1 }] })).toBe(false);
      expect(ok({ events: [{ ...event, note: 'x' }] })).toBe(false);
      expect(ok({ purchases: [purchase({ buyer: 'x' })] })).toBe(false);
      expect(ok({ extra: 1 })).toBe(false);
    });
  });

  it('a maximal input: 100 purchases, 5,000 events, every kind of finding', () => {
    const purchases = Array.from({ length: 100 }, (_, i) => purchase({ purchase_id: `p${i}`.padEnd(128, 'x'), amount_atomic: '9'.repeat(78) }));
    const types = ['payment_settled', 'receipt_issued', 'partial_fulfillment', 'refund_issued', 'webhook_delivered'] as const;
    const events = Array.from({ length: 5000 }, (_, i) => ({
      event_id: `e${i % 4990}`.padEnd(128, 'x'),
      purchase_id: `p${i % 101}`.padEnd(128, 'x'),
      type: types[i % types.length]!,
      at: PAID + ((i * 7919) % 5000),
      sequence: Math.floor(i / 101) * 2,
      amount_atomic: '9'.repeat(78),
    }));
    const { result } = run({ purchases, events, as_of: 8_640_000_000_000 });
    expect(result.decision).toBe('broken');
    expect(result.purchases).toHaveLength(101);
    expect(result.counts.events).toBe(5000);
  });
});
