import { CHECKOUT_SIMULATOR_LIMITS, CHECKOUT_TRANSITIONS, agentCheckoutStateSimulatorRequest, agentCheckoutStateSimulatorResult, type CheckoutEvent } from '@paysight/contracts';
import { simulateCheckout } from './analyze.js';

/** One correlation's events with seq 1.. and each event's own actor, unless told otherwise. */
const flow = (events: CheckoutEvent[], id = 'c1', firstSeq = 1) => events.map((event, i) => ({ correlation_id: id, seq: firstSeq + i, actor: CHECKOUT_TRANSITIONS[event].actor, event }));
const HAPPY: CheckoutEvent[] = ['request_unpaid', 'challenge_402', 'payment_signed', 'request_paid', 'verify_ok', 'handler_ok', 'settle_ok', 'receipt_header', 'response_200'];

function run(events: unknown[]) {
  const output = simulateCheckout(agentCheckoutStateSimulatorRequest.parse({ events }));
  expect(agentCheckoutStateSimulatorResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}
const codes = (events: unknown[]) => run(events).flows.flatMap((f) => f.violations.map((v) => v.violation));

describe('x402-agent-checkout-state-simulator', () => {
  it('the worked example of design §36: a settlement after a handler error is charged_without_service', () => {
    const result = run(flow(['request_unpaid', 'challenge_402', 'request_paid', 'verify_ok', 'handler_error', 'settle_ok']));
    expect(result.decision).toBe('invalid_flow');
    expect(result.flows).toEqual([{ correlation_id: 'c1', final_state: 'settled', violations: [{ seq: 6, from_state: 'handler_failed', event: 'settle_ok', violation: 'charged_without_service' }] }]);
    expect(result.confidence).toBe('medium');
    expect(result.risk_flags).toEqual(['charged_without_service', 'flow_not_terminal']);
  });

  it('valid_flow: the full exchange, a direct paid request, a 503 before the handler, a reconciled settle timeout', () => {
    const result = run([
      ...flow(HAPPY, 'a'),
      ...flow(['request_paid', 'verify_ok', 'handler_ok', 'settle_ok', 'response_200', 'receipt_header'], 'b'),
      ...flow(['request_paid', 'facilitator_unavailable_503'], 'c'),
      ...flow(['request_paid', 'verify_ok', 'handler_ok', 'settle_timeout', 'response_error', 'settle_ok', 'receipt_header', 'response_200'], 'd'),
      ...flow(['request_paid', 'verify_fail', 'response_error'], 'e'),
    ]);
    expect(result.decision).toBe('valid_flow');
    expect(result.flows.map((f) => f.final_state)).toEqual(['complete', 'complete', 'failed_uncharged', 'complete', 'failed_uncharged']);
    expect(result.counts).toEqual({ flows: 5, events: 28, terminal_flows: 5, violations: 0, by_violation: [] });
    expect(result.confidence).toBe('high');
  });

  it('invalid_flow: the handler ran unverified, after a refused verification too', () => {
    expect(codes(flow(['request_paid', 'handler_ok', 'settle_ok', 'receipt_header', 'response_200']))).toEqual(['unverified_execution']);
    expect(codes(flow(['request_paid', 'verify_fail', 'handler_ok']))).toEqual(['unverified_execution']);
  });

  it('invalid_flow: a 200 without settlement, a second 200, a second settlement', () => {
    expect(codes(flow(['request_paid', 'verify_ok', 'handler_ok', 'response_200']))).toEqual(['served_without_charge']);
    expect(codes(flow([...HAPPY, 'response_200']))).toEqual(['double_delivery']);
    expect(codes(flow(['request_paid', 'verify_ok', 'handler_ok', 'settle_ok', 'settle_ok', 'receipt_header', 'response_200']))).toEqual(['settle_twice']);
  });

  it('invalid_flow: any other event out of place is an illegal transition, and the replay goes on', () => {
    const result = run(flow(['challenge_402', 'request_paid', 'verify_ok', 'handler_ok', 'settle_ok', 'receipt_header', 'response_200']));
    expect(result.flows[0]!.violations).toEqual([{ seq: 1, from_state: 'idle', event: 'challenge_402', violation: 'illegal_transition' }]);
    expect(result.flows[0]!.final_state).toBe('complete');
  });

  it('recoverable_deviation: a missing receipt, a seq gap or repeat, a wrong actor', () => {
    const result = run(flow(['request_paid', 'verify_ok', 'handler_ok', 'settle_ok', 'response_200']));
    expect(result.decision).toBe('recoverable_deviation');
    expect(result.flows[0]!.violations).toEqual([{ seq: 5, from_state: 'settled', event: 'response_200', violation: 'receipt_missing' }]);
    const gaps = flow(HAPPY).filter((e) => e.seq !== 3);
    gaps.push({ ...gaps[0]!, seq: 9, event: 'receipt_header', actor: 'server' });
    expect(codes(gaps)).toEqual(['out_of_order', 'out_of_order']);
    const actor = flow(HAPPY).map((e) => (e.event === 'verify_ok' ? { ...e, actor: 'server' as const } : e));
    expect(run(actor)).toMatchObject({ decision: 'recoverable_deviation', counts: { by_violation: [{ violation: 'wrong_actor', count: 1 }] } });
  });

  it('orders each correlation by seq whatever the input order, and keeps flows in order of first appearance', () => {
    const events = [...flow(HAPPY, 'z'), ...flow(HAPPY, 'a')].reverse();
    const result = run(events);
    expect(result.decision).toBe('valid_flow');
    expect(result.flows.map((f) => f.correlation_id)).toEqual(['a', 'z']);
  });

  describe('request schema', () => {
    const event = { correlation_id: 'c', seq: 0, actor: 'client', event: 'request_paid' };
    const ok = (events: unknown[]) => agentCheckoutStateSimulatorRequest.safeParse({ events }).success;
    it('accepts the maxima and rejects one more', () => {
      expect(ok(Array(CHECKOUT_SIMULATOR_LIMITS.events).fill(event))).toBe(true);
      expect(ok(Array(CHECKOUT_SIMULATOR_LIMITS.events + 1).fill(event))).toBe(false);
      expect(ok([])).toBe(false);
      expect(ok([{ ...event, correlation_id: 'x'.repeat(128) }])).toBe(true);
      expect(ok([{ ...event, correlation_id: 'x'.repeat(129) }])).toBe(false);
      expect(ok([{ ...event, seq: Number.MAX_SAFE_INTEGER }])).toBe(true);
      expect(ok([{ ...event, seq: Number.MAX_SAFE_INTEGER + 1 }])).toBe(false);
    });
    it('rejects wrong types, enums and extra properties', () => {
      expect(ok([{ ...event, seq: -1 }])).toBe(false);
      expect(ok([{ ...event, seq: '1' }])).toBe(false);
      expect(ok([{ ...event, actor: 'wallet' }])).toBe(false);
      expect(ok([{ ...event, event: 'refund_issued' }])).toBe(false);
      expect(ok([{ ...event, at: 1 }])).toBe(false);
      expect(agentCheckoutStateSimulatorRequest.safeParse({ events: [event], extra: 1 }).success).toBe(false);
    });
  });

  it('a maximal input: 2,000 events in one correlation, shuffled, with repeats', () => {
    const events = Array.from({ length: 2000 }, (_, i) => ({ correlation_id: 'x'.repeat(128), seq: (i * 7919) % 1999, actor: 'server', event: HAPPY[i % HAPPY.length]! }));
    const result = run(events);
    expect(result.decision).toBe('invalid_flow');
    expect(result.counts.events).toBe(2000);
    expect(result.flows).toHaveLength(1);
  });
});
