/**
 * Rules every request shares, on REST, on /api/mcp and on the free recommend endpoint
 * (docs/errors.md, "Request bodies").
 */

/** Deepest nesting of arrays and objects accepted; a deeper body is refused before it is parsed. */
export const JSON_MAX_DEPTH = 64;

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether the JSON text in `bytes` nests arrays and objects deeper than `maxDepth`. One pass over the
 * bytes, brackets inside strings ignored; malformed text is left for the parser to refuse. A parsed
 * value this deep would overflow the stack of whatever walks it next (the secret detector, the
 * schema, the fingerprint), so the check comes before the parse.
 */
export function jsonTooDeep(bytes: Uint8Array, maxDepth = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/**
 * Bodies are taken as sent: a Content-Encoding other than `identity` is refused (415) instead of
 * decoded, so no compressed body is ever inflated. Returns the refusal message, or null to go on.
 * The encoding is named only when it is a plain token: the message never repeats arbitrary header text.
 */
export function contentEncodingRefusal(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).trim().toLowerCase();
  if (value === '' || value === 'identity') return null;
  const named = /^[a-z0-9._-]{1,32}$/.test(value) ? `Content-Encoding ${value}` : 'this Content-Encoding';
  return `Send the body uncompressed: ${named} is not accepted (request bodies are small JSON; send no Content-Encoding header).`;
}

/** The message of a 400 for a body nested deeper than JSON_MAX_DEPTH. */
export const JSON_TOO_DEEP_MESSAGE = `The request body nests arrays and objects deeper than ${JSON_MAX_DEPTH} levels.`;

/** The message of a 429 for too many requests without a payment, on REST and MCP alike. */
export const rateLimitedMessage = (retryAfterSeconds: number) =>
  `Too many requests without a payment from this address; try again in ${retryAfterSeconds} s. Paid requests are not limited.`;
