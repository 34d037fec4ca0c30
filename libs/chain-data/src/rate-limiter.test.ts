import { RateLimiter, type Clock } from './rate-limiter.js';

/** A clock that records each wait; it moves only when a sleep is over, unless frozen. */
function manualClock(options: { frozen?: boolean } = {}): Clock & { waits: number[] } {
  let time = 1_000;
  const waits: number[] = [];
  return {
    waits,
    now: () => time,
    sleep: async (ms) => {
      waits.push(ms);
      if (!options.frozen) time += ms;
    },
  };
}

describe('RateLimiter', () => {
  it('lets the first request through and spaces the next ones 1000 / perSecond ms apart', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(5, clock);
    for (let i = 0; i < 4; i += 1) await limiter.acquire();
    expect(clock.waits).toEqual([200, 200, 200]);
  });

  it('gives callers arriving at the same moment consecutive slots', async () => {
    const clock = manualClock({ frozen: true });
    const limiter = new RateLimiter(4, clock);
    await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    expect(clock.waits).toEqual([250, 500]);
  });

  it('does not wait when requests are already further apart than the limit', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(2, clock);
    await limiter.acquire();
    await clock.sleep(600);
    await limiter.acquire();
    expect(clock.waits).toEqual([600]);
  });

  it('pause pushes the next slot back', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(10, clock);
    await limiter.acquire();
    limiter.pause(1_000);
    await limiter.acquire();
    expect(clock.waits).toEqual([1_100]);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => new RateLimiter(0)).toThrow(RangeError);
    expect(() => new RateLimiter(Number.NaN)).toThrow(RangeError);
  });
});
