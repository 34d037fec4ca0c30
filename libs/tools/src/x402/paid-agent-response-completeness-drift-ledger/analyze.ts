import type { CatalogEntryOf, RequestOf, ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { chainLedger } from '../ledger.js';

type Entry = CatalogEntryOf<'x402_paid_agent_response_completeness_drift_ledger'>;
export type CompletenessLedgerInput = RequestOf<Entry>;
export type CompletenessLedgerResult = ResultOf<Entry>;
type Decision = CompletenessLedgerResult['decision'];

export const COMPLETENESS_LEDGER_SEED = 'completeness-ledger/v1';
const MIN_HISTORY = 6;
const PATH_DROP = 0.2;
const DRIFT = 0.05;
const REQUIRED_PRESENCE = 0.5;

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** RFC 6901 resolution; undefined when any step is missing. */
function resolve(body: unknown, pointer: string): unknown {
  let current = body;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(key)) current = current[Number(key)];
    else if (current !== null && typeof current === 'object' && !Array.isArray(current) && Object.hasOwn(current, key)) current = (current as Record<string, unknown>)[key];
    else return undefined;
  }
  return current;
}

/** Present: anything but absent, null, "", [] or {}. */
function present(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const NEXT_ACTION: Record<Decision, string> = {
  insufficient_history: 'Keep collecting: at least 6 paid 2xx samples are needed before completeness drift can be judged; carry ledger_head forward.',
  degraded: 'Paid answers are now incomplete: stop paying or escalate to the seller with the ledger entries and the paths that went missing.',
  degrading: 'Completeness is falling: alert on the paths with the largest drop and re-check after the next samples.',
  stable: 'Paid answers keep their fields: carry ledger_head into the next run.',
};

const LIMITATIONS = [
  'Only the submitted samples were scored: completeness is judged on the tracked paths, not on whether their values are correct.',
  'The ledger is carried by the caller: nothing is stored, so the chain proves order only if the caller keeps and re-submits ledger_head.',
];

/** x402-paid-agent-response-completeness-drift-ledger (design sheet §6): completeness per paid 2xx sample, baseline vs recent, path drops, the ledger, then the decision. */
export function analyzeCompletenessLedger(input: CompletenessLedgerInput): ToolOutput<CompletenessLedgerResult> {
  const flags = new Set<string>();
  const limitations = [...LIMITATIONS];
  const paths = input.tracked_paths;
  const totalWeight = paths.reduce((sum, p) => sum + p.weight, 0);
  const ordered = input.samples
    .map((s, i) => ({ s, i, t: Date.parse(s.observed_at) }))
    .sort((a, b) => a.t - b.t || (a.s.sample_id < b.s.sample_id ? -1 : a.s.sample_id > b.s.sample_id ? 1 : 0) || a.i - b.i);
  const scored = ordered
    .filter(({ s }) => s.paid && s.http_status >= 200 && s.http_status < 300)
    .map(({ s }) => {
      const presence = paths.map((p) => present(resolve(s.body, p.pointer)));
      const weight = paths.reduce((sum, p, j) => sum + (presence[j] ? p.weight : 0), 0);
      return { s, presence, completeness: weight / totalWeight };
    });
  const n = scored.length;
  if (n < input.samples.length) limitations.push(`${input.samples.length - n} sample(s) were unpaid or not 2xx and were not scored.`);

  const chained = chainLedger(
    COMPLETENESS_LEDGER_SEED,
    input.previous_ledger_head,
    scored.map(({ s, presence, completeness }) => ({ sample_id: s.sample_id, observed_at: s.observed_at, completeness: round4(completeness), missing_pointers: paths.filter((_, j) => !presence[j]).map((p) => p.pointer) })),
  );

  const k = Math.min(10, Math.ceil(n / 3));
  const first = scored.slice(0, k);
  const last = scored.slice(n - k);
  const baseline = n === 0 ? null : median(first.map((x) => x.completeness));
  const recent = n === 0 ? null : median(last.map((x) => x.completeness));
  const drift = baseline === null || recent === null ? null : baseline - recent;
  const rate = (group: typeof scored, j: number) => group.filter((x) => x.presence[j]).length / group.length;
  const trends = n === 0 ? [] : paths.map((p, j) => ({ p, j, base: rate(first, j), now: rate(last, j) }));
  const pathDrops = trends.filter((t) => t.base - t.now >= PATH_DROP);
  const requiredMissing = trends.filter((t) => t.p.required && t.now < REQUIRED_PRESENCE);
  const belowFloor = scored.filter((x) => x.completeness < input.completeness_floor).length;

  const decision: Decision =
    n < MIN_HISTORY ? 'insufficient_history' : recent! < input.completeness_floor || requiredMissing.length > 0 ? 'degraded' : drift! >= DRIFT || pathDrops.length > 0 ? 'degrading' : 'stable';
  const confidence = n >= 30 ? 'high' : n >= 12 ? 'medium' : 'low';
  if (n >= MIN_HISTORY) {
    if (recent! < input.completeness_floor) flags.add('below_completeness_floor');
    if (requiredMissing.length > 0) flags.add('required_path_missing');
    if (pathDrops.length > 0) flags.add('path_drop');
    if (drift! >= DRIFT) flags.add('completeness_drift');
  }
  const path_trends = trends
    .map((t) => ({ t, drop: round4(t.base - t.now) }))
    .sort((a, b) => b.drop - a.drop || a.t.j - b.t.j)
    .map(({ t, drop }) => ({ pointer: t.p.pointer, baseline_presence: round4(t.base), recent_presence: round4(t.now), drop }));
  const fmt = (v: number | null) => (v === null ? 'n/a' : round4(v).toString());
  const summary =
    decision === 'insufficient_history'
      ? `Insufficient history for ${input.tool_label}: ${n} scored sample${n === 1 ? '' : 's'} (paid, 2xx), at least ${MIN_HISTORY} needed.`
      : `${decision} for ${input.tool_label}: completeness ${fmt(baseline)} → ${fmt(recent)} (drift ${fmt(drift)}, k = ${k}) over ${n} scored samples; ${pathDrops.length} path drop${pathDrops.length === 1 ? '' : 's'}, ${belowFloor} below the floor ${input.completeness_floor}.`;
  return x402Answer(
    { decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    {
      ledger_entries: chained.entries,
      ledger_head: chained.head,
      baseline_completeness: baseline === null ? null : round4(baseline),
      recent_completeness: recent === null ? null : round4(recent),
      drift: drift === null ? null : round4(drift),
      paid_incomplete_rate: n === 0 ? null : round4(belowFloor / n),
      path_trends,
    },
  );
}
