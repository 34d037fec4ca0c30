import type { LedgerEntry, PaymentLedger } from '@paysight/contracts';
import type { AuthorizationReader, AuthorizationState } from './authorization-reader.js';
import { type PeriodicTask, startPeriodic } from './periodic.js';
import { SETTLE_INTERRUPTED, defaultStaleAfterMs } from './settling-window.js';

export const DEFAULT_RECONCILE_INTERVAL_MS = 30_000;
export const DEFAULT_RECONCILE_BATCH_SIZE = 100;
/**
 * Seconds past `validBefore` before an unused authorization counts as dead: the token compares
 * validBefore with the block time, which may run behind this clock.
 */
export const DEFAULT_RELEASE_GRACE_SECONDS = 120;

/** What one run did, by x402 request id. */
export interface ReconcileReport {
  /** Paid on chain (a transfer to the payee): now settled, the kept answer re-servable by presenting the payment again. */
  settled: string[];
  /** Nothing was charged and nothing can move any more (unused past validBefore, or cancelled by its signer): settle_failed, or released when the handler never finished. */
  released: string[];
  /** Not used yet and still usable: left pending. */
  pending: string[];
  /** The chain could not be read: left as it was. */
  unreadable: string[];
  /**
   * Needs an operator; its error_code says why: `settled_without_answer` (a payment whose handler never
   * finished was nonetheless transferred to us), `transfer_mismatch` (used by a transfer that did not pay
   * the payee the price), `authorization_used_unexplained` (used, its log beyond the lookback: left as it was).
   */
  attention: string[];
}

export interface ReconcilerOptions {
  ledger: Pick<PaymentLedger, 'list' | 'transition'>;
  authorizations: AuthorizationReader;
  clock?: () => Date;
  /** Rows of each kind (pending, abandoned in settling, abandoned in claimed) looked at per run (at most the ledger's list limit, 1000), those untouched longest first. */
  batchSize?: number;
  releaseGraceSeconds?: number;
  /** A row in claimed or settling untouched this long was left by a process that died (RECONCILE_STALE_AFTER_MS; default defaultStaleAfterMs()). */
  staleAfterMs?: number;
}

/** Ends payments held as settle_pending, and those a dead process left in claimed or settling, from what the chain says about their authorization. */
export interface Reconciler {
  reconcileOnce(): Promise<ReconcileReport>;
}

type Verdict = keyof ReconcileReport;

/**
 * Pure logic over the ledger port and the chain reader. Safe with several instances on one ledger:
 * every move is a transition guarded on the state the row was found in, so one instance ends a row and
 * the others find it gone; and the facts it acts on never turn back (a used or cancelled authorization
 * stays so, one unused past validBefore can never be used), so instances cannot end a row two ways.
 *
 * Abandoned rows: no live instance keeps a row in settling longer than settlingBoundMs, so one older
 * than the staleness window is moved to settle_pending (its answer was kept when it entered settling)
 * and decided as such in the same run. A row in claimed had its handler running; it is decided only
 * once its authorization is dead (past validBefore plus the grace), whatever a slow handler still does.
 */
export function createReconciler(options: ReconcilerOptions): Reconciler {
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? DEFAULT_RECONCILE_BATCH_SIZE;
  const grace = BigInt(options.releaseGraceSeconds ?? DEFAULT_RELEASE_GRACE_SECONDS);
  const staleAfterMs = options.staleAfterMs ?? defaultStaleAfterMs();
  const { ledger, authorizations } = options;

  const read = (entry: LedgerEntry): Promise<AuthorizationState | null> =>
    authorizations.authorizationState({ asset: entry.asset, authorizer: entry.payer, nonce: entry.nonce, payTo: entry.payTo, amount: entry.amount }).catch(() => null);
  const dead = (entry: LedgerEntry) => entry.validBefore !== null && BigInt(Math.floor(clock().getTime() / 1000)) >= BigInt(entry.validBefore) + grace;
  const ended = (verdict: Verdict) => (row: LedgerEntry | null) => (row ? verdict : null);

  /** The verdict, or null when another instance ended the row first. */
  async function reconcilePending(entry: LedgerEntry): Promise<Verdict | null> {
    const { x402RequestId } = entry;
    const state = await read(entry);
    if (!state) return 'unreadable';
    switch (state.status) {
      case 'transferred':
        return ledger.transition(x402RequestId, ['settle_pending'], 'settled', { settlementTx: state.transaction, errorCode: null }).then(ended('settled'));
      // Nothing was paid in the next three: the answer is not kept for anyone.
      case 'cancelled':
        return ledger.transition(x402RequestId, ['settle_pending'], 'settle_failed', { errorCode: 'authorization_cancelled', resultJson: null }).then(ended('released'));
      case 'mismatched':
        return ledger.transition(x402RequestId, ['settle_pending'], 'settle_failed', { errorCode: 'transfer_mismatch', resultJson: null }).then(ended('attention'));
      case 'unused':
        if (!dead(entry)) return 'pending';
        return ledger.transition(x402RequestId, ['settle_pending'], 'settle_failed', { errorCode: 'authorization_expired_unused', resultJson: null }).then(ended('released'));
      case 'unexplained':
        return ledger.transition(x402RequestId, ['settle_pending'], 'settle_pending', { errorCode: 'authorization_used_unexplained' }).then(ended('attention'));
    }
  }

  /** A row whose handler was running when its process died: decided once its authorization is dead; null while it is not (or another instance ended it). */
  async function reconcileClaimed(entry: LedgerEntry): Promise<Verdict | null> {
    if (!dead(entry)) return null;
    const { x402RequestId } = entry;
    const state = await read(entry);
    if (!state) return 'unreadable';
    switch (state.status) {
      case 'unused':
        return ledger.transition(x402RequestId, ['claimed'], 'released', { errorCode: 'authorization_expired_unused' }).then(ended('released'));
      case 'cancelled':
        return ledger.transition(x402RequestId, ['claimed'], 'released', { errorCode: 'authorization_cancelled' }).then(ended('released'));
      // Someone settled it without us (the payer or a facilitator replaying it): we were paid and have no answer. Kept as
      // settled with its transaction, so the payment is never served twice nor forgotten; the payer's re-presentation gets
      // result_expired (410) naming the transaction, and the operator is told.
      case 'transferred':
        return ledger.transition(x402RequestId, ['claimed'], 'settled', { settlementTx: state.transaction, errorCode: 'settled_without_answer' }).then(ended('attention'));
      case 'mismatched':
        return ledger.transition(x402RequestId, ['claimed'], 'settle_failed', { errorCode: 'transfer_mismatch' }).then(ended('attention'));
      case 'unexplained':
        return 'attention';
    }
  }

  return {
    async reconcileOnce() {
      const report: ReconcileReport = { settled: [], released: [], pending: [], unreadable: [], attention: [] };
      const staleBefore = new Date(clock().getTime() - staleAfterMs);
      const abandoned = (state: 'claimed' | 'settling') => ledger.list({ state, updatedBefore: staleBefore, limit: batchSize, order: 'leastRecentlyUpdated' });

      for (const entry of await abandoned('settling')) await ledger.transition(entry.x402RequestId, ['settling'], 'settle_pending', { errorCode: SETTLE_INTERRUPTED });
      for (const entry of await ledger.list({ state: 'settle_pending', limit: batchSize, order: 'leastRecentlyUpdated' })) {
        const verdict = await reconcilePending(entry);
        if (!verdict) continue;
        report[verdict].push(entry.x402RequestId);
        // To the back of the queue: with more pending rows than a batch, the next runs look at the others first.
        if (verdict === 'pending' || verdict === 'unreadable') await ledger.transition(entry.x402RequestId, ['settle_pending'], 'settle_pending');
      }
      for (const entry of await abandoned('claimed')) {
        const verdict = await reconcileClaimed(entry);
        if (verdict) report[verdict].push(entry.x402RequestId);
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
      if (report.settled.length || report.released.length || report.attention.length) options.onReconciled?.(report);
      return report;
    },
    { intervalMs: options.intervalMs ?? DEFAULT_RECONCILE_INTERVAL_MS, idle: null, onError: options.onError },
  );
}
