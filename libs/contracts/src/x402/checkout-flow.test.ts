import { CHECKOUT_EVENTS, CHECKOUT_STATES, CHECKOUT_TERMINAL_STATES, CHECKOUT_TRANSITIONS, type CheckoutEvent, type CheckoutState } from './checkout-flow.js';

/** Follows the table from idle; null when an event is illegal where it comes. */
function walk(events: CheckoutEvent[]): CheckoutState | null {
  let state: CheckoutState = 'idle';
  for (const event of events) {
    const legal = CHECKOUT_TRANSITIONS[event].legal;
    if (!(state in legal)) return null;
    state = legal[state] ?? state;
  }
  return state;
}

describe('x402 checkout state machine (reference data)', () => {
  it('the happy path of the exchange ends complete', () => {
    expect(walk(['request_unpaid', 'challenge_402', 'payment_signed', 'request_paid', 'verify_ok', 'handler_ok', 'settle_ok', 'receipt_header', 'response_200'])).toBe('complete');
    expect(walk(['request_paid', 'verify_ok', 'handler_ok', 'settle_ok', 'response_200'])).toBe('complete');
  });

  it('failures end uncharged; a settle without a final word waits for reconciliation', () => {
    expect(walk(['request_paid', 'verify_ok', 'handler_error', 'response_error'])).toBe('failed_uncharged');
    expect(walk(['request_paid', 'facilitator_unavailable_503'])).toBe('failed_uncharged');
    expect(walk(['request_paid', 'verify_ok', 'handler_ok', 'settle_timeout', 'response_error'])).toBe('pending_reconcile');
    expect(walk(['request_paid', 'verify_ok', 'handler_ok', 'settle_timeout', 'settle_ok', 'response_200'])).toBe('complete');
  });

  it('the handler never runs unverified, and nothing settles after a handler error', () => {
    expect(walk(['request_paid', 'handler_ok'])).toBeNull();
    expect(walk(['request_paid', 'verify_ok', 'handler_error', 'settle_ok'])).toBeNull();
    expect(walk(['request_paid', 'verify_fail', 'settle_ok'])).toBeNull();
  });

  it('covers every event, names only known states, and its terminal states take no new payment', () => {
    expect(Object.keys(CHECKOUT_TRANSITIONS).sort()).toEqual([...CHECKOUT_EVENTS].sort());
    for (const rule of Object.values(CHECKOUT_TRANSITIONS)) {
      for (const [from, to] of Object.entries(rule.legal)) {
        expect(CHECKOUT_STATES).toContain(from);
        if (to !== null) expect(CHECKOUT_STATES).toContain(to);
      }
    }
    for (const terminal of CHECKOUT_TERMINAL_STATES) expect(terminal in CHECKOUT_TRANSITIONS.request_paid.legal).toBe(false);
  });
});
