import { canonicalJson, type CatalogEntryOf, type RequestOf } from '@paysight/contracts';
import { createLocalJWKSet, errors, flattenedVerify, type JWK } from 'jose';
import { cardFieldMap } from '../a2a-card.js';
import { isJsonObject, type JsonObject } from '../helpers.js';

type Input = RequestOf<CatalogEntryOf<'x402_a2a_agent_card_trust_radar'>>;

/** One card signature checked offline: verified by a supplied JWK, failed (the key fits, the signature does not), or unverifiable. */
export interface JwsOutcome {
  /** Index in the card's signatures[]. */
  index: number;
  status: 'verified' | 'failed' | 'unverifiable';
  detail: string;
}

/** The card without its signatures: what an A2A card signature covers (RFC 8785 canonical JSON, detached JWS payload). */
export function signedContent(card: JsonObject): JsonObject {
  const field = cardFieldMap(card).fields.signatures;
  return Object.fromEntries(Object.entries(card).filter(([key]) => key !== field));
}

async function verifyOne(signature: unknown, index: number, payload: string, keys: ReturnType<typeof createLocalJWKSet> | null): Promise<JwsOutcome> {
  if (!isJsonObject(signature) || typeof signature.protected !== 'string' || typeof signature.signature !== 'string') return { index, status: 'unverifiable', detail: 'The entry is not an object with a string protected header and signature.' };
  if (keys === null) return { index, status: 'unverifiable', detail: 'No JWK was supplied: the signature cannot be checked offline.' };
  const header = isJsonObject(signature.header) ? { header: signature.header } : {};
  try {
    const { protectedHeader = {} } = await flattenedVerify({ protected: signature.protected, signature: signature.signature, payload, ...header }, keys);
    const kid = protectedHeader.kid ? ` ${protectedHeader.kid}` : '';
    return { index, status: 'verified', detail: `JWS ${String(protectedHeader.alg)} verified with the supplied JWK${kid}.` };
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) return { index, status: 'failed', detail: 'The signature does not verify with the matching supplied JWK over the card without its signatures.' };
    return { index, status: 'unverifiable', detail: `Not verifiable with the supplied JWKs (${(error as { code?: string }).code ?? 'malformed JWS'}).` };
  }
}

/** Every signature of the card, verified with jose against the supplied JWKs only (createLocalJWKSet: no JWKS URL is ever fetched). */
export async function checkCardSignatures(input: Input): Promise<JwsOutcome[]> {
  const card = input.agent_card;
  const listed = card[cardFieldMap(card).fields.signatures];
  const signatures: unknown[] = Array.isArray(listed) ? listed : [];
  if (signatures.length === 0) return [];
  const payload = Buffer.from(canonicalJson(signedContent(card)), 'utf8').toString('base64url');
  let keys: ReturnType<typeof createLocalJWKSet> | null = null;
  if (input.jwks?.length) {
    try {
      keys = createLocalJWKSet({ keys: input.jwks as JWK[] });
    } catch {
      keys = null;
    }
  }
  return Promise.all(signatures.map((signature, index) => verifyOne(signature, index, payload, keys)));
}
