import type { PaymentLedger } from '@paysight/contracts';

export const DEFAULT_RESULT_RETENTION_DAYS = 7;
const DAY_MS = 86_400_000;

export interface ResultPrunerOptions {
  ledger: Pick<PaymentLedger, 'pruneResults'>;
  /** Days a paid answer is kept for replays after its payment settled; then only its hash stays. */
  retentionDays: number;
  clock?: () => Date;
  /** Between runs (default one hour); the first run starts at once. */
  intervalMs?: number;
  /** Rows per prune statement (default 500) and statements per run (default 20): a run's work is bounded. */
  batchSize?: number;
  maxBatches?: number;
  /** Told when a run fails (the next run tries again). */
  onError?: (error: unknown) => void;
  /** Told after a run that dropped results. */
  onPruned?: (count: number) => void;
}

export interface ResultPruner {
  /** One bounded run; resolves with the number of results dropped. Runs never overlap: a call while one runs waits for it and gets 0. */
  runOnce(): Promise<number>;
  /** No more runs; resolves once a run under way has finished (so the store can be closed after). */
  stop(): Promise<void>;
}

/**
 * Drops the answers kept for replays once they are older than the retention, on start and then
 * periodically. Several instances may prune the same ledger: the store makes them take turns.
 */
export function startResultPruner(options: ResultPrunerOptions): ResultPruner {
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 500;
  const maxBatches = options.maxBatches ?? 20;
  let running: Promise<number> | null = null;

  async function prune(): Promise<number> {
    const before = new Date(clock().getTime() - options.retentionDays * DAY_MS);
    let total = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const pruned = await options.ledger.pruneResults(before, batchSize);
      total += pruned;
      if (pruned < batchSize) break;
    }
    if (total > 0) options.onPruned?.(total);
    return total;
  }

  async function runOnce(): Promise<number> {
    if (running) return running.then(() => 0, () => 0);
    running = prune();
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  const run = () => void runOnce().catch((error: unknown) => options.onError?.(error));
  const timer = setInterval(run, options.intervalMs ?? 3_600_000);
  timer.unref();
  run();
  return {
    runOnce,
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
