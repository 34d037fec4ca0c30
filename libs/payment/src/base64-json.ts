/** Standard base64 (RFC 4648 section 4, padded), as the x402 clients and servers write their headers. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export type Base64JsonResult = { ok: true; value: unknown } | { ok: false; problem: string };

/**
 * Decodes base64 JSON (the encoding of the x402 headers); never throws. Encoding uses @x402/core's
 * own header codecs. Decoding stays here because @x402/core's decoders accept non-canonical base64
 * and throw one generic error, while a refused payment must say exactly what is wrong with it.
 */
export function decodeBase64Json(text: string): Base64JsonResult {
  if (text.length === 0) return { ok: false, problem: 'the header is empty' };
  if (!BASE64.test(text)) return { ok: false, problem: 'the header is not standard base64' };
  try {
    return { ok: true, value: JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as unknown };
  } catch {
    return { ok: false, problem: 'the header does not decode to JSON' };
  }
}
