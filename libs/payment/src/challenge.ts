import { type CatalogEntry, type ErrorCode, PAYMENT } from '@paysight/contracts';
import { encodePaymentRequiredHeader } from '@x402/core/http';
import {
  type PaymentOffer,
  type PriceDeclaration,
  paymentOffer,
  paymentRequirements,
  paymentRequirementsV1,
  priceDeclaration,
  resourceInfo,
} from './offer.js';
import type { PaymentRequired, PaymentRequirementsV1 } from './wire.js';

/** Why the 402 is sent: no payment yet (the default), or why the payment presented was refused. */
export interface ChallengeReason {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

/**
 * The 402 body. It is the project's error body and, at the same time, a protocol v1 PaymentRequired
 * (`x402Version: 1` + `accepts`), so an x402 v1 client can pay from it while a person reads `error`.
 *
 * The v1 schema types `error` as a string; here it is the project's `{code, message, details}`
 * object, deliberately: every non-2xx answer of the service has that one shape (docs/errors), the
 * official clients (@x402/fetch 2.27, x402-fetch 1.x) read only `x402Version` and `accepts` from the
 * body, and v2 clients read the PAYMENT-REQUIRED header, whose `error` is a string. Strict v1-only
 * parsers that insist on a string (the legacy Python `x402` 1.x client) will not pay from this
 * body; the reason string is always available in `paymentRequired.error`.
 */
export interface ChallengeBody {
  ok: false;
  error: { code: ErrorCode; message: string; details?: unknown };
  x402Version: 1;
  accepts: [PaymentRequirementsV1];
  /** The same object the PAYMENT-REQUIRED header carries (protocol v2). */
  paymentRequired: PaymentRequired;
  offer: PaymentOffer;
  price: PriceDeclaration;
}

export interface Challenge {
  /** Value of the PAYMENT-REQUIRED header: base64 of `body.paymentRequired`. */
  header: string;
  body: ChallengeBody;
}

export interface ChallengeOptions {
  /** The payee: the same receiving address on every paid endpoint. */
  payTo: string;
  /** Absolute URL of the paid resource (for MCP, the REST URL of the tool). */
  resourceUrl: string;
  reason?: ChallengeReason;
}

function defaultReason(entry: Pick<CatalogEntry, 'id' | 'title' | 'price'>): ChallengeReason {
  return {
    code: 'payment_required',
    message:
      `${entry.title} costs ${entry.price} ${PAYMENT.currency}, paid with x402 (scheme ${PAYMENT.scheme}, ` +
      `${PAYMENT.currency} on ${PAYMENT.networkName}, ${PAYMENT.network}). Sign the offer and retry the same ` +
      'request with a PAYMENT-SIGNATURE header (x402 v2) or an X-PAYMENT header (x402 v1).',
    details: { tool: entry.id, price: entry.price, currency: PAYMENT.currency },
  };
}

/** The 402 challenge of a tool, built from its catalog entry (never from a hand-typed price). */
export function buildChallenge(entry: Pick<CatalogEntry, 'id' | 'title' | 'price'>, options: ChallengeOptions): Challenge {
  const reason = options.reason ?? defaultReason(entry);
  const paymentRequired: PaymentRequired = {
    x402Version: 2,
    error: reason.message,
    resource: resourceInfo(entry, options.resourceUrl),
    accepts: [paymentRequirements(entry, options.payTo)],
  };
  const body: ChallengeBody = {
    ok: false,
    error: {
      code: reason.code,
      message: reason.message,
      ...(reason.details === undefined ? {} : { details: reason.details }),
    },
    x402Version: 1,
    accepts: [paymentRequirementsV1(entry, options.payTo, options.resourceUrl)],
    paymentRequired,
    offer: paymentOffer(entry, options.payTo),
    price: priceDeclaration(entry),
  };
  return { header: encodePaymentRequiredHeader(paymentRequired), body };
}
