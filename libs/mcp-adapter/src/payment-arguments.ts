import { PAYMENT_ARGUMENTS, errorBody, type ErrorBody, type PaymentArgument } from '@paysight/contracts';
import { describeFinding, findSensitiveInput } from '@paysight/paid-call';
import { MAX_PAYMENT_HEADER_LENGTH, decodeAnyPaymentHeader, parseAnyPaymentPayload, type DecodeResult } from '@paysight/payment';

/** The payment argument names are the contracts' (the extended envelope's inputFingerprint leaves them out). */
export { PAYMENT_ARGUMENTS, type PaymentArgument };

/** Where the x402 MCP transport convention puts a PaymentPayload object in a tools/call request. */
export const PAYMENT_META_KEY = 'x402/payment';
/** Where the settlement response goes in a tool result's `_meta`. */
export const PAYMENT_RESPONSE_META_KEY = 'x402/payment-response';

export const PAYMENT_ARGUMENT_SCHEMA = {
  type: 'string',
  maxLength: MAX_PAYMENT_HEADER_LENGTH,
  description: 'Signed x402 payment payload (base64), as sent in a PAYMENT-SIGNATURE or X-PAYMENT header. Never a private key or seed phrase.',
} as const;

const isPaymentArgument = (key: string): key is PaymentArgument => (PAYMENT_ARGUMENTS as readonly string[]).includes(key);

export type CallPayment = { ok: true; input: Record<string, unknown>; payment: DecodeResult } | { ok: false; error: ErrorBody };

type Found = { carrier: string; decoded: DecodeResult };

function fromArgument(name: PaymentArgument, value: unknown): Found | ErrorBody | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return errorBody('invalid_request', `${name} must be a string: the base64 payment payload.`, { issues: [{ path: name, message: 'expected a string' }] });
  const secret = findSensitiveInput({ [name]: value });
  if (secret) return errorBody('sensitive_input', describeFinding(secret), { kind: secret.kind, path: secret.path });
  const carrier = `${name} argument`;
  const attempt = decodeAnyPaymentHeader(value);
  return { carrier, decoded: attempt.ok ? { status: 'decoded', carrier, payment: attempt.payment } : { status: 'malformed', carrier, problem: attempt.problem } };
}

function fromMeta(value: unknown): Found | ErrorBody | null {
  if (value === undefined || value === null) return null;
  const carrier = `_meta["${PAYMENT_META_KEY}"]`;
  if (typeof value === 'string') {
    const secret = findSensitiveInput({ [PAYMENT_META_KEY]: value });
    if (secret) return errorBody('sensitive_input', describeFinding(secret), { kind: secret.kind, path: carrier });
  }
  const attempt = typeof value === 'string' ? decodeAnyPaymentHeader(value) : parseAnyPaymentPayload(value);
  return { carrier, decoded: attempt.ok ? { status: 'decoded', carrier, payment: attempt.payment } : { status: 'malformed', carrier, problem: attempt.problem } };
}

const sameDecoded = (a: DecodeResult, b: DecodeResult) =>
  a.status === 'decoded' && b.status === 'decoded' && JSON.stringify(a.payment) === JSON.stringify(b.payment);

/**
 * Splits MCP tool arguments into the tool's own input and the payment. The payment may come in any
 * of the three arguments or, as the x402 MCP transport convention has it, as a PaymentPayload object
 * in `params._meta["x402/payment"]`. Two different payments in one call are refused (400): serving
 * one and ignoring the other would leave the caller unsure which was charged.
 */
export function paymentOfCall(args: Record<string, unknown>, meta: Record<string, unknown> | undefined): CallPayment {
  const input: Record<string, unknown> = {};
  const found: Found[] = [];
  for (const [key, value] of Object.entries(args)) {
    if (!isPaymentArgument(key)) {
      input[key] = value;
      continue;
    }
    const result = fromArgument(key, value);
    if (result && 'ok' in result) return { ok: false, error: result };
    if (result) found.push(result);
  }
  const inMeta = fromMeta(meta?.[PAYMENT_META_KEY]);
  if (inMeta && 'ok' in inMeta) return { ok: false, error: inMeta };
  if (inMeta) found.push(inMeta);

  const [first] = found;
  if (!first) return { ok: true, input, payment: { status: 'absent' } };
  const different = found.find((other) => other.decoded !== first.decoded && !sameDecoded(first.decoded, other.decoded));
  if (different) {
    return {
      ok: false,
      error: errorBody('invalid_request', `Two different payments were sent (in the ${first.carrier} and the ${different.carrier}). Send one payment, in one place. Nothing was charged.`, {
        issues: [{ path: different.carrier, message: 'a second, different payment' }],
      }),
    };
  }
  return { ok: true, input, payment: first.decoded };
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether a JSON-RPC body (a message or a batch) holds a tools/call with a well-formed payment in any carrier. */
export function presentsPayment(body: unknown): boolean {
  return (Array.isArray(body) ? body : [body]).some((message) => {
    if (!isRecord(message) || message.method !== 'tools/call' || !isRecord(message.params)) return false;
    const { arguments: args, _meta: meta } = message.params;
    const found = paymentOfCall(isRecord(args) ? args : {}, isRecord(meta) ? meta : undefined);
    return found.ok && found.payment.status === 'decoded';
  });
}
