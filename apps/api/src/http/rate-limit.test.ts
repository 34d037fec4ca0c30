import { MAX_COUNTED_CLIENTS, createRateLimiter } from './rate-limit.js';

describe('createRateLimiter', () => {
  it('admits `limit` requests per client in a window, then answers the seconds left, and starts afresh in the next window', () => {
    let time = 1_000_000;
    const take = createRateLimiter({ limit: 2, windowMs: 10_000 }, () => time);
    expect([take('a'), take('a'), take('b')]).toEqual([null, null, null]);
    time += 2_500;
    expect(take('a')).toBe(8);
    expect(take('a')).toBe(8);
    expect(take('b')).toBeNull();
    time += 7_500;
    expect([take('a'), take('a'), take('a')]).toEqual([null, null, 10]);
  });

  it('keeps window boundaries when a window passes without a request', () => {
    let time = 0;
    const take = createRateLimiter({ limit: 1, windowMs: 1_000 }, () => time);
    time = 5_400;
    expect(take('a')).toBeNull();
    expect(take('a')).toBe(1);
  });

  it('counts new clients together once it counts MAX_COUNTED_CLIENTS of them', () => {
    const take = createRateLimiter({ limit: 1, windowMs: 60_000 }, () => 0);
    for (let i = 0; i < MAX_COUNTED_CLIENTS; i++) take(`client-${i}`);
    expect(take('late-1')).toBeNull();
    expect(take('late-2')).toBe(60);
    expect(take('client-1')).toBe(60);
  });
});
