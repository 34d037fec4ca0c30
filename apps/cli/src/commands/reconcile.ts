import path from 'node:path';
import { type ReconcileReport, createReconciler, createViemAuthorizationReader } from '@paysight/payment';
import { openStore } from '@paysight/store';
import { readDevnetFile } from '@paysight/stack';
import type { Io } from './call.js';

export interface ReconcileOptions {
  dataDir: string;
  /** Rows to look at (1 to 1000). */
  limit: number;
  env: Record<string, string | undefined>;
}

/** Exit codes of `paysight reconcile`: `unfinished` when some pending payment could not be read on chain. */
export const RECONCILE_EXIT = { ok: 0, unfinished: 1, usage: 2 } as const;

/**
 * `paysight reconcile`: one run of the settle-pending reconciler over the service's ledger
 * (DATABASE_URL, else the PGlite store under the data dir) against Base (RPC_URL_BASE, else the
 * devnet of `paysight start`), printing what became of each pending payment.
 */
export async function reconcileCommand(options: ReconcileOptions, io: Io): Promise<number> {
  const rpcUrl = options.env.RPC_URL_BASE ?? (await readDevnetFile(options.dataDir))?.chains.base?.rpcUrl;
  if (!rpcUrl) {
    io.err('Set RPC_URL_BASE (or run `paysight start` first, for its local Base): pending payments are reconciled on Base.');
    return RECONCILE_EXIT.usage;
  }
  const databaseUrl = options.env.DATABASE_URL;
  const store = await openStore(databaseUrl ? { databaseUrl } : { dataDir: path.join(path.resolve(options.dataDir), 'db') });
  let report: ReconcileReport;
  try {
    report = await createReconciler({ ledger: store.ledger, authorizations: createViemAuthorizationReader({ rpcUrl }), batchSize: options.limit }).reconcileOnce();
  } finally {
    await store.close();
  }
  for (const id of report.settled) io.out(`settled     ${id}  (found on chain; presenting the payment again serves its answer)`);
  for (const id of report.released) io.out(`released    ${id}  (unused past validBefore; nothing was charged)`);
  for (const id of report.pending) io.out(`pending     ${id}  (not used yet and still valid)`);
  for (const id of report.unreadable) io.out(`unreadable  ${id}  (the chain could not be read)`);
  io.err(`${report.settled.length} settled, ${report.released.length} released, ${report.pending.length} still pending, ${report.unreadable.length} unreadable.`);
  return report.unreadable.length ? RECONCILE_EXIT.unfinished : RECONCILE_EXIT.ok;
}
