import type { DiscoveryDocumentKind } from '@paysight/contracts';
import { caip2Of, type StatedAmount } from '../x402-terms.js';

/** One paid resource as one document declares it, in the normalized form every document is compared in. */
export interface Declaration {
  document: DiscoveryDocumentKind;
  /** Where in the document: a JSON pointer, or `line N` of llms.txt. */
  at: string;
  /** The list the declaration sits in: a resource listed in two lists of one document is no duplicate, one listed twice in the same list is. */
  section: string;
  /** Absolute URL (origin and normalized path). */
  url: string;
  origin: string;
  path: string;
  method: string | null;
  amount: StatedAmount | null;
  /** Upper case, as stated (USD and $ included). */
  currency: string | null;
  /** Lower case. */
  asset: string | null;
  network: string | null;
  caip2: string | null;
  /** Lower case. */
  payTo: string | null;
}

/** Terms a declaration inherits from its document when it does not state them. */
export interface Terms {
  network: string | null;
  currency: string | null;
  asset: string | null;
  payTo: string | null;
}

/** One path form for every document: no duplicate slashes, no trailing slash (except the root), no query or fragment. */
export function normalizedPath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

/**
 * Where a declared location points: an absolute http(s) URL as given, a path resolved against the
 * document's base URL (a path without a leading slash counts from the root). Null for anything else
 * (mcp:, ws:, unparsable text): not a paid HTTP resource.
 */
export function locate(raw: string, base: string): Pick<Declaration, 'url' | 'origin' | 'path'> | null {
  let url: URL;
  try {
    url = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? new URL(raw) : new URL(raw.startsWith('/') ? raw : `/${raw}`, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = normalizedPath(url.pathname);
  return { url: `${url.origin}${path}`, origin: url.origin, path };
}

/** A declaration's network as stated, its CAIP-2 id when known. */
export function networkTerms(network: string | null): Pick<Declaration, 'network' | 'caip2'> {
  return { network, caip2: network ? caip2Of(network) : null };
}
