import { LATENCY_PHASES, type CatalogEntryOf, type LatencyPhase, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, HASH, percentile } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_paid_tool_latency_sla_evidence_notary'>;
export type LatencySlaInput = RequestOf<Entry>;
export type LatencySlaResult = ResultOf<Entry>;
type Decision = LatencySlaResult['decision'];
type Sample = LatencySlaInput['samples'][number];
type Target = LatencySlaResult['targets'][number];

const MIN_SAMPLES = 20;
const MIN_SAMPLES_WITH_P99 = 100;
const is2xx = (s: Sample) => s.http_status >= 200 && s.http_status <= 299;
/** 4 decimals, half-even, from a ratio of counts (AMT's BigInt rounding, so no float drift). */
const ratio = (numerator: number, denominator: number) => Number(AMT.ratio(BigInt(numerator), BigInt(denominator)));

function inWindow(input: LatencySlaInput): Sample[] {
  const from = input.window?.from === undefined ? -Infinity : Date.parse(input.window.from);
  const to = input.window?.to === undefined ? Infinity : Date.parse(input.window.to);
  return input.samples.filter((s) => {
    const at = Date.parse(s.started_at);
    return at >= from && at < to;
  });
}

/** Mean share of each phase over the paid samples slower than the p95 target that carry phases (design sheet §11, step 4). */
function attribution(paid: readonly Sample[], p95Target: number): LatencySlaResult['breach_attribution'] {
  const totals: Record<LatencyPhase, number> = { challenge: 0, verify: 0, handler: 0, settle: 0 };
  let count = 0;
  for (const sample of paid) {
    if (sample.duration_ms <= p95Target || !sample.phases) continue;
    const phases = LATENCY_PHASES.map((p) => sample.phases![`${p}_ms`] ?? 0);
    const sum = phases.reduce((a, b) => a + b, 0);
    if (sum <= 0) continue;
    LATENCY_PHASES.forEach((p, i) => (totals[p] += phases[i]! / sum));
    count += 1;
  }
  if (count === 0) return null;
  const shares = Object.fromEntries(LATENCY_PHASES.map((p) => [p, Math.round((totals[p] / count) * 10_000) / 10_000])) as Record<LatencyPhase, number>;
  // Ties go to the earlier phase of the request (challenge, verify, handler, settle).
  const dominant = LATENCY_PHASES.reduce((best, p) => (totals[p] > totals[best] ? p : best), LATENCY_PHASES[0]);
  return { dominant_phase: dominant, shares, samples: count };
}

/** The samples by (started_at, duration_ms), ties by input index; each time parsed once. */
function sortedSamples(samples: readonly Sample[]): Sample[] {
  const keyed = samples.map((s, i) => ({ s, i, at: Date.parse(s.started_at) }));
  keyed.sort((a, b) => a.at - b.at || a.s.duration_ms - b.s.duration_ms || a.i - b.i);
  return keyed.map(({ s }) => s);
}

const NEXT_ACTION: Record<Decision, string> = {
  insufficient_samples: 'Collect more paid 2xx samples in the window (20, or 100 when a p99 target is set) before claiming or disputing the SLA.',
  sla_breached: 'Use the missed targets and the dominant phase as evidence: a seller fixes that phase; a buyer disputes with evidence_digest, timestamped via x402-response-provenance-notary (metadata_hash).',
  sla_met: 'The evidence meets the SLA; keep evidence_digest (timestamp it via x402-response-provenance-notary as metadata_hash) to prove it later.',
};

const LIMITATIONS = [
  'The samples are taken as supplied: the tool cannot tell whether they were measured honestly or selected.',
  'Nothing is stored: evidence_digest pins this evidence set only once it is timestamped elsewhere (x402-response-provenance-notary).',
  'Phase attribution uses only the slow samples that carry phases; time outside the four phases is not attributed.',
];

/** x402-paid-tool-latency-sla-evidence-notary (design sheet §11): nearest-rank percentiles over paid 2xx samples, targets, attribution and the evidence digest. */
export function analyzeLatencySla(input: LatencySlaInput): ToolOutput<LatencySlaResult> {
  const { sla } = input;
  const windowed = inWindow(input);
  const paid = windowed.filter((s) => s.paid);
  const latencies = paid.filter(is2xx).map((s) => s.duration_ms);
  const flags = new Set<string>();
  if (windowed.length < input.samples.length) flags.add('samples_outside_window');
  if (paid.length < windowed.length) flags.add('unpaid_samples_ignored');

  const timeouts = paid.filter((s) => s.http_status === 0 || (sla.timeout_ms !== undefined && s.duration_ms >= sla.timeout_ms)).length;
  if (timeouts > 0) flags.add('timeouts_observed');
  const observed: LatencySlaResult['observed'] = {
    p50_ms: percentile(latencies, 0.5),
    p95_ms: percentile(latencies, 0.95),
    p99_ms: percentile(latencies, 0.99),
    error_rate: paid.length ? ratio(paid.filter((s) => !is2xx(s)).length, paid.length) : null,
    timeouts,
    samples_used: latencies.length,
  };
  const targets: Target[] = [];
  const addTarget = (metric: Target['metric'], target: number | undefined, value: number | null) => {
    if (target === undefined) return;
    const met = value !== null && value <= target;
    targets.push({ metric, target, observed: value, met });
    if (!met) flags.add(`${metric === 'error_rate' ? 'error_rate_exceeded' : `${metric.replace('_ms', '')}_missed`}`);
  };
  addTarget('p50_ms', sla.p50_ms, observed.p50_ms);
  addTarget('p95_ms', sla.p95_ms, observed.p95_ms);
  addTarget('p99_ms', sla.p99_ms, observed.p99_ms);
  addTarget('error_rate', sla.max_error_rate, observed.error_rate);
  const breach_attribution = attribution(paid, sla.p95_ms);

  const needed = sla.p99_ms === undefined ? MIN_SAMPLES : MIN_SAMPLES_WITH_P99;
  const missed = targets.filter((t) => !t.met).map((t) => t.metric);
  const decision: Decision = latencies.length < needed ? 'insufficient_samples' : missed.length ? 'sla_breached' : 'sla_met';
  if (decision === 'insufficient_samples') flags.add('insufficient_samples');
  const confidence = latencies.length >= 200 ? 'high' : latencies.length >= 50 ? 'medium' : 'low';

  const evidence_digest = HASH({ sla, window: input.window ?? null, samples: sortedSamples(input.samples), results: { decision, observed, targets, breach_attribution } });
  const summary =
    decision === 'insufficient_samples'
      ? `Insufficient samples: ${latencies.length} paid 2xx sample${latencies.length === 1 ? '' : 's'} in the window, ${needed} needed.`
      : `SLA ${decision === 'sla_met' ? 'met' : `breached (${missed.join(', ')})`} over ${latencies.length} paid 2xx samples: p95 ${observed.p95_ms} ms against ${sla.p95_ms} ms${breach_attribution ? `; slow samples dominated by ${breach_attribution.dominant_phase}` : ''}.`;
  return x402Answer({ decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations: [...LIMITATIONS] }, { observed, targets, breach_attribution, evidence_digest });
}
