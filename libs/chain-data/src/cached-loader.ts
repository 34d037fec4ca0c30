import type { LruCache } from './lru-cache.js';

/** How long a loaded value may be reused: a number of milliseconds, Infinity, or null for not at all. */
export type Keep<T> = (value: T) => number | null | Promise<number | null>;

/** How much of the cache a value takes: 1 by default, or one per log for lists of logs. */
export type Weigh<T> = (value: T) => number;

/**
 * Loads values through a bounded LRU cache. Concurrent loads of one key share a single request,
 * and each value decides for itself whether and how long it is kept.
 */
export class CachedLoader {
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(private readonly cache: LruCache<unknown>) {}

  load<T>(key: string, loader: () => Promise<T>, keep: Keep<T>, weigh: Weigh<T> = () => 1): Promise<T> {
    const cached = this.cache.get(key);
    if (cached !== undefined) return Promise.resolve(cached as T);
    const pending = this.inflight.get(key);
    if (pending) return pending as Promise<T>;
    const loading = (async () => {
      try {
        const value = await loader();
        const ttl = await this.lifetime(keep, value);
        if (ttl !== null && ttl > 0 && value !== undefined) this.cache.set(key, value, { ttlMs: ttl, weight: weigh(value) });
        return value;
      } finally {
        this.inflight.delete(key);
      }
    })();
    this.inflight.set(key, loading);
    return loading;
  }

  /** A value whose lifetime cannot be decided (say the head is unreachable) is returned, just not kept. */
  private async lifetime<T>(keep: Keep<T>, value: T): Promise<number | null> {
    try {
      return await keep(value);
    } catch {
      return null;
    }
  }
}
