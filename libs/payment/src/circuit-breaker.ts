export type BreakerState = 'closed' | 'open' | 'half_open';

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the breaker. */
  failureThreshold: number;
  /** How long an open breaker refuses calls before it lets one trial call through. */
  cooldownMs: number;
  /** Milliseconds since some epoch; injected by tests. */
  now?: () => number;
}

/** The breaker refused the call without running it; `retryAfterMs` says when a call may pass again. */
export class CircuitOpenError extends Error {
  override readonly name = 'CircuitOpenError';
  constructor(readonly retryAfterMs: number) {
    super(`circuit open: calls are refused for ${retryAfterMs} ms`);
  }
}

export interface CircuitBreaker {
  state(): BreakerState;
  /**
   * Runs `task` unless the breaker is open (then throws CircuitOpenError at once). A rejection counts
   * as a failure, a value as a success: tasks resolve with definite answers, refusals included.
   * Failures are counted per `kind` (an operation), so that one that keeps failing is not hidden
   * by another that answers.
   */
  run<T>(task: () => Promise<T>, kind?: string): Promise<T>;
}

/** A trial call in flight: others wait at least this long before trying again. */
const TRIAL_RETRY_AFTER_MS = 1_000;

/**
 * Closed: calls pass and consecutive failures are counted, per kind of call. When one kind reaches
 * `failureThreshold` it opens: calls of every kind are
 * refused for `cooldownMs`. Then it is half open: one trial call passes (others are refused while it
 * runs); its success closes the breaker, its failure opens it for another cool-down. Outcomes of calls
 * admitted before the breaker opened change nothing once it is open: only the trial decides.
 */
export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  const now = options.now ?? Date.now;
  const failures = new Map<string, number>();
  let openUntil: number | null = null;
  let trialInFlight = false;

  const stateAt = (time: number): BreakerState => (openUntil === null ? 'closed' : time < openUntil ? 'open' : 'half_open');

  function open(): void {
    openUntil = now() + options.cooldownMs;
    failures.clear();
  }

  function settle(kind: string, trial: boolean, failed: boolean): void {
    if (trial) {
      trialInFlight = false;
      if (failed) open();
      else openUntil = null;
      return;
    }
    if (openUntil !== null) return;
    if (!failed) return void failures.delete(kind);
    const count = (failures.get(kind) ?? 0) + 1;
    failures.set(kind, count);
    if (count >= options.failureThreshold) open();
  }

  return {
    state: () => stateAt(now()),
    async run(task, kind = '') {
      const time = now();
      const state = stateAt(time);
      if (state === 'open') throw new CircuitOpenError((openUntil ?? time) - time);
      if (state === 'half_open' && trialInFlight) throw new CircuitOpenError(TRIAL_RETRY_AFTER_MS);
      const trial = state === 'half_open';
      if (trial) trialInFlight = true;
      try {
        const value = await task();
        settle(kind, trial, false);
        return value;
      } catch (error) {
        settle(kind, trial, true);
        throw error;
      }
    },
  };
}
