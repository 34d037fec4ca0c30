import { COMPLETENESS_LEDGER_LIMITS, paidAgentResponseCompletenessDriftLedgerRequest, paidAgentResponseCompletenessDriftLedgerResult } from '@paysight/contracts';
import { HASH } from '../helpers.js';
import { COMPLETENESS_LEDGER_SEED, analyzeCompletenessLedger } from './analyze.js';

const PATHS = [
  { pointer: '/result/riskScore', weight: 2 },
  { pointer: '/result/summary', weight: 1 },
];
const sample = (i: number, result: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  sample_id: `s${String(i).padStart(3, '0')}`,
  observed_at: new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString(),
  paid: true,
  http_status: 200,
  body: { result },
  ...extra,
});
const FULL = { riskScore: 12, summary: 'low risk' };
const NO_SCORE = { riskScore: null, summary: 'low risk' };

function run(body: Record<string, unknown>) {
  const output = analyzeCompletenessLedger(paidAgentResponseCompletenessDriftLedgerRequest.parse({ tool_label: 'score', tracked_paths: PATHS, ...body }));
  expect(paidAgentResponseCompletenessDriftLedgerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

describe('x402-paid-agent-response-completeness-drift-ledger', () => {
  it('the worked example of design §6: the last three lack riskScore; k = 2, baseline 1, recent .3333, degraded', () => {
    const result = run({ samples: [1, 2, 3, 4, 5, 6].map((i) => sample(i, i <= 3 ? FULL : NO_SCORE)) });
    expect(result.ledger_entries.map((e) => e.completeness)).toEqual([1, 1, 1, 0.3333, 0.3333, 0.3333]);
    expect(result).toMatchObject({ baseline_completeness: 1, recent_completeness: 0.3333, drift: 0.6667, decision: 'degraded', paid_incomplete_rate: 0.5, confidence: 'low' });
    expect(result.path_trends[0]).toEqual({ pointer: '/result/riskScore', baseline_presence: 1, recent_presence: 0, drop: 1 });
    expect(result.ledger_entries[3]!.missing_pointers).toEqual(['/result/riskScore']);
    expect(result.risk_flags).toEqual(['below_completeness_floor', 'completeness_drift', 'path_drop', 'required_path_missing']);
  });

  it('the ledger chains scored samples in (observed_at, sample_id) order from the seed or the previous head', () => {
    const samples = [sample(2, FULL), sample(1, FULL), sample(3, FULL, { paid: false }), sample(4, FULL, { http_status: 502 })];
    const result = run({ samples });
    expect(result.ledger_entries.map((e) => e.sample_id)).toEqual(['s001', 's002']);
    const strip = ({ head: _h, ...entry }: { head: string }) => entry;
    const [a, b] = result.ledger_entries;
    expect(a!.head).toBe(HASH({ prev: HASH(COMPLETENESS_LEDGER_SEED), entry: strip(a!) }));
    expect(b!.head).toBe(HASH({ prev: a!.head, entry: strip(b!) }));
    expect(result.ledger_head).toBe(b!.head);
    const previous = `sha256:${'cd'.repeat(32)}`;
    expect(run({ samples, previous_ledger_head: previous }).ledger_entries[0]!.head).toBe(HASH({ prev: previous, entry: strip(a!) }));
    expect(result.decision).toBe('insufficient_history');
    expect(result.limitations.some((l) => l.startsWith('2 sample(s) were unpaid or not 2xx'))).toBe(true);
  });

  it('stable: complete answers; "", [] and {} count as missing, 0 and false as present', () => {
    const result = run({ samples: Array.from({ length: 12 }, (_, i) => sample(i, { riskScore: 0, summary: false })) });
    expect(result).toMatchObject({ decision: 'stable', confidence: 'medium', drift: 0, path_trends: [expect.objectContaining({ drop: 0 }), expect.objectContaining({ drop: 0 })] });
    const empty = run({ samples: Array.from({ length: 6 }, (_, i) => sample(i, { riskScore: {}, summary: [] })) });
    expect(empty).toMatchObject({ baseline_completeness: 0, decision: 'degraded' });
  });

  it('degrading: an optional path drops by ≥ 0.2 while completeness stays above the floor', () => {
    const paths = [
      { pointer: '/result/riskScore', weight: 10 },
      { pointer: '/result/notes', weight: 1, required: false },
    ];
    const samples = Array.from({ length: 30 }, (_, i) => sample(i, { riskScore: 5, notes: i < 15 ? 'n' : '' }));
    const result = run({ tracked_paths: paths, samples });
    expect(result).toMatchObject({ decision: 'degrading', confidence: 'high', recent_completeness: 0.9091 });
    expect(result.path_trends[0]).toMatchObject({ pointer: '/result/notes', drop: 1 });
    expect(result.risk_flags).toEqual(['completeness_drift', 'path_drop']);
  });

  it('insufficient_history: fewer than six scored samples, even when all are empty', () => {
    expect(run({ samples: [sample(1, {})] })).toMatchObject({ decision: 'insufficient_history', baseline_completeness: 0, risk_flags: [] });
    expect(run({ samples: [sample(1, FULL, { paid: false })] })).toMatchObject({ decision: 'insufficient_history', baseline_completeness: null, ledger_entries: [], path_trends: [] });
  });

  describe('request bounds', () => {
    const ok = { tool_label: 'score', tracked_paths: PATHS, samples: [sample(1, FULL)] };
    const rejects = (body: Record<string, unknown>) => expect(paidAgentResponseCompletenessDriftLedgerRequest.safeParse({ ...ok, ...body }).success).toBe(false);
    const accepts = (body: Record<string, unknown>) => expect(paidAgentResponseCompletenessDriftLedgerRequest.safeParse({ ...ok, ...body }).error).toBeUndefined();

    it('1–100 tracked paths, 1–500 samples; no extra properties', () => {
      rejects({ tracked_paths: [] });
      accepts({ tracked_paths: Array.from({ length: COMPLETENESS_LEDGER_LIMITS.paths }, (_, i) => ({ pointer: `/p${i}` })) });
      rejects({ tracked_paths: Array.from({ length: COMPLETENESS_LEDGER_LIMITS.paths + 1 }, (_, i) => ({ pointer: `/p${i}` })) });
      rejects({ samples: [] });
      accepts({ samples: Array.from({ length: COMPLETENESS_LEDGER_LIMITS.samples }, (_, i) => sample(i, FULL)) });
      rejects({ samples: Array.from({ length: COMPLETENESS_LEDGER_LIMITS.samples + 1 }, (_, i) => sample(i, FULL)) });
      rejects({ extra: 1 });
      rejects({ tracked_paths: [{ pointer: '/a', extra: 1 }] });
      rejects({ samples: [{ ...sample(1, FULL), extra: 1 }] });
    });

    it('pointers, weights, statuses, the floor and the body size', () => {
      rejects({ tracked_paths: [{ pointer: 'result' }] });
      rejects({ tracked_paths: [{ pointer: '/a~2' }] });
      accepts({ tracked_paths: [{ pointer: `/${'a'.repeat(COMPLETENESS_LEDGER_LIMITS.pointer - 1)}` }] });
      rejects({ tracked_paths: [{ pointer: `/${'a'.repeat(COMPLETENESS_LEDGER_LIMITS.pointer)}` }] });
      rejects({ tracked_paths: [{ pointer: '/a', weight: 11 }] });
      rejects({ tracked_paths: [{ pointer: '/a', weight: 1.5 }] });
      rejects({ samples: [{ ...sample(1, FULL), http_status: 600 }] });
      rejects({ samples: [{ ...sample(1, FULL), paid: 'yes' }] });
      rejects({ completeness_floor: 1.1 });
      rejects({ previous_ledger_head: 'abc' });
      rejects({ samples: [{ ...sample(1, FULL), sample_id: 'x'.repeat(COMPLETENESS_LEDGER_LIMITS.sampleId + 1) }] });
      const padded = (bytes: number) => ({ p: 'x'.repeat(bytes - '{"p":""}'.length) });
      accepts({ samples: [{ ...sample(1, FULL), body: padded(COMPLETENESS_LEDGER_LIMITS.bodyBytes) }] });
      rejects({ samples: [{ ...sample(1, FULL), body: padded(COMPLETENESS_LEDGER_LIMITS.bodyBytes + 1) }] });
    });
  });

  it('a maximum input (500 samples × 100 paths) does not crash', () => {
    const tracked = Array.from({ length: 100 }, (_, i) => ({ pointer: `/result/f${i}`, weight: 1 + (i % 10) }));
    const samples = Array.from({ length: 500 }, (_, i) => sample(i, Object.fromEntries(tracked.map((_, j) => [`f${j}`, (i + j) % 7 === 0 ? null : j]))));
    const result = run({ tracked_paths: tracked, samples });
    expect(result.ledger_entries).toHaveLength(500);
    expect(result.path_trends).toHaveLength(100);
    expect(result.confidence).toBe('high');
  });
});
