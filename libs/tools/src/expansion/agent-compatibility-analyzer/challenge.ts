import { paymentRequiredFromHeader } from '@paysight/contracts';
import { isObject, readRequirement, textOf, type JsonObject, type X402Offer } from '../x402-terms.js';

/** Offers read per challenge variant; the rest are reported as not evaluated. */
export const MAX_OFFERS_PER_VARIANT = 20;

/** One PaymentRequired a client could act on: its protocol version, offers and declared extensions. */
export interface ChallengeVariant {
  version: 1 | 2;
  /** Where it was found: the submitted object, or its paymentRequired member (Paysight's 402 body carries both). */
  source: string;
  offers: X402Offer[];
  offersNotRead: number;
  extensions: JsonObject;
  resourceUrl: string | null;
}

function variantOf(o: JsonObject, source: string): ChallengeVariant | null {
  if (!Array.isArray(o.accepts)) return null;
  const requirements = o.accepts.map(readRequirement).filter((r): r is X402Offer => r !== null);
  if (requirements.length === 0) return null;
  const stated = o.x402Version === 1 || o.x402Version === 2 ? o.x402Version : null;
  // Without x402Version, the amount field tells the version: maxAmountRequired is v1, amount is v2.
  const version = stated ?? (requirements[0]!.amountField === 'maxAmountRequired' ? 1 : 2);
  return {
    version,
    source,
    offers: requirements.slice(0, MAX_OFFERS_PER_VARIANT),
    offersNotRead: Math.max(0, requirements.length - MAX_OFFERS_PER_VARIANT),
    extensions: isObject(o.extensions) ? o.extensions : {},
    resourceUrl: textOf(o.resource) ?? (isObject(o.resource) ? textOf(o.resource.url) : null) ?? requirements[0]!.resource,
  };
}

/**
 * The challenge variants of a submitted 402 answer: the object itself (v1 body, v2 PaymentRequired,
 * or the decoded PAYMENT-REQUIRED header) and, when it holds one, its `paymentRequired` member.
 * Highest version first: a client that speaks both uses the newer.
 */
export function challengeVariants(submitted: Record<string, unknown> | string): ChallengeVariant[] {
  const root = typeof submitted === 'string' ? paymentRequiredFromHeader(submitted) : submitted;
  if (!root) return [];
  const variants = [variantOf(root, typeof submitted === 'string' ? 'PAYMENT-REQUIRED header' : 'payment_required'), isObject(root.paymentRequired) ? variantOf(root.paymentRequired, 'payment_required.paymentRequired') : null];
  return variants.filter((v): v is ChallengeVariant => v !== null).sort((a, b) => b.version - a.version);
}
