import { createHash, createHmac } from 'node:crypto';
import { NOTARY_LABEL_FIELDS, type NotaryKey, type NotaryLabelField, type RequestOf, type CatalogEntryOf } from '@paysight/contracts';
import { AMT, HASH, ND } from '../helpers.js';

export type NotaryInput = RequestOf<CatalogEntryOf<'x402_response_provenance_notary'>>;

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** RFC 4648 base32, lowercase, unpadded. */
function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  return bits > 0 ? out + BASE32[(buffer << (5 - bits)) & 31] : out;
}

/** key_hash = HASH({scope_hash, idempotency_key}), scope_hash = hex SHA-256 of the scope token (design sheet §A.4). */
export function keyHashOf(idempotencyKey: string, scopeToken: string): string {
  return HASH({ scope_hash: sha256Hex(scopeToken), idempotency_key: idempotencyKey });
}

/** "ntr_" + the first 32 characters of the lowercase unpadded base32 of sha256("notary/v1|" + key_hash): deterministic. */
export function notaryIdOf(keyHash: string): string {
  return `ntr_${base32(createHash('sha256').update(`notary/v1|${keyHash}`, 'utf8').digest()).slice(0, 32)}`;
}

/** What the store keeps of a lookup secret: its hex SHA-256. */
export const secretHashOf = (lookupSecret: string): string => sha256Hex(lookupSecret);

/** The labels the caller sent, normalized: generated_at in UTC, payment_network via ND, amount as a canonical decimal. */
export function normalizedLabels(input: NotaryInput): { labels: Partial<Record<NotaryLabelField, string>>; unknownNetwork: boolean } {
  const labels: Partial<Record<NotaryLabelField, string>> = {};
  let unknownNetwork = false;
  for (const field of NOTARY_LABEL_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (field === 'generated_at') labels[field] = new Date(value).toISOString();
    else if (field === 'payment_network') {
      const nd = ND(value);
      unknownNetwork = !nd.known;
      labels[field] = nd.network;
    } else if (field === 'amount') labels[field] = AMT.canonical(value)!; // the schema admits decimals only
    else labels[field] = value;
  }
  return { labels, unknownNetwork };
}

/** context_hash: HASH of the normalized labels; null when none was sent. */
export function contextHashOf(input: NotaryInput): { contextHash: string | null; unknownNetwork: boolean } {
  const { labels, unknownNetwork } = normalizedLabels(input);
  return { contextHash: Object.keys(labels).length ? HASH(labels) : null, unknownNetwork };
}

/** The server notary key: lookup_secret = base64url(HMAC-SHA256(key, notary_id)). */
export function createNotaryKey(id: string, secret: Uint8Array): NotaryKey {
  if (!id) throw new Error('notary key: an id is required');
  if (secret.length < 32) throw new Error('notary key: at least 32 bytes are required');
  const key = Buffer.from(secret);
  return { id, lookupSecret: (notaryId) => createHmac('sha256', key).update(notaryId, 'utf8').digest('base64url') };
}
