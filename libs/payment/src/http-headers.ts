import { encodePaymentResponseHeader } from '@x402/core/http';
import type { SettleResponse } from '@x402/core/types';
import type { Challenge } from './challenge.js';
import type { PaymentReceipt } from './outcome.js';

/*
 * The x402 HTTP transport's response headers. The paid-call state machine knows none of them: a
 * REST codec asks these helpers for the headers of an outcome (the request side is decode.ts).
 */

/** A 402's offer (x402 v2): base64 JSON of the PaymentRequired object. */
export const PAYMENT_REQUIRED_HEADER = 'PAYMENT-REQUIRED';
/** The settle receipt of a paid answer, x402 v2. */
export const PAYMENT_RESPONSE_HEADER = 'PAYMENT-RESPONSE';
/** The settle receipt of a paid answer, x402 v1. */
export const X_PAYMENT_RESPONSE_HEADER = 'X-PAYMENT-RESPONSE';

export function challengeHeaders(challenge: Challenge): Record<string, string> {
  return { [PAYMENT_REQUIRED_HEADER]: challenge.header };
}

/** The receipt header in the protocol version the payment was made in. */
export function receiptHeaders(receipt: PaymentReceipt, protocolVersion: 1 | 2): Record<string, string> {
  // @x402/core types `network` as CAIP-2 (v2); a v1 receipt names it "base" and is encoded the same way.
  const encoded = encodePaymentResponseHeader(receipt as SettleResponse);
  return { [protocolVersion === 2 ? PAYMENT_RESPONSE_HEADER : X_PAYMENT_RESPONSE_HEADER]: encoded };
}
