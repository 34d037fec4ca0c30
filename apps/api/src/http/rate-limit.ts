import type { IncomingMessage } from 'node:http';

/** At most `limit` requests per client in each window of `windowMs`. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** null: admitted; otherwise the whole seconds until the client's window ends. */
export type RateLimiter = (key: string) => number | null;

/** Distinct clients counted per window; past it, new clients share one count (memory stays bounded). */
export const MAX_COUNTED_CLIENTS = 100_000;
const OVERFLOW_KEY = '*';

/**
 * Fixed windows, in memory, per process: every window starts all counts afresh, so nothing is kept
 * per client beyond the current window. Several instances each keep their own counts.
 */
export function createRateLimiter(rule: RateLimit, now: () => number = Date.now): RateLimiter {
  let windowStart = now();
  let counts = new Map<string, number>();
  return (key) => {
    const time = now();
    if (time - windowStart >= rule.windowMs) {
      windowStart = time - ((time - windowStart) % rule.windowMs);
      counts = new Map();
    }
    const counted = counts.has(key) || counts.size < MAX_COUNTED_CLIENTS ? key : OVERFLOW_KEY;
    const count = (counts.get(counted) ?? 0) + 1;
    if (count > rule.limit) return Math.max(1, Math.ceil((windowStart + rule.windowMs - time) / 1000));
    counts.set(counted, count);
    return null;
  };
}

/**
 * The client's address as Express's `req.ip` gives it with `trust proxy` on: the first address of
 * X-Forwarded-For, else the peer's. A client that reaches the server directly chooses that header,
 * so the proxy in front must set it, not append to it (docs/running.md, "Unpaid rate limit").
 */
export function clientAddress(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',', 1)[0]?.trim();
  return first || req.socket.remoteAddress || 'unknown';
}
