import { LIFECYCLE_AFTER_TERMINAL, LIFECYCLE_GRAMMAR, PURCHASE_EVENT_TYPES, PURCHASE_TERMINAL_STATES, isPurchaseTerminal } from './lifecycle-grammar.js';

describe('x402 post-purchase lifecycle grammar (reference data)', () => {
  it('has a rule for every event type and three terminal events', () => {
    expect(Object.keys(LIFECYCLE_GRAMMAR).sort()).toEqual([...PURCHASE_EVENT_TYPES].sort());
    expect(PURCHASE_EVENT_TYPES.filter(isPurchaseTerminal)).toEqual(['fulfillment_completed', 'refund_issued', 'dispute_resolved']);
    expect(PURCHASE_TERMINAL_STATES.refund_issued).toBe('refunded');
  });

  it('a delivered purchase may still be refunded; a refunded one is never completed afterwards', () => {
    expect(LIFECYCLE_AFTER_TERMINAL.fulfillment_completed).toContain('refund_issued');
    expect(LIFECYCLE_AFTER_TERMINAL.refund_issued).not.toContain('fulfillment_completed');
    expect(LIFECYCLE_AFTER_TERMINAL.dispute_resolved).not.toContain('dispute_opened');
  });

  it('one-off stages are not repeatable; refunds and notifications are', () => {
    expect(LIFECYCLE_GRAMMAR.payment_settled.repeatable).toBe(false);
    expect(LIFECYCLE_GRAMMAR.fulfillment_completed.repeatable).toBe(false);
    expect(LIFECYCLE_GRAMMAR.refund_issued.repeatable).toBe(true);
    expect(LIFECYCLE_GRAMMAR.webhook_delivered.repeatable).toBe(true);
    expect(PURCHASE_EVENT_TYPES.filter((t) => LIFECYCLE_GRAMMAR[t].fulfillment)).toEqual(['fulfillment_started', 'partial_fulfillment', 'fulfillment_completed']);
  });
});
