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
    expect(cache.size).toBe(2);
  });

  it('drops entries whose time to live has passed', () => {
    let now = 1_000;
    const cache = new LruCache<string>(10, () => now);
    cache.set('head', '0x10', 500);
    cache.set('block', 'immutable');
    now = 1_499;
    expect(cache.get('head')).toBe('0x10');
    now = 1_500;
    expect(cache.get('head')).toBeUndefined();
    expect(cache.get('block')).toBe('immutable');
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
