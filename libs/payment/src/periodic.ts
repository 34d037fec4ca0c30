export interface PeriodicTask<T> {
  /** One run. Runs never overlap: a call while one runs waits for it and gets `idle`. */
  runOnce(): Promise<T>;
  /** No more runs; resolves once a run under way has finished (so the store can be closed after). */
  stop(): Promise<void>;
}

/** Runs `task` at once and then every `intervalMs` (timer unref'd); a failed run is told to `onError` and the next one tries again. */
export function startPeriodic<T>(task: () => Promise<T>, options: { intervalMs: number; idle: T; onError?: (error: unknown) => void }): PeriodicTask<T> {
  let running: Promise<T> | null = null;

  async function runOnce(): Promise<T> {
    if (running) return running.then(() => options.idle, () => options.idle);
    running = task();
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  const run = () => void runOnce().catch((error: unknown) => options.onError?.(error));
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  run();
  return {
    runOnce,
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => options.idle);
    },
  };
}
