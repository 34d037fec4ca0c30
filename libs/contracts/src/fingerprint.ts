import { createHash } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';

/**
 * The JSON Canonicalization Scheme (RFC 8785) of the JSON a value serializes to: object keys sorted
 * by UTF-16 code units at every level, numbers and strings written as ECMAScript writes them, no
 * white space. The value is first turned into JSON as it would be sent (JSON.stringify: undefined
 * members left out, Dates as ISO strings, non-finite numbers as null; bigints as decimal strings),
 * so every value the service answers or stores has a fingerprint. The fingerprints the ledger
 * already holds (made by the sort-the-keys serializer this replaced) stay the same, except for
 * objects with integer-like keys, which that serializer left in numeric order ("9" before "10").
 */
export function canonicalJson(value: unknown): string {
  const json = JSON.stringify(value, (_key, member: unknown) => (typeof member === 'bigint' ? member.toString() : member));
  return canonicalize(json === undefined ? null : JSON.parse(json));
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** "sha256:<hex>" of the canonical JSON of a value. */
export function fingerprint(value: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(value))}`;
}

/**
 * The optional tool arguments that carry a signed x402 payment (the value of a PAYMENT-SIGNATURE or
 * X-PAYMENT header). Three names for one thing: agents use whichever their framework produces.
 */
export const PAYMENT_ARGUMENTS = ['x402Payment', 'xPayment', 'paymentHeader'] as const;
export type PaymentArgument = (typeof PAYMENT_ARGUMENTS)[number];

/**
 * The extended family's inputFingerprint: the fingerprint of a tool input without its payment
 * arguments, so the same question paid twice, or paid through REST and MCP, has one fingerprint.
 */
export function inputFingerprint(input: unknown): string {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return fingerprint(input);
  const own = Object.fromEntries(Object.entries(input).filter(([key]) => !(PAYMENT_ARGUMENTS as readonly string[]).includes(key)));
  return fingerprint(own);
}
