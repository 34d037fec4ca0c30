/**
 * The planning model of a handoff (docs/tools/ext.md, service_exit_handoff): fixed costs per step
 * and per field or receipt index segment, chosen to rank plans, not measured on any service. Each
 * step says whether it runs while neither service takes writes; the downtime estimate is the sum
 * of those steps.
 */
export const HANDOFF_MODEL_MS = {
  /** Stop taking writes on the source and let calls under way finish. */
  freeze: 10_000,
  /** Export, and again import, one field path of the state. */
  perFieldCopy: 50,
  /** Recompute and compare one receipt index hash (once over the export, once over the import). */
  perReceiptVerify: 1_000,
  /** Re-send the writes made during a staged copy, base and per field path. */
  deltaSync: 5_000,
  perFieldDelta: 5,
  /** Point callers at the target and let caches and routes settle. */
  cutOver: 30_000,
} as const;

export type Strategy = 'staged' | 'stop_and_copy';

export interface PlanStep {
  step: number;
  action: string;
  description: string;
  verifies: string[];
  estimatedMs: number;
  duringDowntime: boolean;
  executed: false;
}

export interface PlanInput {
  sourceId: string;
  sourceManifestHash: string;
  stateSummaryHash: string;
  targetId: string;
  targetManifestHash: string;
  /** Exported field paths the target takes. */
  fieldPaths: number;
  /** Receipt index hashes to verify (when receipts are to be preserved). */
  receiptIndexHashes: readonly string[];
  /** Idempotency-key paths carried over, empty when none. */
  idempotencyKeyPaths: readonly string[];
  /** Exported paths the target drops (the plan says what is left behind). */
  droppedPaths: number;
}

/**
 * staged when idempotency keys cross over: the bulk copy and its verification then run while the
 * source still serves, and requests retried across the switch are recognised by the target; only
 * the delta and the cut-over are down. Without the keys a retry could run twice, so the plan stops
 * writes first and copies everything (stop_and_copy).
 */
export function strategyFor(idempotencyKeysCarried: boolean): Strategy {
  return idempotencyKeysCarried ? 'staged' : 'stop_and_copy';
}

const receiptCount = (n: number) => (n === 0 ? '' : n === 1 ? ' and the receipt index hash' : ` and the ${n} receipt index hashes`);

export function planSteps(input: PlanInput, strategy: Strategy): PlanStep[] {
  const m = HANDOFF_MODEL_MS;
  const copy = input.fieldPaths * m.perFieldCopy;
  const receipts = input.receiptIndexHashes.length * m.perReceiptVerify;
  const staged = strategy === 'staged';
  const keys = input.idempotencyKeyPaths.length ? `, carrying idempotency keys (${input.idempotencyKeyPaths.join(', ')})` : '';
  const freeze = { action: 'freeze_writes', description: `Stop taking writes on ${input.sourceId} and let calls under way finish.`, verifies: [], estimatedMs: m.freeze, duringDowntime: true };
  const bulk = [
    { action: 'export_state', description: `Export ${input.sourceId}'s state (${input.fieldPaths} field paths) under manifest ${input.sourceManifestHash}.`, verifies: [input.sourceManifestHash], estimatedMs: copy, duringDowntime: !staged },
    {
      action: 'verify_export',
      description: `Recompute the state summary hash${receiptCount(input.receiptIndexHashes.length)} over the export; stop on any difference.`,
      verifies: [input.stateSummaryHash, ...input.receiptIndexHashes],
      estimatedMs: receipts,
      duringDowntime: !staged,
    },
    { action: 'map_fields', description: `Map the exported paths onto ${input.targetId}'s import schema${input.droppedPaths ? `; ${input.droppedPaths} exported paths have no place there and are left behind` : ''}.`, verifies: [], estimatedMs: 0, duringDowntime: !staged },
    { action: 'import_state', description: `Import into ${input.targetId} (manifest ${input.targetManifestHash})${keys}.`, verifies: [input.targetManifestHash], estimatedMs: copy, duringDowntime: !staged },
  ];
  const delta = { action: 'sync_delta', description: `Re-send the writes ${input.sourceId} took during the copy, by idempotency key.`, verifies: [...input.idempotencyKeyPaths], estimatedMs: m.deltaSync + input.fieldPaths * m.perFieldDelta, duringDowntime: true };
  const finish = [
    {
      action: 'verify_import',
      description: `Have ${input.targetId} report its state summary${input.receiptIndexHashes.length ? ' and receipt index' : ''} and compare with the source's; roll back on any difference.`,
      verifies: [input.stateSummaryHash, ...input.receiptIndexHashes],
      estimatedMs: receipts,
      duringDowntime: true,
    },
    { action: 'cut_over', description: `Point callers at ${input.targetId}.`, verifies: [], estimatedMs: m.cutOver, duringDowntime: true },
    { action: 'keep_source_read_only', description: `Keep ${input.sourceId} read-only as the rollback point until the target has served without a difference.`, verifies: [], estimatedMs: 0, duringDowntime: false },
  ];
  const ordered = staged ? [...bulk, freeze, delta, ...finish] : [freeze, ...bulk, ...finish];
  return ordered.map((s, i) => ({ step: i + 1, ...s, executed: false }));
}

export const downtimeOf = (steps: readonly PlanStep[]) => steps.reduce((sum, s) => sum + (s.duringDowntime ? s.estimatedMs : 0), 0);
