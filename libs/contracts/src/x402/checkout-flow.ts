/**
 * The reference state machine of one x402 paid call (design sheet §36), restated as data from the
 * x402 v2 exchange (coinbase/x402, Apache-2.0) and this service's own flow (DESIGN.md: verify, then
 * the handler, then settle, then the 200; a handler error settles nothing; a facilitator outage
 * answers 503 and charges nothing). Read by the checkout state simulator (#36); versioned with
 * X402_REFERENCE_DATA_VERSION.
 */

export const CHECKOUT_STATES = [
  'idle',
  'unpaid_requested',
  'challenged',
  'signed',
  'paid_requested',
  'verified',
  'rejected',
  'served_pending_settle',
  'handler_failed',
  'settled',
  'settle_failed',
  'pending_reconcile',
  'complete',
  'failed_uncharged',
] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

/** States a flow may end in: delivered and charged, or failed with nothing charged. */
export const CHECKOUT_TERMINAL_STATES: readonly CheckoutState[] = ['complete', 'failed_uncharged'];

export const CHECKOUT_ACTORS = ['client', 'server', 'facilitator'] as const;
export type CheckoutActor = (typeof CHECKOUT_ACTORS)[number];

export const CHECKOUT_EVENTS = [
  'request_unpaid',
  'challenge_402',
  'payment_signed',
  'request_paid',
  'verify_ok',
  'verify_fail',
  'handler_ok',
  'handler_error',
  'settle_ok',
  'settle_fail',
  'settle_timeout',
  'facilitator_unavailable_503',
  'response_200',
  'response_error',
  'receipt_header',
] as const;
export type CheckoutEvent = (typeof CHECKOUT_EVENTS)[number];

export interface CheckoutEventRule {
  /** Who emits the event. */
  actor: CheckoutActor;
  /** The states the event is legal in, each with the state after it (null keeps the state: a receipt header annotates the response). */
  legal: Readonly<Partial<Record<CheckoutState, CheckoutState | null>>>;
  /** Where an illegal occurrence still moves the flow, so one wrong event does not hide the ones after it. */
  otherwise: CheckoutState | null;
}

/** The transition table, by event. */
export const CHECKOUT_TRANSITIONS: Readonly<Record<CheckoutEvent, CheckoutEventRule>> = {
  request_unpaid: { actor: 'client', legal: { idle: 'unpaid_requested' }, otherwise: 'unpaid_requested' },
  challenge_402: { actor: 'server', legal: { unpaid_requested: 'challenged', rejected: 'challenged' }, otherwise: 'challenged' },
  payment_signed: { actor: 'client', legal: { challenged: 'signed' }, otherwise: 'signed' },
  // a client that already holds the offer may pay on its first request
  request_paid: { actor: 'client', legal: { idle: 'paid_requested', challenged: 'paid_requested', signed: 'paid_requested' }, otherwise: 'paid_requested' },
  verify_ok: { actor: 'facilitator', legal: { paid_requested: 'verified' }, otherwise: 'verified' },
  verify_fail: { actor: 'facilitator', legal: { paid_requested: 'rejected' }, otherwise: 'rejected' },
  handler_ok: { actor: 'server', legal: { verified: 'served_pending_settle' }, otherwise: 'served_pending_settle' },
  handler_error: { actor: 'server', legal: { verified: 'handler_failed' }, otherwise: 'handler_failed' },
  // a settlement without a final word is reconciled later: its settle_ok may still come
  settle_ok: { actor: 'facilitator', legal: { served_pending_settle: 'settled', pending_reconcile: 'settled' }, otherwise: 'settled' },
  settle_fail: { actor: 'facilitator', legal: { served_pending_settle: 'settle_failed', pending_reconcile: 'settle_failed' }, otherwise: 'settle_failed' },
  settle_timeout: { actor: 'facilitator', legal: { served_pending_settle: 'pending_reconcile' }, otherwise: 'pending_reconcile' },
  // down before the handler: 503, nothing charged; down at settle: the payment is held for reconciliation
  facilitator_unavailable_503: { actor: 'server', legal: { paid_requested: 'failed_uncharged', served_pending_settle: 'pending_reconcile' }, otherwise: 'failed_uncharged' },
  response_200: { actor: 'server', legal: { settled: 'complete' }, otherwise: 'complete' },
  response_error: {
    actor: 'server',
    legal: { rejected: 'failed_uncharged', handler_failed: 'failed_uncharged', settle_failed: 'failed_uncharged', pending_reconcile: 'pending_reconcile', failed_uncharged: 'failed_uncharged' },
    otherwise: 'failed_uncharged',
  },
  receipt_header: { actor: 'server', legal: { settled: null, complete: null }, otherwise: null },
};
