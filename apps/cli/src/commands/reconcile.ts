import path from 'node:path';
import { DEFAULT_SETTLE_TIMEOUT_MS, type ReconcileReport, createReconciler, createViemAuthorizationReader, defaultStaleAfterMs, settlingBoundMs } from '@paysight/payment';
import { openStore } from '@paysight/store';
import { readDevnetFile } from '@paysight/stack';
import type { Io } from './call.js';

export interface ReconcileOptions {
  dataDir: string;
  /** Rows to look at (1 to 1000). */
  limit: number;
  env: Record<string, string | undefined>;
}

/** Exit codes of `paysight reconcile`: `unfinished` when some payment could not be read on chain or needs an operator. */
export const RECONCILE_EXIT = { ok: 0, unfinished: 1, usage: 2 } as const;

const wholeMs = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

/**
 * RECONCILE_STALE_AFTER_MS as the API reads it (default and lower bound from FACILITATOR_SETTLE_TIMEOUT_MS):
 * the command must not take a payment a live instance is settling for abandoned.
 */
function staleAfterMsOf(env: Record<string, string | undefined>): number | string {
  const settleTimeoutMs = env.FACILITATOR_SETTLE_TIMEOUT_MS ? wholeMs(env.FACILITATOR_SETTLE_TIMEOUT_MS) : DEFAULT_SETTLE_TIMEOUT_MS;
  if (settleTimeoutMs === undefined) return 'FACILITATOR_SETTLE_TIMEOUT_MS must be whole milliseconds.';
  if (!env.RECONCILE_STALE_AFTER_MS) return defaultStaleAfterMs(settleTimeoutMs);
  const staleAfterMs = wholeMs(env.RECONCILE_STALE_AFTER_MS);
  const bound = settlingBoundMs(settleTimeoutMs);
  return staleAfterMs !== undefined && staleAfterMs >= bound ? staleAfterMs : `RECONCILE_STALE_AFTER_MS must be whole milliseconds, at least ${bound} (FACILITATOR_SETTLE_TIMEOUT_MS plus the 10 s chain check).`;
}

/**
 * `paysight reconcile`: one run of the reconciler over the service's ledger (DATABASE_URL, else the
 * PGlite store under the data dir) against Base (RPC_URL_BASE, else the devnet of `paysight start`):
 * settle-pending payments and those a dead process left behind (RECONCILE_STALE_AFTER_MS, as the API),
 * printing what became of each.
 */
export async function reconcileCommand(options: ReconcileOptions, io: Io): Promise<number> {
  const rpcUrl = options.env.RPC_URL_BASE ?? (await readDevnetFile(options.dataDir))?.chains.base?.rpcUrl;
  if (!rpcUrl) {
    io.err('Set RPC_URL_BASE (or run `paysight start` first, for its local Base): pending payments are reconciled on Base.');
    return RECONCILE_EXIT.usage;
  }
  const staleAfterMs = staleAfterMsOf(options.env);
  if (typeof staleAfterMs === 'string') {
    io.err(staleAfterMs);
    return RECONCILE_EXIT.usage;
  }
  const databaseUrl = options.env.DATABASE_URL;
  const store = await openStore(databaseUrl ? { databaseUrl } : { dataDir: path.join(path.resolve(options.dataDir), 'db') });
  let report: ReconcileReport;
  try {
    report = await createReconciler({ ledger: store.ledger, authorizations: createViemAuthorizationReader({ rpcUrl }), batchSize: options.limit, staleAfterMs }).reconcileOnce();
  } finally {
    await store.close();
  }
  for (const id of report.settled) io.out(`settled     ${id}  (found on chain; presenting the payment again serves its answer)`);
  for (const id of report.released) io.out(`released    ${id}  (unused past validBefore, or cancelled; nothing was charged)`);
  for (const id of report.pending) io.out(`pending     ${id}  (not used yet and still valid)`);
  for (const id of report.unreadable) io.out(`unreadable  ${id}  (the chain could not be read)`);
  for (const id of report.attention) io.out(`attention   ${id}  (needs an operator: see its error_code)`);
  io.err(`${report.settled.length} settled, ${report.released.length} released, ${report.pending.length} still pending, ${report.unreadable.length} unreadable, ${report.attention.length} need attention.`);
  return report.unreadable.length || report.attention.length ? RECONCILE_EXIT.unfinished : RECONCILE_EXIT.ok;
}
