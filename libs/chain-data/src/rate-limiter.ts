/** Time as the rate limiter sees it; injectable so tests need no real waiting. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * At most `perSecond` starts per second, evenly spaced: each caller gets the next free slot,
 * `1000 / perSecond` ms after the one before, and waits for it. Callers keep their arrival order.
 */
export class RateLimiter {
  private readonly intervalMs: number;
  private nextSlot = 0;

  constructor(
    readonly perSecond: number,
    private readonly clock: Clock = systemClock,
  ) {
    if (!(perSecond > 0) || !Number.isFinite(perSecond)) throw new RangeError('perSecond must be a positive number');
    this.intervalMs = 1000 / perSecond;
  }

  async acquire(): Promise<void> {
    const now = this.clock.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + this.intervalMs;
    if (slot > now) await this.clock.sleep(slot - now);
  }

  /** Pushes every later slot back by `ms` (after the server said the limit was reached). */
  pause(ms: number): void {
    this.nextSlot = Math.max(this.clock.now(), this.nextSlot) + ms;
  }
}
