/**
 * HTTP caching rules the cache-leakage guard (#35) applies, restated as data (design sheet §R
 * "RFC 9111 cacheability rules"): RFC 9111 (HTTP Caching), RFC 9110 §9.2.3 and §15.1, RFC 9213
 * (CDN-Cache-Control) and the Edge Architecture's Surrogate-Control. Facts, no text copied.
 */

/** Methods whose responses a cache stores (RFC 9110 §9.2.3: GET and HEAD; POST only with explicit freshness and Content-Location, which no x402 route relies on). */
export const HTTP_CACHEABLE_METHODS = ['GET', 'HEAD'] as const;

/** Status codes heuristically cacheable by default (RFC 9110 §15.1): without explicit freshness only these may be stored. */
export const HTTP_HEURISTICALLY_CACHEABLE_STATUSES: readonly number[] = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501];

/**
 * Response headers that carry cache directives for a shared cache (a CDN), most specific first: a
 * targeted CDN-Cache-Control (RFC 9213) replaces Surrogate-Control and Cache-Control for the CDN;
 * Surrogate-Control replaces Cache-Control for a surrogate.
 */
export const SHARED_CACHE_DIRECTIVE_HEADERS = ['cdn-cache-control', 'surrogate-control', 'cache-control'] as const;
export type SharedCacheDirectiveHeader = (typeof SHARED_CACHE_DIRECTIVE_HEADERS)[number];

/** Directives that keep a response out of a shared cache (RFC 9111 §5.2.2.3 no-store, §5.2.2.7 private). */
export const SHARED_CACHE_FORBIDDING_DIRECTIVES = ['no-store', 'private'] as const;

/** Freshness lifetimes for a shared cache, strongest first (RFC 9111 §4.2.1: s-maxage overrides max-age, which overrides Expires). */
export const SHARED_CACHE_LIFETIME_DIRECTIVES = ['s-maxage', 'max-age'] as const;

/** Directives that make a response storable by a shared cache without a lifetime of their own (RFC 9111 §3, §5.2.2.9). */
export const SHARED_CACHE_STORABLE_DIRECTIVES = ['public'] as const;

/** Request headers that carry an x402 payment (v2 PAYMENT-SIGNATURE, v1 X-PAYMENT): a cacheable paid response must vary on them, or on "*". */
export const X402_PAYMENT_REQUEST_HEADERS = ['payment-signature', 'x-payment'] as const;

/** cf-cache-status values of a response served from the cache (Cloudflare). */
export const CACHE_SERVED_STATUSES = ['hit', 'stale', 'updating', 'revalidated'] as const;
/** An x-cache value that reports a cache hit (CloudFront "Hit from cloudfront", Fastly/Varnish "HIT", Squid "TCP_HIT"). */
export const X_CACHE_HIT_PATTERN = /hit/i;

/** HTTP-date forms (RFC 9110 §5.6.7): IMF-fixdate, then the obsolete RFC 850 and asctime forms. Anything else in Expires means "already expired". */
export const HTTP_DATE_PATTERNS: readonly RegExp[] = [
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];
