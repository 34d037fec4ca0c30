import { type CatalogEntry, PAYMENT } from '@paysight/contracts';
import type { Address } from 'viem';
import { type Challenge, type ChallengeReason, buildChallenge } from './challenge.js';
import type { OfferReceiptOffers, ReceiptSigner } from './signed-receipts.js';
import type { OfferExtensions } from './wire.js';

/** How long a signed offer is valid (`validUntil` = signing time + this). */
export const OFFER_VALIDITY_SECONDS = 600;
/**
 * An offer is signed again once less than this is left of its validity, so every offer served is
 * still valid for at least the time a buyer has to pay it (the offer's maxTimeoutSeconds).
 */
export const OFFER_RESIGN_MARGIN_SECONDS = PAYMENT.maxTimeoutSeconds;

/** Most distinct (tool, resource URL) pairs whose challenge is kept. */
const MAX_KEPT_CHALLENGES = 1024;

interface Kept {
  /** The challenge without signed offers: what discovery documents derive from. */
  unsigned: Challenge;
  signed: { challenge: Challenge; offers: OfferReceiptOffers; resignAt: number } | null;
  signing: Promise<void> | null;
}

export interface ChallengeCache {
  /** The 402 of an unpaid call, with signed offers when a signer is set: signs only when the kept offers near their end. */
  unpaid(entry: CatalogEntry, resourceUrl: string): Challenge | Promise<Challenge>;
  /** The challenge without signed offers (its `accepts`, price and Bazaar declaration are those of the 402). */
  unsigned(entry: CatalogEntry, resourceUrl: string): Challenge;
  /** A challenge for a refused payment: the reason, with the same signed offers as the unpaid 402. */
  refusal(entry: CatalogEntry, resourceUrl: string): Promise<(reason: ChallengeReason) => Challenge>;
}

/**
 * The challenge of an unpaid call depends only on the tool, its resource URL and the signed offers,
 * and it is the hottest answer of the service: build and encode it once per pair (frozen, shared by
 * every answer) and once per offer signature, so that a 402 costs no signature.
 */
/** `extensions`: what every 402 declares besides the signed offers (the payment-identifier declaration). */
export function createChallengeCache(payTo: Address, signer: ReceiptSigner | null, extensions: OfferExtensions = {}): ChallengeCache {
  const kept = new Map<string, Kept>();
  // The library stamps validUntil from the system clock: the same clock decides when to sign again.
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  function keptFor(entry: CatalogEntry, resourceUrl: string): Kept {
    const key = `${entry.id} ${entry.price} ${resourceUrl}`;
    let found = kept.get(key);
    if (!found) {
      if (kept.size >= MAX_KEPT_CHALLENGES) kept.clear();
      found = { unsigned: deepFreeze(buildChallenge(entry, { payTo, resourceUrl, extensions })), signed: null, signing: null };
      kept.set(key, found);
    }
    return found;
  }

  /** Signs the offers again; concurrent callers share one signature. */
  function sign(signing: ReceiptSigner, found: Kept, entry: CatalogEntry, resourceUrl: string): Promise<void> {
    found.signing ??= signing
      .signOffers(resourceUrl, found.unsigned.body.paymentRequired.accepts, OFFER_VALIDITY_SECONDS)
      .then((offers) => {
        const validUntil = Math.min(...offers.info.offers.map((offer) => offer.payload.validUntil));
        const challenge = deepFreeze(buildChallenge(entry, { payTo, resourceUrl, extensions, signedOffers: offers }));
        found.signed = { challenge, offers, resignAt: validUntil - OFFER_RESIGN_MARGIN_SECONDS };
      })
      .finally(() => {
        found.signing = null;
      });
    return found.signing;
  }

  async function signedOf(signing: ReceiptSigner, entry: CatalogEntry, resourceUrl: string): Promise<NonNullable<Kept['signed']>> {
    const found = keptFor(entry, resourceUrl);
    if (!found.signed || nowSeconds() >= found.signed.resignAt) await sign(signing, found, entry, resourceUrl);
    return found.signed as NonNullable<Kept['signed']>;
  }

  return {
    unpaid(entry, resourceUrl) {
      const found = keptFor(entry, resourceUrl);
      if (!signer) return found.unsigned;
      if (found.signed && nowSeconds() < found.signed.resignAt) return found.signed.challenge;
      return signedOf(signer, entry, resourceUrl).then((signed) => signed.challenge);
    },
    unsigned: (entry, resourceUrl) => keptFor(entry, resourceUrl).unsigned,
    async refusal(entry, resourceUrl) {
      const signedOffers = signer ? (await signedOf(signer, entry, resourceUrl)).offers : undefined;
      return (reason) => buildChallenge(entry, { payTo, resourceUrl, reason, extensions, ...(signedOffers ? { signedOffers } : {}) });
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
