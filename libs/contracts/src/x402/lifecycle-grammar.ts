/**
 * The post-purchase lifecycle grammar of the x402-* family (design sheet §R "Our authored lists":
 * lifecycle grammar; CC0), read by the post-purchase event continuity checker (#43): payment settled,
 * then a receipt, then fulfilment, then one terminal event. Versioned with X402_REFERENCE_DATA_VERSION.
 */

export const PURCHASE_EVENT_TYPES = [
  'payment_settled',
  'receipt_issued',
  'fulfillment_started',
  'partial_fulfillment',
  'fulfillment_completed',
  'refund_requested',
  'refund_issued',
  'dispute_opened',
  'dispute_resolved',
  'access_revoked',
  'webhook_delivered',
] as const;
export type PurchaseEventType = (typeof PURCHASE_EVENT_TYPES)[number];

/** How a purchase ended: the state each terminal event puts it in. */
export const PURCHASE_TERMINAL_STATES = { fulfillment_completed: 'fulfilled', refund_issued: 'refunded', dispute_resolved: 'dispute_resolved' } as const satisfies Partial<Record<PurchaseEventType, string>>;
export type PurchaseTerminalEvent = keyof typeof PURCHASE_TERMINAL_STATES;

export interface LifecycleRule {
  /** May occur more than once per purchase (partial refunds, progress, notifications). */
  repeatable: boolean;
  /** A fulfilment event: it must not come before the payment. */
  fulfillment: boolean;
}

export const LIFECYCLE_GRAMMAR: Readonly<Record<PurchaseEventType, LifecycleRule>> = {
  payment_settled: { repeatable: false, fulfillment: false },
  receipt_issued: { repeatable: false, fulfillment: false },
  fulfillment_started: { repeatable: false, fulfillment: true },
  partial_fulfillment: { repeatable: true, fulfillment: true },
  fulfillment_completed: { repeatable: false, fulfillment: true },
  refund_requested: { repeatable: true, fulfillment: false },
  refund_issued: { repeatable: true, fulfillment: false },
  dispute_opened: { repeatable: false, fulfillment: false },
  dispute_resolved: { repeatable: false, fulfillment: false },
  access_revoked: { repeatable: false, fulfillment: false },
  webhook_delivered: { repeatable: true, fulfillment: false },
};

/**
 * What may still follow each terminal event. A delivered purchase can be refunded or disputed (the
 * terminal state moves on); after a refund or a resolved dispute only access revocation, further
 * refund instalments and notifications belong to the purchase.
 */
export const LIFECYCLE_AFTER_TERMINAL: Readonly<Record<PurchaseTerminalEvent, readonly PurchaseEventType[]>> = {
  fulfillment_completed: ['refund_requested', 'refund_issued', 'dispute_opened', 'dispute_resolved', 'access_revoked', 'webhook_delivered'],
  refund_issued: ['refund_issued', 'access_revoked', 'webhook_delivered'],
  dispute_resolved: ['refund_issued', 'access_revoked', 'webhook_delivered'],
};

/** The stages every purchase that ended must show before its terminal event. */
export const LIFECYCLE_REQUIRED_STAGES: readonly PurchaseEventType[] = ['payment_settled', 'receipt_issued'];

export function isPurchaseTerminal(type: PurchaseEventType): type is PurchaseTerminalEvent {
  return type in PURCHASE_TERMINAL_STATES;
}
