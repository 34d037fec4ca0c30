import {
  PAYMENT_IDENTIFIER,
  PAYMENT_ID_MAX_LENGTH,
  PAYMENT_ID_MIN_LENGTH,
  type PaymentIdentifierExtension,
  declarePaymentIdentifierExtension,
  isValidPaymentId,
} from '@x402/extensions/payment-identifier';
import type { DecodedPayment } from './decode.js';

export { PAYMENT_IDENTIFIER };

/** What a payment says about the client's payment identifier (x402 `payment-identifier` extension). */
export type ClientPaymentId = { status: 'absent' } | { status: 'invalid'; problem: string } | { status: 'present'; id: string };

/** The extension as a 402 declares it: whether a payment must name an id. */
export type PaymentIdentifierDeclaration = Pick<PaymentIdentifierExtension, 'info'>;

/**
 * The declaration every 402 carries: the library's, without its `schema`. That schema is a constant of
 * the extension (clients, the library's helper included, read only `info`), and its 330 header
 * characters are better spent on the Bazaar declaration within the header budget.
 */
export function paymentIdentifierDeclaration(required: boolean): { [PAYMENT_IDENTIFIER]: PaymentIdentifierDeclaration } {
  return { [PAYMENT_IDENTIFIER]: { info: declarePaymentIdentifierExtension(required).info } };
}

const ABSENT: ClientPaymentId = { status: 'absent' };

/**
 * The client's id, read from the payment's extensions. Only the id is checked, with the extension's own
 * rule: the `schema` a client echoes is never compiled (it is the client's text, and compiling a schema
 * per request is a cost a caller could choose). x402 v1 payments carry no extensions: always absent.
 */
export function clientPaymentIdOf(payment: DecodedPayment): ClientPaymentId {
  if (payment.version !== 2) return ABSENT;
  const extension = payment.payload.extensions?.[PAYMENT_IDENTIFIER];
  if (extension === undefined) return ABSENT;
  const info = extension && typeof extension === 'object' ? (extension as { info?: unknown }).info : undefined;
  const id = info && typeof info === 'object' ? (info as { id?: unknown }).id : undefined;
  if (id === undefined) return ABSENT;
  if (typeof id === 'string' && isValidPaymentId(id)) return { status: 'present', id };
  return { status: 'invalid', problem: `${PAYMENT_IDENTIFIER} info.id must be ${PAYMENT_ID_MIN_LENGTH}-${PAYMENT_ID_MAX_LENGTH} characters of letters, digits, _ and -` };
}
