import { RETRY_LENS_LIMITS, paymentIdentifierRetrySafetyLensRequest, paymentIdentifierRetrySafetyLensResult } from '@paysight/contracts';
import { judgeRetrySafety } from './analyze.js';

const H1 = `sha256:${'1'.repeat(64)}`;
const H2 = `sha256:${'2'.repeat(64)}`;
const ID = 'pay_0123456789abcdef';
const OTHER_ID = 'pay_fedcba9876543210';

const attempt = (over: Record<string, unknown> = {}) => ({ attempt_no: 1, at: 1000, payload_hash: H1, valid_before: 1060, http_status: 0, settle_status: 'unknown', response_received: false, ...over });

function run(body: Record<string, unknown>) {
  const output = judgeRetrySafety(paymentIdentifierRetrySafetyLensRequest.parse({ server_supports_payment_identifier: false, ...body }));
  expect(paymentIdentifierRetrySafetyLensResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

describe('x402-payment-identifier-retry-safety-lens', () => {
  it('the worked example of design §22: a new authorization at 1070 before 1060 + 30 is an unsafe plan', () => {
    const result = run({ attempts: [attempt()], planned_next: { new_authorization: true, at: 1070 } });
    expect(result.decision).toBe('unsafe_plan');
    expect(result.state).toBe('settlement_unknown');
    expect(result.earliest_new_payment_at).toBe(1090);
    expect(result.plan_violations.map((v) => v.rule)).toEqual(['new_authorization_too_early']);
    expect(result.confidence).toBe('medium');
    expect(result.allowed_actions).toEqual(['wait_for_settlement', 'new_payment_after_expiry']);
  });

  it('wait_until_expiry: unknown settlement without identifiers; the plan at the earliest second is fine', () => {
    const result = run({ attempts: [attempt(), attempt({ attempt_no: 2, valid_before: 1120 })], planned_next: { new_authorization: true, at: 1150 }, clock_skew_seconds: 30 });
    expect(result).toMatchObject({ decision: 'wait_until_expiry', earliest_new_payment_at: 1150, deciding_attempts: [1, 2], plan_violations: [] });
  });

  it('safe_to_retry_same_id: unknown settlement, identifiers supported and sent', () => {
    const result = run({ server_supports_payment_identifier: true, attempts: [attempt({ payment_identifier: ID })], planned_next: { payment_identifier: ID, payload_hash: H1, at: 1010 } });
    expect(result).toMatchObject({ decision: 'safe_to_retry_same_id', reuse_identifier: ID, earliest_new_payment_at: 1090, plan_violations: [] });
  });

  it('safe_to_retry_same_id: settled without a response (the server replays its cache)', () => {
    const result = run({ server_supports_payment_identifier: true, attempts: [attempt({ payment_identifier: ID, settle_status: 'settled', http_status: 504 })] });
    expect(result).toMatchObject({ decision: 'safe_to_retry_same_id', state: 'paid_undelivered', allowed_actions: ['retry_same_identifier', 'request_delivery'], confidence: 'high' });
  });

  it('do_not_retry: settled and served; settled undelivered without identifiers asks for delivery', () => {
    expect(run({ attempts: [attempt({ settle_status: 'failed' }), attempt({ attempt_no: 2, settle_status: 'settled', http_status: 200, response_received: true })] })).toMatchObject({
      decision: 'do_not_retry',
      state: 'already_served',
      deciding_attempts: [2],
    });
    const undelivered = run({ attempts: [attempt({ settle_status: 'settled', http_status: 500 })] });
    expect(undelivered).toMatchObject({ decision: 'do_not_retry', state: 'paid_undelivered', allowed_actions: ['request_delivery'] });
  });

  it('supported but the unsettled attempt sent no identifier: no same-id replay, wait instead', () => {
    const result = run({ server_supports_payment_identifier: true, attempts: [attempt()] });
    expect(result.decision).toBe('wait_until_expiry');
    expect(result.risk_flags).toContain('identifier_not_reusable');
  });

  it('safe_to_retry_new_payment: every attempt failed or was not attempted; high confidence', () => {
    const result = run({ attempts: [attempt({ settle_status: 'failed', http_status: 402 }), attempt({ attempt_no: 2, settle_status: 'not_attempted', http_status: 400 })], planned_next: { new_authorization: true, at: 1001 } });
    expect(result).toMatchObject({ decision: 'safe_to_retry_new_payment', state: 'not_paid', confidence: 'high', earliest_new_payment_at: null });
  });

  it('unsafe_plan in a same-id state: another id, another payload, a bad charset', () => {
    const result = run({
      server_supports_payment_identifier: true,
      attempts: [attempt({ payment_identifier: ID })],
      planned_next: { payment_identifier: 'short id!', payload_hash: H2 },
    });
    expect(result.decision).toBe('unsafe_plan');
    expect(result.plan_violations.map((v) => v.rule)).toEqual(['different_identifier', 'different_payload', 'identifier_charset']);
  });

  it('unsafe_plan: a new authorization after a settlement pays twice; an id reused with another payload', () => {
    expect(run({ attempts: [attempt({ settle_status: 'settled', response_received: true, http_status: 200 })], planned_next: { new_authorization: true } }).plan_violations.map((v) => v.rule)).toEqual(['pays_twice']);
    const reused = run({ attempts: [attempt({ payment_identifier: OTHER_ID, settle_status: 'failed' })], planned_next: { payment_identifier: OTHER_ID, payload_hash: H2 } });
    expect(reused.decision).toBe('unsafe_plan');
    expect(reused.plan_violations.map((v) => v.rule)).toEqual(['identifier_payload_conflict']);
  });

  it('a history that used one id with two payloads is flagged even without a plan', () => {
    const result = run({ attempts: [attempt({ payment_identifier: ID, settle_status: 'failed' }), attempt({ attempt_no: 2, payment_identifier: ID, payload_hash: H2, settle_status: 'failed' })] });
    expect(result.decision).toBe('safe_to_retry_new_payment');
    expect(result.risk_flags).toContain('identifier_reused_with_different_payload');
  });

  describe('request schema', () => {
    const ok = (body: Record<string, unknown>) => paymentIdentifierRetrySafetyLensRequest.safeParse({ server_supports_payment_identifier: true, attempts: [attempt()], ...body }).success;
    it('accepts the maxima and rejects one more', () => {
      expect(ok({ attempts: Array(RETRY_LENS_LIMITS.attempts).fill(attempt()) })).toBe(true);
      expect(ok({ attempts: Array(RETRY_LENS_LIMITS.attempts + 1).fill(attempt()) })).toBe(false);
      expect(ok({ attempts: [] })).toBe(false);
      expect(ok({ attempts: [attempt({ payment_identifier: 'a'.repeat(128) })] })).toBe(true);
      expect(ok({ attempts: [attempt({ payment_identifier: 'a'.repeat(129) })] })).toBe(false);
      expect(ok({ attempts: [attempt({ payment_identifier: 'a'.repeat(15) })] })).toBe(false);
      expect(ok({ clock_skew_seconds: 300 })).toBe(true);
      expect(ok({ clock_skew_seconds: 301 })).toBe(false);
      expect(ok({ attempts: [attempt({ valid_before: Number.MAX_SAFE_INTEGER })] })).toBe(true);
      expect(ok({ attempts: [attempt({ valid_before: Number.MAX_SAFE_INTEGER + 1 })] })).toBe(false);
      expect(ok({ planned_next: { payment_identifier: 'x'.repeat(256) } })).toBe(true);
      expect(ok({ planned_next: { payment_identifier: 'x'.repeat(257) } })).toBe(false);
    });
    it('rejects wrong types, statuses and extra properties', () => {
      expect(ok({ attempts: [attempt({ http_status: 42 })] })).toBe(false);
      expect(ok({ attempts: [attempt({ settle_status: 'pending' })] })).toBe(false);
      expect(ok({ attempts: [attempt({ payload_hash: 'abc' })] })).toBe(false);
      expect(ok({ attempts: [attempt({ at: 1.5 })] })).toBe(false);
      expect(ok({ attempts: [attempt({ signature: '0x' })] })).toBe(false);
      expect(ok({ planned_next: { at: 1, nonce: '0x1' } })).toBe(false);
      expect(ok({ extra: 1 })).toBe(false);
      expect(paymentIdentifierRetrySafetyLensRequest.safeParse({ attempts: [attempt()] }).success).toBe(false);
    });
  });

  it('a maximal input does not crash', () => {
    const attempts = Array.from({ length: 50 }, (_, i) => attempt({ attempt_no: i + 1, at: 1000 + i, payment_identifier: `id_${String(i % 3).repeat(20)}`, payload_hash: i % 2 ? H1 : H2, valid_before: 2000 + i, settle_status: i === 49 ? 'unknown' : 'failed' }));
    const result = run({ server_supports_payment_identifier: true, attempts, planned_next: { payment_identifier: 'id_' + '0'.repeat(20), payload_hash: H2, new_authorization: true, at: 1500 }, clock_skew_seconds: 300 });
    expect(result.decision).toBe('unsafe_plan');
    expect(result.earliest_new_payment_at).toBe(2349);
  });
});
