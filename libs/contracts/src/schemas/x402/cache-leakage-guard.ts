import { z } from 'zod';
import { uniqueIds } from '../ext/references.js';

/** Bounds of x402-cache-leakage-guard's request (design sheet §35). */
export const CACHE_GUARD_LIMITS = { exchanges: 100, exchangeId: 120, method: 16, pathLabel: 2048, header: 512 } as const;

/** The captured response headers the guard reads, by lowercase name. */
export const CACHE_GUARD_HEADERS = ['cache-control', 'cdn-cache-control', 'surrogate-control', 'vary', 'age', 'x-cache', 'cf-cache-status', 'expires', 'pragma', 'etag', 'last-modified'] as const;
export type CacheGuardHeader = (typeof CACHE_GUARD_HEADERS)[number];

const headerValue = z.string().max(CACHE_GUARD_LIMITS.header);
const responseHeaders = z.strictObject(Object.fromEntries(CACHE_GUARD_HEADERS.map((name) => [name, headerValue.optional()])) as Record<CacheGuardHeader, z.ZodOptional<typeof headerValue>>);

export const cacheGuardExchange = z.strictObject({
  exchange_id: z.string().min(1).max(CACHE_GUARD_LIMITS.exchangeId),
  method: z.string().min(1).max(CACHE_GUARD_LIMITS.method).meta({ description: 'The request method (compared case-insensitively).' }),
  path_label: z.string().min(1).max(CACHE_GUARD_LIMITS.pathLabel).meta({ description: 'The route or URL the exchange hit. A label only: never fetched.' }),
  status: z.int().min(100).max(599),
  paid: z.boolean().meta({ description: 'Whether this exchange was paid (verified and settled).' }),
  request_had_payment_header: z.boolean().meta({ description: 'Whether the request carried PAYMENT-SIGNATURE or X-PAYMENT.' }),
  response_headers: responseHeaders.meta({ description: 'The cache-relevant response headers as captured, lowercase names, each at most 512 characters.' }),
  set_cookie_present: z.boolean().optional().meta({ description: 'Whether the response set a cookie (default false).' }),
  payment_response_present: z.boolean().optional().meta({ description: 'Whether the response carried PAYMENT-RESPONSE (or X-PAYMENT-RESPONSE), the settlement receipt (default false).' }),
});

export const cacheLeakageGuardRequest = z.strictObject({
  exchanges: z
    .array(cacheGuardExchange)
    .min(1)
    .max(CACHE_GUARD_LIMITS.exchanges)
    .superRefine(uniqueIds('exchange_id', (item) => item.exchange_id))
    .meta({ description: 'Exchanges captured behind the CDN or proxy, paid and unpaid, 1 to 100, with unique exchange ids.' }),
});
