import type { LedgerEntry, PaymentLedger } from '@paysight/contracts';
import type { AuthorizationReader } from './authorization-reader.js';
import { type PeriodicTask, startPeriodic } from './periodic.js';

export const DEFAULT_RECONCILE_INTERVAL_MS = 30_000;
export const DEFAULT_RECONCILE_BATCH_SIZE = 100;
/**
 * Seconds past `validBefore` before an unused authorization counts as dead: the token compares
 * validBefore with the block time, which may run behind this clock.
 */
export const DEFAULT_RELEASE_GRACE_SECONDS = 120;

/** What one run did, by x402 request id. */
export interface ReconcileReport {
  /** Found on chain: now settled, the kept answer re-servable by presenting the payment again. */
  settled: string[];
  /** Unused and past validBefore: now settle_failed, nothing was charged. */
  released: string[];
  /** Not used yet and still usable: left pending. */
  pending: string[];
  /** The chain could not be read: left pending. */
  unreadable: string[];
}

export interface ReconcilerOptions {
  ledger: Pick<PaymentLedger, 'list' | 'transition'>;
  authorizations: AuthorizationReader;
  clock?: () => Date;
  /** Pending rows looked at per run (at most the ledger's list limit, 1000), those untouched longest first. */
  batchSize?: number;
  releaseGraceSeconds?: number;
}

/** Ends payments held as settle_pending, from what the chain says about their authorization. */
export interface Reconciler {
  reconcileOnce(): Promise<ReconcileReport>;
}

type Verdict = keyof ReconcileReport;

/**
 * Pure logic over the ledger port and the chain reader. Safe with several instances on one ledger:
 * every move is a transition guarded on `settle_pending`, so one instance ends a row and the others
 * find it gone; and the facts it acts on never turn back (a used authorization stays used, one unused
 * past validBefore can never be used), so instances cannot end the same row two different ways.
 */
export function createReconciler(options: ReconcilerOptions): Reconciler {
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? DEFAULT_RECONCILE_BATCH_SIZE;
  const grace = BigInt(options.releaseGraceSeconds ?? DEFAULT_RELEASE_GRACE_SECONDS);
  const { ledger, authorizations } = options;

  /** The verdict, or null when another instance ended the row first. */
  async function reconcile(entry: LedgerEntry): Promise<Verdict | null> {
    let state;
    try {
      state = await authorizations.authorizationState({ asset: entry.asset, authorizer: entry.payer, nonce: entry.nonce });
    } catch {
      return 'unreadable';
    }
    if (state.used) {
      const settled = await ledger.transition(entry.x402RequestId, ['settle_pending'], 'settled', { settlementTx: state.transaction, errorCode: null });
      return settled && 'settled';
    }
    const now = BigInt(Math.floor(clock().getTime() / 1000));
    if (entry.validBefore === null || now < BigInt(entry.validBefore) + grace) return 'pending';
    // Nothing was paid: the answer is not kept for anyone.
    const released = await ledger.transition(entry.x402RequestId, ['settle_pending'], 'settle_failed', { errorCode: 'authorization_expired_unused', resultJson: null });
    return released && 'released';
  }

  return {
    async reconcileOnce() {
      const report: ReconcileReport = { settled: [], released: [], pending: [], unreadable: [] };
      for (const entry of await ledger.list({ state: 'settle_pending', limit: batchSize, order: 'leastRecentlyUpdated' })) {
        const verdict = await reconcile(entry);
        if (!verdict) continue;
        report[verdict].push(entry.x402RequestId);
        // To the back of the queue: with more pending rows than a batch, the next runs look at the others first.
        if (verdict === 'pending' || verdict === 'unreadable') await ledger.transition(entry.x402RequestId, ['settle_pending'], 'settle_pending');
      }
      return report;
    },
  };
}

export interface BackgroundReconcilerOptions extends ReconcilerOptions {
  intervalMs?: number;
  /** Told after a run that ended payments. */
  onReconciled?: (report: ReconcileReport) => void;
  /** Told when a run fails (the next run tries again). */
  onError?: (error: unknown) => void;
}

/** The reconciler on start and then every `intervalMs`; runs never overlap within one process. */
export function startReconciler(options: BackgroundReconcilerOptions): PeriodicTask<ReconcileReport | null> {
  const reconciler = createReconciler(options);
  return startPeriodic(
    async () => {
      const report = await reconciler.reconcileOnce();
      if (report.settled.length || report.released.length) options.onReconciled?.(report);
      return report;
    },
    { intervalMs: options.intervalMs ?? DEFAULT_RECONCILE_INTERVAL_MS, idle: null, onError: options.onError },
  );
}
