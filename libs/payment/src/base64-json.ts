/** Standard base64 (RFC 4648 section 4, padded), as the x402 clients and servers write their headers. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** base64 of the UTF-8 JSON of a value: the encoding of PAYMENT-REQUIRED, PAYMENT-SIGNATURE and PAYMENT-RESPONSE. */
export function encodeBase64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

export type Base64JsonResult = { ok: true; value: unknown } | { ok: false; problem: string };

/** The inverse of encodeBase64Json; never throws. */
export function decodeBase64Json(text: string): Base64JsonResult {
  if (text.length === 0) return { ok: false, problem: 'the header is empty' };
  if (!BASE64.test(text)) return { ok: false, problem: 'the header is not standard base64' };
  try {
    return { ok: true, value: JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as unknown };
  } catch {
    return { ok: false, problem: 'the header does not decode to JSON' };
  }
}
