import { LruCache } from './lru-cache.js';

describe('LruCache', () => {
  it('evicts the least recently used entry when full', () => {
    const cache = new LruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.weight).toBe(2);
  });

  it('bounds the total weight, evicting as many old entries as needed', () => {
    const cache = new LruCache<string[]>(10);
    cache.set('small-1', ['x'], { weight: 1 });
    cache.set('small-2', ['x'], { weight: 1 });
    cache.set('logs', Array(6).fill('log'), { weight: 6 });
    expect(cache.weight).toBe(8);
    cache.set('more-logs', Array(4).fill('log'), { weight: 4 });
    expect(cache.get('small-1')).toBeUndefined();
    expect(cache.get('small-2')).toBeUndefined();
    expect(cache.get('logs')).toHaveLength(6);
    expect(cache.weight).toBe(10);
    cache.set('too-big', Array(11).fill('log'), { weight: 11 });
    expect(cache.get('too-big')).toBeUndefined();
    expect(cache.weight).toBe(10);
  });

  it('replaces an entry without counting it twice', () => {
    const cache = new LruCache<number>(3);
    cache.set('a', 1, { weight: 2 });
    cache.set('a', 2, { weight: 3 });
    expect(cache.get('a')).toBe(2);
    expect(cache.weight).toBe(3);
  });

  it('drops entries whose time to live has passed', () => {
    let now = 1_000;
    const cache = new LruCache<string>(10, () => now);
    cache.set('head', '0x10', { ttlMs: 500 });
    cache.set('block', 'immutable');
    now = 1_499;
    expect(cache.get('head')).toBe('0x10');
    now = 1_500;
    expect(cache.get('head')).toBeUndefined();
    expect(cache.get('block')).toBe('immutable');
    expect(cache.weight).toBe(1);
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
