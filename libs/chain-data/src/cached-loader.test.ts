import { CachedLoader } from './cached-loader.js';
import { LruCache } from './lru-cache.js';

describe('CachedLoader', () => {
  it('keeps a value only when its lifetime says so', async () => {
    const loader = new CachedLoader(new LruCache(10));
    let loads = 0;
    const load = (keep: number | null) => loader.load('k', async () => ++loads, () => keep);
    await load(null);
    await load(null);
    expect(loads).toBe(2);
    await load(Infinity);
    expect(await load(null)).toBe(3);
    expect(loads).toBe(3);
  });

  it('shares one load between concurrent callers, and forgets a failed one', async () => {
    const loader = new CachedLoader(new LruCache(10));
    let loads = 0;
    const failing = () => loader.load('k', async () => Promise.reject(new Error(`load ${++loads}`)), () => Infinity);
    const results = await Promise.allSettled([failing(), failing(), failing()]);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual(['load 1', 'load 1', 'load 1']);
    await expect(failing()).rejects.toThrow('load 2');
  });

  it('returns a value whose lifetime cannot be decided, without keeping it', async () => {
    const loader = new CachedLoader(new LruCache(10));
    let loads = 0;
    const load = () => loader.load('k', async () => ++loads, () => Promise.reject(new Error('head unreachable')));
    expect(await load()).toBe(1);
    expect(await load()).toBe(2);
  });
});
