import { z } from 'zod';
import { DOCUMENT_BODY_LIMIT_BYTES } from '../catalog/entry.js';
import { jsonDepth } from '../schemas/json-document.js';

/** Request rules of the x402-* family (design sheet §0, "Requests"). */
export const X402_REQUEST_LIMITS = {
  /** A whole request body (JSON). */
  bodyBytes: DOCUMENT_BODY_LIMIT_BYTES,
  /** An embedded third-party document (catalog, OpenAPI, challenge, card, ...), serialized as JSON. */
  documentBytes: 256 * 1024,
  /** ... and its levels of objects and arrays. */
  documentDepth: 32,
} as const;

/** UTF-8 bytes of the JSON a value serializes to. */
export function serializedBytes(value: unknown): number {
  const json = JSON.stringify(value);
  return json === undefined ? 0 : Buffer.byteLength(json, 'utf8');
}

/** The embedded-document bounds as a refinement: at most `maxBytes` serialized and 32 levels (depth checked first, iteratively). */
export function withinDocumentBoundsOf(maxBytes: number) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    if (jsonDepth(value, X402_REQUEST_LIMITS.documentDepth) > X402_REQUEST_LIMITS.documentDepth) {
      ctx.addIssue({ code: 'custom', message: `must not nest objects and arrays more than ${X402_REQUEST_LIMITS.documentDepth} levels deep` });
      return;
    }
    if (serializedBytes(value) > maxBytes) ctx.addIssue({ code: 'custom', message: `must be at most ${maxBytes} bytes serialized` });
  };
}

/** The family's bounds (256 KiB, 32 levels), for a third-party object whose schema names a few members (an MCP tool entry). */
export const withinDocumentBounds = withinDocumentBoundsOf(X402_REQUEST_LIMITS.documentBytes);

/** A free-form embedded JSON object of at most `maxBytes` serialized and 32 levels deep. */
export function x402DocumentOf(maxBytes: number) {
  return z.record(z.string(), z.unknown()).superRefine(withinDocumentBoundsOf(maxBytes));
}

/** A free-form embedded document: a JSON object, at most 256 KiB serialized and 32 levels deep. */
export const x402Document = x402DocumentOf(X402_REQUEST_LIMITS.documentBytes);

/** "decimal": a non-negative decimal string with at most 6 fraction digits. */
export const X402_DECIMAL_PATTERN = /^\d+(\.\d{1,6})?$/;
export const x402Decimal = z.string().regex(X402_DECIMAL_PATTERN, 'must be a non-negative decimal string with at most six fractional digits').meta({ examples: ['0.01'] });
/** "atomic": 1 to 78 digits (fits uint256). */
export const X402_ATOMIC_PATTERN = /^\d{1,78}$/;
export const x402Atomic = z.string().regex(X402_ATOMIC_PATTERN, 'must be an integer string of 1 to 78 digits').meta({ examples: ['10000'] });
/** "hash": sha256: + 64 lowercase hex. */
export const x402Hash = z.string().regex(/^sha256:[0-9a-f]{64}$/, 'must be sha256: followed by 64 lowercase hex digits').meta({ examples: [`sha256:${'0'.repeat(64)}`] });
/** A JSON number in [min, max] with at most six fraction digits (no exponent form), so a tool can read it exactly from String(n). */
export function x402ExactNumber(min: number, max: number) {
  return z
    .number()
    .min(min)
    .max(max)
    .refine((value) => /^\d+(\.\d{1,6})?$/.test(String(value)), 'must have at most six fractional digits');
}
/** Unix seconds: an integer in 0..2^53−1. */
export const x402UnixSeconds = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
/** The last unix second a JavaScript Date holds (8.64e15 ms): an as_of up to it can be echoed as a date-time. */
export const X402_LATEST_DATE_SECONDS = 8_640_000_000_000;
/** `as_of` of a tool whose other times are unix seconds: an x402UnixSeconds that is also a date. */
export const x402AsOfSeconds = x402UnixSeconds.max(X402_LATEST_DATE_SECONDS);
