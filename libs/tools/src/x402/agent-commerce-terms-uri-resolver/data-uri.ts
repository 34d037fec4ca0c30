const DATA_URI = /^data:([^,]*),(.*)$/is;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text a data: URI (RFC 2397) carries, decoded locally: base64 when the media type ends in
 * ";base64", percent-encoding otherwise; null when the payload is malformed or not UTF-8.
 */
export function decodeDataUri(uri: string): string | null {
  const match = DATA_URI.exec(uri);
  if (!match) return null;
  const [, mediaType, payload] = match as unknown as [string, string, string];
  try {
    if (/;base64$/i.test(mediaType)) {
      const compact = decodeURIComponent(payload).replace(/\s+/g, '');
      return BASE64.test(compact) && compact.length % 4 === 0 ? utf8.decode(Buffer.from(compact, 'base64')) : null;
    }
    return decodeURIComponent(payload);
  } catch {
    return null;
  }
}
