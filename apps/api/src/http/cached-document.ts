import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, Response, Router } from 'express';
import { sendError } from './errors.js';

interface Representation {
  body: Buffer;
  etag: string;
}

/** A document served as it is: its bytes (plain and gzip), type and strong ETags, computed once. */
export interface CachedDocument {
  contentType: string;
  identity: Representation;
  gzip: Representation;
}

export function cachedDocument(text: string, contentType: string): CachedDocument {
  const body = Buffer.from(text, 'utf8');
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  // A gzip body is another representation, so it has an ETag of its own (RFC 9110, 8.8.3).
  return { contentType, identity: { body, etag: `"${tag}"` }, gzip: { body: gzipSync(body, { level: 9 }), etag: `"${tag}-gzip"` } };
}

/**
 * `build(key)` once per key (a base URL, a toolset selection), kept for the life of the process. Keys
 * are few (one public origin in production); past `max` the oldest is dropped, so a Host-dependent
 * origin cannot grow the cache without bound.
 */
export function memoize<T>(build: (key: string) => T, max = 16): (key: string) => T {
  const built = new Map<string, T>();
  return (key) => {
    let value = built.get(key);
    if (value === undefined) {
      value = build(key);
      if (built.size >= max) built.delete(built.keys().next().value!);
      built.set(key, value);
    }
    return value;
  };
}

/** Documents change only with the catalog, the settings or the origin, that is with a restart or a deploy. */
export const DOCUMENT_CACHE_CONTROL = 'public, max-age=300';

/**
 * If-None-Match against our ETag, weak comparison (RFC 9110, 13.1.2). Done here rather than by
 * Express's freshness check, which never answers 304 to a request with `Cache-Control: no-cache`,
 * and fetch() adds that header to every conditional request it is given.
 */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * GET and HEAD of `paths` answer `document(req, res)`: gzip when the client accepts it (the documents
 * with every schema are ~100 KB and shrink tenfold), with its ETag (a matching If-None-Match answers
 * 304), Cache-Control and open CORS (the documents are public). Other methods answer 405 with Allow.
 * When `document` answers null it has sent the response itself (an error).
 */
export function serveDocument(router: Router, paths: string[], document: (req: Request, res: Response) => CachedDocument | null): void {
  router.get(paths, (req, res) => {
    const doc = document(req, res);
    if (!doc) return;
    const gzip = req.headers['accept-encoding'] !== undefined && req.acceptsEncodings('gzip', 'identity') === 'gzip';
    const chosen = gzip ? doc.gzip : doc.identity;
    res.set({ 'Content-Type': doc.contentType, ETag: chosen.etag, 'Cache-Control': DOCUMENT_CACHE_CONTROL, Vary: 'Accept-Encoding', 'Access-Control-Allow-Origin': '*' });
    if (gzip) res.set('Content-Encoding', 'gzip');
    if (matchesEtag(req.headers['if-none-match'], chosen.etag)) res.status(304).end();
    else res.send(chosen.body);
  });
  router.all(paths, (req, res) => {
    res.setHeader('Allow', 'GET, HEAD');
    sendError(res, 405, 'method_not_allowed', `${req.path} is a document: read it with GET or HEAD.`);
  });
}
