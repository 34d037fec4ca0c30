import { type CatalogEntry, type ErrorCode, PAYMENT } from '@paysight/contracts';
import { encodePaymentRequiredHeader } from '@x402/core/http';
import type { BodyDiscoveryExtension } from '@x402/extensions/bazaar';
import { OFFER_RECEIPT } from '@x402/extensions/offer-receipt';
import { BAZAAR_EXTENSION_KEY, fittingBazaarExtension } from './bazaar.js';
import {
  type PaymentOffer,
  type PriceDeclaration,
  paymentOffer,
  paymentRequirements,
  paymentRequirementsV1,
  priceDeclaration,
  resourceInfo,
} from './offer.js';
import type { OfferReceiptOffers } from './signed-receipts.js';
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
  /** The same object the PAYMENT-REQUIRED header carries (protocol v2); sign from this one, or from the header. */
  paymentRequired: PaymentRequired;
  offer: PaymentOffer;
  price: PriceDeclaration;
}

export interface Challenge {
  /** Value of the PAYMENT-REQUIRED header: base64 of `body.paymentRequired`, at most PAYMENT_REQUIRED_HEADER_BUDGET characters. */
  header: string;
  body: ChallengeBody;
}

/**
 * Most characters of a PAYMENT-REQUIRED value. Node and undici refuse more than 16 KB of headers in
 * all, and the official client echoes the offer's `extensions` into its PAYMENT-SIGNATURE, which must
 * stay within MAX_PAYMENT_HEADER_LENGTH (8192): the echo adds about 300 characters to this value.
 * Without the Bazaar extension a value is about 900 characters.
 */
export const PAYMENT_REQUIRED_HEADER_BUDGET = 3800;

export interface ChallengeOptions {
  /** The payee: the same receiving address on every paid endpoint. */
  payTo: string;
  /** Absolute URL of the paid resource (for MCP, the REST URL of the tool). */
  resourceUrl: string;
  reason?: ChallengeReason;
  /** The signed offers (`extensions["offer-receipt"]`); without them the 402 carries none. */
  signedOffers?: OfferReceiptOffers;
  /**
   * Further extensions every 402 declares whatever the room (the payment-identifier declaration),
   * merged with the signed offers before the Bazaar declaration is fitted.
   */
  extensions?: NonNullable<PaymentRequired['extensions']>;
}

function defaultReason(entry: Pick<CatalogEntry, 'id' | 'title' | 'price'>): ChallengeReason {
  return {
    code: 'payment_required',
    message:
      `${entry.title} costs ${entry.price} ${PAYMENT.currency}: pay with x402 (${PAYMENT.scheme}, ${PAYMENT.currency} on ${PAYMENT.networkName}, ` +
      `${PAYMENT.network}) and retry with PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1).`,
    details: { tool: entry.id, price: entry.price, currency: PAYMENT.currency },
  };
}

/**
 * The PaymentRequired with the fixed extensions (the signed offers) and the most complete form of the
 * Bazaar declaration whose header stays within the budget (see fittingBazaarExtension): the fixed
 * ones are merged first, the Bazaar declaration gets what is left, and is left out only when not
 * even its request part fits.
 */
function fitToHeader(entry: CatalogEntry, offer: PaymentRequired, fixed: NonNullable<PaymentRequired['extensions']>): { paymentRequired: PaymentRequired; header: string } {
  const withExtensions = (bazaar: BodyDiscoveryExtension | null): PaymentRequired => {
    const extensions = bazaar ? { ...fixed, [BAZAAR_EXTENSION_KEY]: bazaar } : fixed;
    return Object.keys(extensions).length ? { ...offer, extensions } : offer;
  };
  let header = '';
  const fits = (bazaar: BodyDiscoveryExtension) => {
    header = encodePaymentRequiredHeader(withExtensions(bazaar));
    return header.length <= PAYMENT_REQUIRED_HEADER_BUDGET;
  };
  const bazaar = fittingBazaarExtension(entry, fits);
  const paymentRequired = withExtensions(bazaar);
  return { paymentRequired, header: bazaar ? header : encodePaymentRequiredHeader(paymentRequired) };
}

/** The 402 challenge of a tool, built from its catalog entry (never from a hand-typed price). */
export function buildChallenge(entry: CatalogEntry, options: ChallengeOptions): Challenge {
  const reason = options.reason ?? defaultReason(entry);
  const { paymentRequired, header } = fitToHeader(entry, {
    x402Version: 2,
    error: reason.message,
    resource: resourceInfo(entry, options.resourceUrl),
    accepts: [paymentRequirements(entry, options.payTo)],
  }, { ...options.extensions, ...(options.signedOffers ? { [OFFER_RECEIPT]: options.signedOffers } : {}) });
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
  return { header, body };
}
