import { X402_REFERENCE_DATA_VERSION, catalogEntry, paidToolLatencySlaEvidenceNotaryRequest, paidToolLatencySlaEvidenceNotaryResult } from '@paysight/contracts';
import { analyzeLatencySla } from './analyze.js';

const at = (minute: number) => new Date(Date.UTC(2026, 1, 1, 12, minute)).toISOString();
const sample = (i: number, duration_ms: number, extra: Record<string, unknown> = {}) => ({ started_at: at(i), duration_ms, http_status: 200, paid: true, ...extra });
const many = (n: number, duration = (i: number) => 100 + (i % 50)) => Array.from({ length: n }, (_, i) => sample(i, duration(i)));

function run(body: Record<string, unknown>) {
  const output = analyzeLatencySla(paidToolLatencySlaEvidenceNotaryRequest.parse(body));
  expect(paidToolLatencySlaEvidenceNotaryResult.safeParse(output.result).error).toBeUndefined();
  return output;
}

describe('x402-paid-tool-latency-sla-evidence-notary', () => {
  it('the worked example of design §11: p95 is the 19th of 20 values, 1200 > 800, settle dominates', () => {
    const { result, metadata } = run(catalogEntry('x402_paid_tool_latency_sla_evidence_notary').example as Record<string, unknown>);
    expect(result.observed).toEqual({ p50_ms: 300, p95_ms: 1200, p99_ms: 1200, error_rate: 0, timeouts: 0, samples_used: 20 });
    expect(result.targets).toEqual([{ metric: 'p95_ms', target: 800, observed: 1200, met: false }]);
    expect(result.decision).toBe('sla_breached');
    expect(result.breach_attribution).toEqual({ dominant_phase: 'settle', shares: { challenge: 0, verify: 0.0833, handler: 0.1667, settle: 0.75 }, samples: 2 });
    expect(result.confidence).toBe('low');
    expect(result.risk_flags).toEqual(['p95_missed']);
    expect(result.evidence_digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(metadata.reference_data_version).toBe(X402_REFERENCE_DATA_VERSION);
  });

  it('sla_met: every target within bounds; confidence medium from 50 samples, high from 200', () => {
    const met = run({ sla: { p50_ms: 130, p95_ms: 150, max_error_rate: 0.1 }, samples: many(50) }).result;
    expect([met.decision, met.confidence, met.observed.p50_ms, met.observed.p95_ms]).toEqual(['sla_met', 'medium', 124, 147]);
    expect(met.targets.every((t) => t.met)).toBe(true);
    expect(met.breach_attribution).toBeNull();
    expect(run({ sla: { p95_ms: 150 }, samples: many(200) }).result.confidence).toBe('high');
  });

  it('sla_breached on the error rate alone: paid non-2xx ÷ paid, unpaid samples ignored', () => {
    const samples = [...many(20), sample(30, 50, { http_status: 500 }), sample(31, 50, { http_status: 0 }), sample(32, 50, { http_status: 502, paid: false })];
    const { result } = run({ sla: { p95_ms: 1000, max_error_rate: 0.05, timeout_ms: 110 }, samples });
    expect(result.decision).toBe('sla_breached');
    expect(result.observed.error_rate).toBe(0.0909);
    expect(result.observed.timeouts).toBe(1 + 10);
    expect(result.targets.find((t) => t.metric === 'error_rate')).toEqual({ metric: 'error_rate', target: 0.05, observed: 0.0909, met: false });
    expect(result.risk_flags).toEqual(['error_rate_exceeded', 'timeouts_observed', 'unpaid_samples_ignored']);
  });

  it('insufficient_samples: fewer than 20 latency samples, or fewer than 100 with a p99 target', () => {
    expect(run({ sla: { p95_ms: 1000 }, samples: many(19) }).result.decision).toBe('insufficient_samples');
    expect(run({ sla: { p95_ms: 1000 }, samples: many(20) }).result.decision).toBe('sla_met');
    const p99 = run({ sla: { p95_ms: 1000, p99_ms: 1000 }, samples: many(99) }).result;
    expect([p99.decision, p99.risk_flags]).toEqual(['insufficient_samples', ['insufficient_samples']]);
    expect(run({ sla: { p95_ms: 1000, p99_ms: 1000 }, samples: many(100) }).result.decision).toBe('sla_met');
  });

  it('the window filters samples (from inclusive, to exclusive) and is pinned by the digest', () => {
    const samples = many(40);
    const { result } = run({ sla: { p95_ms: 1000 }, samples, window: { from: at(5), to: at(30) } });
    expect(result.observed.samples_used).toBe(25);
    expect(result.risk_flags).toEqual(['samples_outside_window']);
    expect(result.evidence_digest).not.toBe(run({ sla: { p95_ms: 1000 }, samples, window: { from: at(5), to: at(31) } }).result.evidence_digest);
  });

  it('the digest does not depend on the order samples are sent in, but on every sample', () => {
    const samples = many(30);
    const digest = run({ sla: { p95_ms: 1000 }, samples }).result.evidence_digest;
    expect(run({ sla: { p95_ms: 1000 }, samples: [...samples].reverse() }).result.evidence_digest).toBe(digest);
    expect(run({ sla: { p95_ms: 1000 }, samples: [...samples.slice(1), { ...samples[0]!, duration_ms: 101 }] }).result.evidence_digest).not.toBe(digest);
  });

  it('attribution skips slow samples without phases and fast ones; ties go to the earlier phase', () => {
    const samples = [...many(20), sample(40, 2000), sample(41, 2000, { phases: { handler_ms: 500, verify_ms: 500 } }), sample(42, 100, { phases: { settle_ms: 100 } })];
    const { result } = run({ sla: { p95_ms: 1000 }, samples });
    expect(result.breach_attribution).toEqual({ dominant_phase: 'verify', shares: { challenge: 0, verify: 0.5, handler: 0.5, settle: 0 }, samples: 1 });
  });

  describe('request schema', () => {
    const ok = (body: Record<string, unknown>) => paidToolLatencySlaEvidenceNotaryRequest.safeParse(body).success;
    it('bounds: 1 to 5000 samples, targets 1 to 600000 ms, durations to 3.6e6, error rate 0 to 1', () => {
      expect(ok({ sla: { p95_ms: 1 }, samples: many(1) })).toBe(true);
      expect(ok({ sla: { p95_ms: 1 }, samples: [] })).toBe(false);
      expect(ok({ sla: { p95_ms: 1 }, samples: many(5000) })).toBe(true);
      expect(ok({ sla: { p95_ms: 1 }, samples: many(5001) })).toBe(false);
      expect(ok({ sla: { p95_ms: 600_000 }, samples: many(1) })).toBe(true);
      expect(ok({ sla: { p95_ms: 600_001 }, samples: many(1) })).toBe(false);
      expect(ok({ sla: { p95_ms: 0 }, samples: many(1) })).toBe(false);
      expect(ok({ sla: { p95_ms: 1, max_error_rate: 1.01 }, samples: many(1) })).toBe(false);
      expect(ok({ sla: { p95_ms: 1 }, samples: [sample(0, 3_600_000)] })).toBe(true);
      expect(ok({ sla: { p95_ms: 1 }, samples: [sample(0, 3_600_001)] })).toBe(false);
      expect(ok({ sla: { p95_ms: 1 }, samples: [sample(0, 1, { http_status: 600 })] })).toBe(false);
    });
    it('required fields, types, closed objects and an ordered window', () => {
      expect(ok({ sla: {}, samples: many(1) })).toBe(false);
      expect(ok({ sla: { p95_ms: 1, p90_ms: 1 }, samples: many(1) })).toBe(false);
      expect(ok({ sla: { p95_ms: 1 }, samples: many(1), extra: 1 })).toBe(false);
      expect(ok({ sla: { p95_ms: 1 }, samples: [sample(0, 1, { phases: { db_ms: 1 } })] })).toBe(false);
      expect(ok({ sla: { p95_ms: 1 }, samples: [sample(0, 1, { paid: 'yes' })] })).toBe(false);
      expect(ok({ sla: { p95_ms: 1 }, samples: [{ duration_ms: 1, http_status: 200, paid: true }] })).toBe(false);
      expect(ok({ sla: { p95_ms: 1 }, samples: many(1), window: { from: at(2), to: at(1) } })).toBe(false);
    });
  });

  it('a maximal request (5000 samples with phases, all targets) does not crash', () => {
    const samples = Array.from({ length: 5000 }, (_, i) => sample(i % 1440, (i * 7919) % 3000, { http_status: i % 97 === 0 ? 503 : 200, phases: { challenge_ms: 5, verify_ms: i % 100, handler_ms: i % 700, settle_ms: i % 900 } }));
    const { result } = run({ sla: { p50_ms: 1000, p95_ms: 2000, p99_ms: 2500, max_error_rate: 0.01, timeout_ms: 2900 }, samples, window: { from: at(0) } });
    expect(result.decision).toBe('sla_breached');
    expect(result.confidence).toBe('high');
  });
});
