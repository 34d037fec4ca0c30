import { isJsonObject, textOf, type JsonObject } from '../helpers.js';
import { X402P } from '../x402p.js';

/**
 * The seller's offers as the replay audit reads them: x402 payment requirements through X402P, or
 * signed offer-receipt offers (x402 offer-receipt extension v1.0, @x402/extensions: `{format: "jws",
 * signature}` with the payload inside the compact JWS, or `{format: "eip712", payload, signature}`).
 * Signatures are not verified; only payTo, maxTimeoutSeconds and the signed validUntil are read.
 */
export interface SellerOffer {
  index: number;
  pay_to: string | null;
  max_timeout_seconds: number | null;
  /** Null for a requirements object, or a signed offer whose payload cannot be read. */
  signed: { format: 'jws' | 'eip712'; bounded: boolean } | null;
}

export interface SellerOffers {
  offers: SellerOffer[];
  /** Every readable payTo; 0x addresses lower-cased. */
  payTos: ReadonlySet<string>;
  /** Indexes of the offers that give no readable payTo. */
  withoutPayTo: number[];
}

/** The payload of a JWS compact serialization, read without verifying it (a local decode, nothing fetched). */
function jwsPayload(jws: string): JsonObject | null {
  const parts = jws.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return isJsonObject(payload) ? payload : null;
  } catch {
    return null;
  }
}

function readOffer(document: JsonObject, index: number): SellerOffer {
  const { format, signature } = document;
  if ((format === 'jws' || format === 'eip712') && typeof signature === 'string') {
    const payload = format === 'eip712' ? (isJsonObject(document.payload) ? document.payload : null) : jwsPayload(signature);
    if (payload === null) return { index, pay_to: null, max_timeout_seconds: null, signed: null };
    const validUntil = payload.validUntil;
    // An EIP-712 offer signs validUntil as uint256, where an absent bound is written 0.
    const bounded = typeof validUntil === 'number' && Number.isSafeInteger(validUntil) && validUntil > 0;
    return { index, pay_to: textOf(payload.payTo), max_timeout_seconds: null, signed: { format, bounded } };
  }
  const parsed = X402P({ accepts: [document] });
  const offer = parsed.ok ? parsed.challenge.offers[0]! : null;
  return { index, pay_to: offer?.pay_to ?? null, max_timeout_seconds: offer?.max_timeout_seconds ?? null, signed: null };
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function readOffers(documents: readonly JsonObject[]): SellerOffers {
  const offers = documents.map(readOffer);
  const payTos = new Set<string>();
  for (const offer of offers) if (offer.pay_to !== null) payTos.add(EVM_ADDRESS.test(offer.pay_to) ? offer.pay_to.toLowerCase() : offer.pay_to);
  return { offers, payTos, withoutPayTo: offers.filter((o) => o.pay_to === null).map((o) => o.index) };
}
