import { CACHE_SERVED_STATUSES, HTTP_DATE_PATTERNS, HTTP_CACHEABLE_METHODS, HTTP_HEURISTICALLY_CACHEABLE_STATUSES, SHARED_CACHE_DIRECTIVE_HEADERS, X_CACHE_HIT_PATTERN } from './http-caching.js';

describe('HTTP caching rules (RFC 9111 / 9110 / 9213 as data)', () => {
  it('stores GET and HEAD only; 200, 404 and 501 are heuristically cacheable, 402, 302 and 500 are not', () => {
    expect([...HTTP_CACHEABLE_METHODS]).toEqual(['GET', 'HEAD']);
    for (const status of [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]) expect(HTTP_HEURISTICALLY_CACHEABLE_STATUSES).toContain(status);
    for (const status of [201, 302, 304, 402, 403, 500, 503]) expect(HTTP_HEURISTICALLY_CACHEABLE_STATUSES).not.toContain(status);
  });

  it('CDN-Cache-Control is the most specific directive header, Cache-Control the least', () => {
    expect([...SHARED_CACHE_DIRECTIVE_HEADERS]).toEqual(['cdn-cache-control', 'surrogate-control', 'cache-control']);
  });

  it('recognizes served-from-cache markers and not misses', () => {
    for (const hit of ['HIT', 'Hit from cloudfront', 'TCP_HIT']) expect(X_CACHE_HIT_PATTERN.test(hit)).toBe(true);
    for (const miss of ['MISS', 'Miss from cloudfront', 'TCP_MISS']) expect(X_CACHE_HIT_PATTERN.test(miss)).toBe(false);
    expect([...CACHE_SERVED_STATUSES]).not.toContain('miss');
  });

  it('reads the three HTTP-date forms and nothing else', () => {
    const isDate = (value: string) => HTTP_DATE_PATTERNS.some((pattern) => pattern.test(value));
    for (const date of ['Sun, 06 Nov 1994 08:49:37 GMT', 'Sunday, 06-Nov-94 08:49:37 GMT', 'Sun Nov  6 08:49:37 1994']) expect(isDate(date)).toBe(true);
    for (const junk of ['0', '-1', '2026-10-21', 'Sun, 06 Nov 1994 08:49:37 CET']) expect(isDate(junk)).toBe(false);
  });
});
