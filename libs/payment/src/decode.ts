import { decodeBase64Json } from './base64-json.js';
import { type PaymentPayloadV1, type PaymentPayloadV2, describeIssues, paymentPayloadV1Schema, paymentPayloadV2Schema } from './wire.js';

/** Header of a paid retry in protocol v2. */
export const PAYMENT_SIGNATURE_HEADER = 'PAYMENT-SIGNATURE';
/** Header of a paid retry in protocol v1. */
export const X_PAYMENT_HEADER = 'X-PAYMENT';
/**
 * Longest header value accepted, in characters. A v2 payload of the official client (accepted
 * requirements, resource, EIP-3009 authorization, signature) is about 1.5 KB of base64.
 */
export const MAX_PAYMENT_HEADER_LENGTH = 8192;

export type DecodedPayment = { version: 2; payload: PaymentPayloadV2 } | { version: 1; payload: PaymentPayloadV1 };

/**
 * A payment as a transport found it. `carrier` names where it came from in the caller's words
 * ("PAYMENT-SIGNATURE header", "x402Payment argument"), so error messages point at the right place.
 */
export type DecodeResult =
  | { status: 'absent' }
  | { status: 'malformed'; carrier: string; problem: string }
  | { status: 'decoded'; carrier: string; payment: DecodedPayment };

export type HeaderBag = Readonly<Record<string, string | readonly string[] | undefined>>;

function headerValues(headers: HeaderBag, name: string): string[] {
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    values.push(...(typeof value === 'string' ? [value] : value));
  }
  return values;
}

/** Validates an already parsed payment object (for example one carried in MCP `_meta`). */
export function parsePaymentPayload(version: 1 | 2, value: unknown): DecodeAttempt {
  const declared = value && typeof value === 'object' ? (value as { x402Version?: unknown }).x402Version : undefined;
  if (declared !== version) {
    return { ok: false, problem: `expected an x402 v${version} payment payload, got x402Version ${JSON.stringify(declared ?? null)}` };
  }
  if (version === 2) {
    const parsed = paymentPayloadV2Schema.safeParse(value);
    return parsed.success ? { ok: true, payment: { version: 2, payload: parsed.data } } : { ok: false, problem: describeIssues(parsed.error) };
  }
  const parsed = paymentPayloadV1Schema.safeParse(value);
  return parsed.success ? { ok: true, payment: { version: 1, payload: parsed.data } } : { ok: false, problem: describeIssues(parsed.error) };
}

type DecodeAttempt = { ok: true; payment: DecodedPayment } | { ok: false; problem: string };

/** Validates a parsed payment object whose own `x402Version` (1 or 2) says which schema applies (MCP `_meta`). */
export function parseAnyPaymentPayload(value: unknown): DecodeAttempt {
  const declared = value && typeof value === 'object' ? (value as { x402Version?: unknown }).x402Version : undefined;
  if (declared !== 1 && declared !== 2) return { ok: false, problem: `expected an x402 payment payload with x402Version 1 or 2, got ${JSON.stringify(declared ?? null)}` };
  return parsePaymentPayload(declared, value);
}

function decodeBase64Payment(value: string, maxLength: number, parse: (json: unknown) => DecodeAttempt): DecodeAttempt {
  const text = value.trim();
  if (text.length > maxLength) return { ok: false, problem: `the value is longer than ${maxLength} characters` };
  const json = decodeBase64Json(text);
  return json.ok ? parse(json.value) : json;
}

/** Decodes one header value: base64 JSON of a v2 PaymentPayload (PAYMENT-SIGNATURE) or a v1 one (X-PAYMENT). */
export function decodePaymentHeader(version: 1 | 2, value: string, maxLength = MAX_PAYMENT_HEADER_LENGTH): DecodeAttempt {
  return decodeBase64Payment(value, maxLength, (json) => parsePaymentPayload(version, json));
}

/** Decodes base64 JSON of a payment in either protocol version (the value of an MCP payment argument). */
export function decodeAnyPaymentHeader(value: string, maxLength = MAX_PAYMENT_HEADER_LENGTH): DecodeAttempt {
  return decodeBase64Payment(value, maxLength, parseAnyPaymentPayload);
}

/**
 * Finds and decodes the payment of a paid retry. Header names are matched case-insensitively;
 * exactly one payment header may be present, once.
 */
export function decodePayment(headers: HeaderBag, options: { maxLength?: number } = {}): DecodeResult {
  const v2 = headerValues(headers, PAYMENT_SIGNATURE_HEADER);
  const v1 = headerValues(headers, X_PAYMENT_HEADER);
  if (v2.length === 0 && v1.length === 0) return { status: 'absent' };
  if (v2.length > 0 && v1.length > 0) {
    return {
      status: 'malformed',
      carrier: `${PAYMENT_SIGNATURE_HEADER} header`,
      problem: `send either ${PAYMENT_SIGNATURE_HEADER} (x402 v2) or ${X_PAYMENT_HEADER} (x402 v1), not both`,
    };
  }
  const [header, version, values] = v2.length > 0 ? ([PAYMENT_SIGNATURE_HEADER, 2, v2] as const) : ([X_PAYMENT_HEADER, 1, v1] as const);
  const [value] = values;
  const carrier = `${header} header`;
  if (values.length > 1 || value === undefined) return { status: 'malformed', carrier, problem: 'the header appears more than once' };
  const decoded = decodePaymentHeader(version, value, options.maxLength);
  return decoded.ok ? { status: 'decoded', carrier, payment: decoded.payment } : { status: 'malformed', carrier, problem: decoded.problem };
}
