/** The processor's chain check after a settle without a final answer gives up after this long (the payment is then held as settle_pending). */
export const SETTLE_CHAIN_CHECK_TIMEOUT_MS = 10_000;

/** error_code of a row a dead process left in settling, once the reconciler moved it to settle_pending. */
export const SETTLE_INTERRUPTED = 'settle_interrupted';

/** The facilitator's settle deadline when none is configured (FACILITATOR_SETTLE_TIMEOUT_MS). */
export const DEFAULT_SETTLE_TIMEOUT_MS = 60_000;

/** Room for the ledger writes around settle and for clocks that differ a little. */
const STALE_MARGIN_MS = 30_000;

/** Longest a live instance keeps a payment in `settling`: the facilitator's settle deadline, then the bounded chain check. */
export const settlingBoundMs = (settleTimeoutMs: number): number => settleTimeoutMs + SETTLE_CHAIN_CHECK_TIMEOUT_MS;

/** After this long untouched, a payment in `settling` was left by a process that died (RECONCILE_STALE_AFTER_MS's default). */
export const defaultStaleAfterMs = (settleTimeoutMs: number = DEFAULT_SETTLE_TIMEOUT_MS): number => settlingBoundMs(settleTimeoutMs) + STALE_MARGIN_MS;

/** `work`, or a rejection once `ms` passed (the work itself is not stopped). */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
