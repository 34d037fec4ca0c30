import { createHash } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';

/**
 * The JSON Canonicalization Scheme (RFC 8785) of a JSON value: object keys sorted by UTF-16 code
 * units at every level, numbers and strings serialized as ECMAScript does, no white space. Object
 * members whose value is undefined are left out, as JSON.stringify leaves them out; a non-finite
 * number or a cycle throws.
 */
export function canonicalJson(value: unknown): string {
  return canonicalize(value);
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
