import type { PaymentLedger } from '@paysight/contracts';
import { type PeriodicTask, startPeriodic } from './periodic.js';

export const DEFAULT_RESULT_RETENTION_DAYS = 7;
const DAY_MS = 86_400_000;

export interface RetentionPrunerOptions {
  /** Deletes (or empties) up to `limit` rows older than `before`; resolves with how many. */
  prune(before: Date, limit: number): Promise<number>;
  /** Days a row is kept. */
  retentionDays: number;
  clock?: () => Date;
  /** Between runs (default one hour); the first run starts at once. */
  intervalMs?: number;
  /** Rows per prune statement (default 500) and statements per run (default 20): a run's work is bounded. */
  batchSize?: number;
  maxBatches?: number;
  /** Told when a run fails (the next run tries again). */
  onError?: (error: unknown) => void;
  /** Told after a run that pruned rows. */
  onPruned?: (count: number) => void;
}

/** `runOnce` resolves with the number of rows pruned. */
export type RetentionPruner = PeriodicTask<number>;

/**
 * Prunes what is older than the retention, on start and then periodically, in bounded batches.
 * Several instances may prune the same store: the store makes them take turns.
 */
export function startRetentionPruner(options: RetentionPrunerOptions): RetentionPruner {
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 500;
  const maxBatches = options.maxBatches ?? 20;

  async function prune(): Promise<number> {
    const before = new Date(clock().getTime() - options.retentionDays * DAY_MS);
    let total = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const pruned = await options.prune(before, batchSize);
      total += pruned;
      if (pruned < batchSize) break;
    }
    if (total > 0) options.onPruned?.(total);
    return total;
  }

  return startPeriodic(prune, { intervalMs: options.intervalMs ?? 3_600_000, idle: 0, onError: options.onError });
}

export interface ResultPrunerOptions extends Omit<RetentionPrunerOptions, 'prune'> {
  ledger: Pick<PaymentLedger, 'pruneResults'>;
}

/** `runOnce` resolves with the number of results dropped. */
export type ResultPruner = RetentionPruner;

/** Drops the answers kept for replays once they are older than the retention (retentionDays after their payment settled); then only their hash stays. */
export function startResultPruner(options: ResultPrunerOptions): ResultPruner {
  return startRetentionPruner({ ...options, prune: (before, limit) => options.ledger.pruneResults(before, limit) });
}
