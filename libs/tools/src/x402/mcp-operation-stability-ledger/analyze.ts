import { isDeepStrictEqual } from 'node:util';
import type { CatalogEntryOf, OperationEvent, RequestOf, ResultOf, SchemaChangeClass } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, HASH } from '../helpers.js';
import { chainLedger } from '../ledger.js';
import { annotationSafetyFlips, mcpToolPrice } from '../mcp-tool.js';
import { schemaDiff } from '../schema-diff.js';

type Entry = CatalogEntryOf<'x402_mcp_operation_stability_ledger'>;
export type OperationLedgerInput = RequestOf<Entry>;
export type OperationLedgerResult = ResultOf<Entry>;
type Decision = OperationLedgerResult['decision'];
type Snapshot = OperationLedgerInput['snapshots'][number];
type ToolDefinition = Snapshot['tools'][number];
type LedgerEvent = OperationEvent & { tool: string };

export const OPERATION_LEDGER_SEED = 'operation-ledger/v1';
/** Most schema changes recorded per schema and transition (breaking first): a rewrite is one story, not a thousand events. */
const MAX_SCHEMA_EVENTS = 25;
const DAY_MS = 86_400_000;

/** What one snapshot says about one tool: the definition and its fingerprint without title and description. */
interface Seen {
  def: ToolDefinition;
  hash: string;
}

const ratio = (part: number, whole: number) => Number(AMT.ratio(BigInt(part), BigInt(whole)));

const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/** The events of one tool between two snapshots where it is present in both and its definition differs. */
function changeEvents(at: string, before: ToolDefinition, after: ToolDefinition, flags: Set<string>): OperationEvent[] {
  const events: OperationEvent[] = [];
  for (const [field, side] of [
    ['inputSchema', 'input'],
    ['outputSchema', 'output'],
  ] as const) {
    if (same(before[field], after[field])) continue;
    const diff = schemaDiff(before[field], after[field], side);
    if (diff.truncated) flags.add('schema_diff_truncated');
    if (diff.changes.length > MAX_SCHEMA_EVENTS) flags.add('events_truncated');
    for (const change of diff.changes.slice(0, MAX_SCHEMA_EVENTS)) events.push({ at, kind: change.kind, class: change.class, path: `/${field}${change.schema_path}` });
  }
  const flips = annotationSafetyFlips(before, after);
  for (const path of flips) events.push({ at, kind: 'annotation_safety_flip', class: 'breaking', path });
  if (flips.length === 0 && !same(before.annotations, after.annotations)) events.push({ at, kind: 'annotations_changed', class: 'risky', path: '/annotations' });
  const [was, is] = [mcpToolPrice(before), mcpToolPrice(after)];
  if (was !== null && is !== null && was !== is) events.push({ at, kind: is > was ? 'price_up' : 'price_down', class: is > was ? 'breaking' : 'nonbreaking', path: '/_meta/price' });
  else if (!same(before._meta, after._meta)) events.push({ at, kind: 'meta_changed', class: 'cosmetic', path: '/_meta' });
  for (const field of ['title', 'description'] as const) if (before[field] !== after[field]) events.push({ at, kind: 'metadata_changed', class: 'cosmetic', path: `/${field}` });
  return events;
}

interface Operation {
  name: string;
  order: number;
  present: number;
  first_seen: string;
  last_seen: string;
  observed: number;
  unchanged: number;
  events: OperationEvent[];
}

const NEXT_ACTION: Record<Decision, string> = {
  insufficient_history: 'Capture tools/list at least twice, at different times, and run the ledger again with both snapshots.',
  unstable: 'Do not hard-wire the operations with breaking events, removals, safety flips or price rises: pin their definitions, re-consent flipped tools and alert on the next ledger run.',
  churning: 'Definitions change without breaking callers: hard-wire the operations with a stability index of 1 and re-read the others before each release.',
  stable: 'No operation changed across the snapshots: they are safe to hard-wire; keep carrying ledger_head into the next run.',
};

const LIMITATIONS = [
  'Only the submitted snapshots were compared: changes between two snapshots that were undone before the next are invisible.',
  'Schema changes are classified by SDIFF (docs/tools/x402/schema-diff.md); remote $refs are compared as strings, never fetched.',
  'The ledger is carried by the caller: nothing is stored, so the chain proves order only if the caller keeps and re-submits ledger_head.',
];

/** x402-mcp-operation-stability-ledger (design sheet §7): transitions per tool, the hash-chained ledger, then the decision in the sheet's order. */
export function analyzeOperationLedger(input: OperationLedgerInput): ToolOutput<OperationLedgerResult> {
  const flags = new Set<string>();
  const limitations = [...LIMITATIONS];
  const snapshots = input.snapshots.map((s, i) => ({ s, i, t: Date.parse(s.captured_at) })).sort((a, b) => a.t - b.t || a.i - b.i);
  const distinct = new Set(snapshots.map(({ t }) => t)).size;

  // Per snapshot: name → definition and fingerprint (the first of a duplicated name counts).
  const views = snapshots.map(({ s }) => {
    const view = new Map<string, Seen>();
    for (const def of s.tools) {
      if (view.has(def.name)) {
        flags.add('duplicate_tool_name');
        continue;
      }
      const { title: _title, description: _description, ...rest } = def;
      view.set(def.name, { def, hash: HASH(rest) });
    }
    return view;
  });

  const operations = new Map<string, Operation>();
  const ledgerEvents: LedgerEvent[][] = views.map(() => []);
  const versionNotBumped: OperationLedgerResult['version_not_bumped'] = [];
  views.forEach((view, k) => {
    const at = snapshots[k]!.s.captured_at;
    for (const name of view.keys()) {
      const op = operations.get(name) ?? { name, order: operations.size, present: 0, first_seen: at, last_seen: at, observed: 0, unchanged: 0, events: [] };
      op.present += 1;
      op.last_seen = at;
      operations.set(name, op);
    }
    if (k === 0) return;
    const prev = views[k - 1]!;
    const events: LedgerEvent[] = [];
    for (const op of operations.values()) {
      const before = prev.get(op.name);
      const after = view.get(op.name);
      if (!before && !after) continue;
      op.observed += 1;
      let found: OperationEvent[];
      if (before && after) {
        found = before.hash === after.hash && before.def.title === after.def.title && before.def.description === after.def.description ? [] : changeEvents(at, before.def, after.def, flags);
      } else if (before) {
        found = [{ at, kind: 'removed', class: 'breaking', path: '' }];
      } else {
        found = [{ at, kind: op.first_seen === at ? 'added' : 'reappeared', class: 'nonbreaking', path: '' }];
      }
      if (found.length === 0) op.unchanged += 1;
      op.events.push(...found);
      for (const e of found) events.push({ ...e, tool: op.name });
    }
    ledgerEvents[k] = events;
    const [was, is] = [snapshots[k - 1]!.s.server_version, snapshots[k]!.s.server_version];
    if (was !== undefined && was === is && events.some((e) => e.class === 'breaking')) versionNotBumped.push({ at, server_version: is });
  });

  const { entries: ledger_entries, head } = chainLedger(
    OPERATION_LEDGER_SEED,
    input.previous_ledger_head,
    views.map((view, k) => ({ captured_at: snapshots[k]!.s.captured_at, tools_fingerprint: HASH([...view.values()].map((v) => v.hash).sort()), events: ledgerEvents[k]! })),
  );

  const all = ledgerEvents.flat();
  const breaking = all.some((e) => e.class === 'breaking');
  const decision: Decision = distinct < 2 ? 'insufficient_history' : breaking ? 'unstable' : all.length > 0 ? 'churning' : 'stable';
  const spanDays = (snapshots.at(-1)!.t - snapshots[0]!.t) / DAY_MS;
  const confidence = snapshots.length >= 5 && spanDays >= 7 ? 'high' : snapshots.length >= 3 ? 'medium' : 'low';

  if (versionNotBumped.length > 0) flags.add('version_not_bumped');
  for (const kind of ['removed', 'annotation_safety_flip', 'price_up'] as const) if (all.some((e) => e.kind === kind)) flags.add(kind === 'removed' ? 'operation_removed' : kind);
  if (all.some((e) => e.class === 'breaking' && e.path.startsWith('/inputSchema'))) flags.add('breaking_input_change');
  if (all.some((e) => e.class === 'breaking' && e.path.startsWith('/outputSchema'))) flags.add('breaking_output_change');
  if (distinct < snapshots.length) limitations.push(`${snapshots.length - distinct} snapshot(s) share a captured_at with another: they are ordered by input position.`);
  if (snapshots.some(({ s }) => s.server_version === undefined)) limitations.push('Some snapshots have no server_version: version_not_bumped is judged only between two snapshots that both state one.');
  if (flags.has('events_truncated')) limitations.push(`At most ${MAX_SCHEMA_EVENTS} schema changes per schema and transition are listed (the most severe first).`);
  if (flags.has('schema_diff_truncated')) limitations.push('A schema diff reached its node or depth budget: changes deeper in that schema were not classified.');

  const ops = [...operations.values()]
    .map((op) => ({ op, index: op.observed === 0 ? 1 : ratio(op.unchanged, op.observed) }))
    .sort((a, b) => a.index - b.index || a.op.order - b.op.order)
    .map(({ op, index }) => ({ name: op.name, first_seen: op.first_seen, last_seen: op.last_seen, presence_ratio: ratio(op.present, views.length), stability_index: index, events: op.events }));
  const count = (c: SchemaChangeClass) => all.filter((e) => e.class === c).length;
  const summary =
    decision === 'insufficient_history'
      ? `Insufficient history for ${input.server_label}: all ${snapshots.length} snapshots share one captured_at.`
      : `${decision} for ${input.server_label}: ${ops.length} operation${ops.length === 1 ? '' : 's'} over ${snapshots.length} snapshots, ${all.length} event${all.length === 1 ? '' : 's'} (${count('breaking')} breaking, ${count('risky')} risky, ${count('nonbreaking')} nonbreaking, ${count('cosmetic')} cosmetic)${versionNotBumped.length > 0 ? `; ${versionNotBumped.length} breaking snapshot(s) without a version bump` : ''}.`;
  return x402Answer(
    { decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    { operations: ops, ledger_entries, ledger_head: head, version_not_bumped: versionNotBumped },
  );
}
