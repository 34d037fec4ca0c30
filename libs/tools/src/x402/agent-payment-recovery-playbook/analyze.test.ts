import { RECOVERY_PLAYBOOK_LIMITS, agentPaymentRecoveryPlaybookRequest, agentPaymentRecoveryPlaybookResult } from '@paysight/contracts';
import { planRecovery } from './analyze.js';

const NOW = new Date('2026-01-01T00:00:00Z');

function run(body: Record<string, unknown>, now = NOW) {
  const output = planRecovery(agentPaymentRecoveryPlaybookRequest.parse({ stage: 'settle', settlement_status: 'not_settled', as_of: 1000, ...body }), { now });
  expect(agentPaymentRecoveryPlaybookResult.safeParse(output.result).error).toBeUndefined();
  return output;
}
const actions = (body: Record<string, unknown>) => run(body).result.steps.map((s) => s.action);

describe('x402-agent-payment-recovery-playbook', () => {
  it('the worked example of design §32: settlement pending, unknown, identifiers unsupported', () => {
    const { result, metadata } = run({ cause: 'settlement_pending', settlement_status: 'unknown', valid_before: 1060, as_of: 1030, payment_identifier_supported: false });
    expect(result.decision).toBe('self_recoverable');
    expect(result.steps.map((s) => [s.order, s.action, s.wait_until, s.spend_impact])).toEqual([
      [1, 'check_authorization_state', null, 'none'],
      [2, 'request_receipt', null, 'none'],
      [3, 'wait_until', 1090, 'none'],
      [4, 're_request_challenge', null, 'none'],
      [5, 're_sign_new_authorization', null, 'new_payment'],
    ]);
    expect(result.steps[1]!.precondition).toMatch(/was used/);
    expect(result.steps[2]!.precondition).toMatch(/not used/);
    expect(result.max_additional_spend_payments).toBe(1);
    expect(result.confidence).toBe('medium');
    expect(result.cause_resolution).toEqual({ cause: 'settlement_pending', canonical_code: 'FACILITATOR_SETTLE_ERROR', recovery_family: 'availability', matched_by: 'failure_cause' });
    expect(result.risk_flags).toEqual(['authorization_may_still_settle', 'settlement_unknown']);
    expect(metadata.as_of).toBe('1970-01-01T00:17:10.000Z');
  });

  it('already_complete: settled with a receipt, whatever the cause', () => {
    const { result } = run({ cause: 'handler_error_uncharged', settlement_status: 'settled', receipt_present: true, stage: 'deliver' });
    expect(result).toMatchObject({ decision: 'already_complete', steps: [], max_additional_spend_payments: 0, confidence: 'high' });
  });

  it('settled but undelivered: resend the same payload with identifiers, else contact the seller', () => {
    const same = run({ cause: 'UPSTREAM_TIMEOUT', settlement_status: 'settled', payment_identifier_supported: true, stage: 'deliver' }).result;
    expect(same.decision).toBe('self_recoverable');
    expect(same.steps.map((s) => [s.action, s.spend_impact])).toEqual([['retry_same_payload', 'same_payment']]);
    expect(same.risk_flags).toContain('paid_undelivered');
    expect(actions({ cause: 'UPSTREAM_TIMEOUT', settlement_status: 'settled', stage: 'deliver' })).toEqual(['contact_seller']);
  });

  it('do_not_retry: a receiver mismatch is a possible hijack, escalated and stopped, even once settled', () => {
    const { result } = run({ cause: 'receiver_mismatch', stage: 'verify' });
    expect(result.decision).toBe('do_not_retry');
    expect(result.steps.map((s) => s.action)).toEqual(['escalate_to_human', 'stop']);
    expect(result.risk_flags).toContain('possible_hijack');
    expect(actions({ cause: 'invalid_exact_evm_payload_recipient_mismatch', settlement_status: 'settled' })).toEqual(['escalate_to_human', 'stop']);
  });

  it('do_not_retry: the attempt limit stops before the next spend', () => {
    const { result } = run({ cause: 'settlement_pending', settlement_status: 'unknown', valid_before: 1060, attempts_so_far: 3 });
    expect(result.decision).toBe('do_not_retry');
    expect(result.steps.map((s) => s.action)).toEqual(['check_authorization_state', 'request_receipt', 'wait_until', 're_request_challenge', 'stop']);
    expect(result.max_additional_spend_payments).toBe(0);
    expect(result.risk_flags).toContain('attempt_limit_reached');
    expect(run({ cause: 'settlement_pending', settlement_status: 'unknown', valid_before: 1060, attempts_so_far: 2 }).result.decision).toBe('self_recoverable');
  });

  it('needs_human: funds without another funded network; self_recoverable with one', () => {
    const alone = run({ cause: 'insufficient_funds', stage: 'verify' }).result;
    expect(alone.decision).toBe('needs_human');
    expect(alone.steps.map((s) => s.action)).toEqual(['escalate_to_human', 'top_up_balance', 're_request_challenge', 're_sign_new_authorization']);
    const funded = run({ cause: 'FUNDS_INSUFFICIENT', stage: 'verify', alternatives: { other_network_funded: true } }).result;
    expect(funded.decision).toBe('self_recoverable');
    expect(funded.steps.map((s) => s.action)).toEqual(['switch_offer', 're_request_challenge', 're_sign_new_authorization']);
  });

  it('needs_human: consent; an unavailable human turns the escalation into a stop', () => {
    expect(run({ cause: 'CONSENT_USER_REJECTED', stage: 'sign' }).result.decision).toBe('needs_human');
    const { result } = run({ cause: 'CONSENT_USER_REJECTED', stage: 'sign', human_available: false });
    expect(result.decision).toBe('do_not_retry');
    expect(result.steps.map((s) => s.action)).toEqual(['stop']);
    expect(result.risk_flags).toContain('human_unavailable');
  });

  it('not settled: the code backoff times the wait, and a resend the validBefore would overtake becomes a new payment', () => {
    const fresh = run({ cause: '503', valid_before: 1100 }).result;
    expect(fresh.cause_resolution).toMatchObject({ canonical_code: 'SERVICE_UNAVAILABLE', matched_by: 'error_table' });
    expect(fresh.steps.map((s) => [s.action, s.wait_until, s.spend_impact])).toEqual([
      ['wait_until', 1030, 'none'],
      ['retry_same_payload', null, 'same_payment'],
    ]);
    const late = run({ cause: '503', valid_before: 1020, alternatives: { other_offer_available: true } }).result;
    expect(late.steps.map((s) => s.action)).toEqual(['wait_until', 're_request_challenge', 're_sign_new_authorization', 'switch_offer', 're_sign_new_authorization']);
    expect(late.max_additional_spend_payments).toBe(2);
    expect(late.risk_flags).toContain('retry_payload_expired');
  });

  it('unknown settlement with identifiers: resend the same payload instead of waiting out validBefore', () => {
    expect(actions({ cause: 'facilitator_unavailable', settlement_status: 'unknown', valid_before: 1060, payment_identifier_supported: true })).toEqual(['check_authorization_state', 'request_receipt', 'retry_same_payload']);
  });

  it('unknown settlement without validBefore: an untimed wait, flagged', () => {
    const { result } = run({ cause: 'AUTH_EXPIRED', settlement_status: 'unknown' });
    expect(result.steps.map((s) => [s.action, s.wait_until])).toEqual([
      ['check_authorization_state', null],
      ['request_receipt', null],
      ['wait_until', null],
      ['re_request_challenge', null],
      ['re_sign_new_authorization', null],
    ]);
    expect(result.risk_flags).toContain('valid_before_unknown');
  });

  it('nothing sent yet (challenge, sign): unknown settlement is taken as not settled, with high confidence', () => {
    const { result } = run({ cause: 'network_mismatch', stage: 'sign', settlement_status: 'unknown' });
    expect(result.confidence).toBe('high');
    expect(result.steps.map((s) => s.action)).toEqual(['fix_client_config', 're_request_challenge', 're_sign_new_authorization']);
    expect(result.limitations.join(' ')).toMatch(/taken as not settled/);
  });

  it('raw codes resolve through the error taxonomy; an unknown cause gets the generic plan and needs a human', () => {
    expect(run({ cause: 'invalid_exact_svm_payload_authorization_valid_before' }).result.cause_resolution).toMatchObject({ canonical_code: 'AUTH_EXPIRED', matched_by: 'error_pattern', recovery_family: 'expired' });
    const unknown = run({ cause: 'constructor' }).result;
    expect(unknown.cause_resolution).toEqual({ cause: 'constructor', canonical_code: null, recovery_family: 'unknown', matched_by: 'none' });
    expect(unknown.decision).toBe('needs_human');
    expect(unknown.risk_flags).toContain('cause_not_recognized');
  });

  it('without as_of the request time is the clock, echoed in metadata.as_of', () => {
    const output = planRecovery(agentPaymentRecoveryPlaybookRequest.parse({ cause: 'RATE_LIMITED', stage: 'verify', settlement_status: 'not_settled' }), { now: NOW });
    expect(output.result.steps[0]).toMatchObject({ action: 'wait_until', wait_until: NOW.getTime() / 1000 + 30 });
    expect(output.metadata.as_of).toBe(NOW.toISOString());
  });

  describe('request schema', () => {
    const ok = (body: Record<string, unknown>) => agentPaymentRecoveryPlaybookRequest.safeParse({ cause: 'settlement_pending', stage: 'settle', settlement_status: 'unknown', ...body }).success;
    it('accepts the maxima and rejects one more', () => {
      expect(ok({ attempts_so_far: RECOVERY_PLAYBOOK_LIMITS.maxAttemptsSoFar, max_attempts: RECOVERY_PLAYBOOK_LIMITS.maxAttempts })).toBe(true);
      expect(ok({ attempts_so_far: RECOVERY_PLAYBOOK_LIMITS.maxAttemptsSoFar + 1 })).toBe(false);
      expect(ok({ max_attempts: RECOVERY_PLAYBOOK_LIMITS.maxAttempts + 1 })).toBe(false);
      expect(ok({ max_attempts: 0 })).toBe(false);
      expect(ok({ cause: 'x'.repeat(120) })).toBe(true);
      expect(ok({ cause: 'x'.repeat(121) })).toBe(false);
      expect(ok({ valid_before: Number.MAX_SAFE_INTEGER })).toBe(true);
      expect(ok({ valid_before: Number.MAX_SAFE_INTEGER + 1 })).toBe(false);
      expect(ok({ as_of: 8_640_000_000_000 })).toBe(true);
      expect(ok({ as_of: 8_640_000_000_001 })).toBe(false);
    });
    it('rejects wrong types, enums and extra properties', () => {
      expect(ok({ cause: 'has space' })).toBe(false);
      expect(ok({ stage: 'retry' })).toBe(false);
      expect(ok({ settlement_status: 'pending' })).toBe(false);
      expect(ok({ as_of: '2026-01-01T00:00:00Z' })).toBe(false);
      expect(ok({ attempts_so_far: 1.5 })).toBe(false);
      expect(ok({ alternatives: { other_offer_available: true, other_wallet: true } })).toBe(false);
      expect(ok({ extra: 1 })).toBe(false);
      expect(agentPaymentRecoveryPlaybookRequest.safeParse({ stage: 'settle', settlement_status: 'unknown' }).success).toBe(false);
    });
  });

  it('a maximal input does not crash and stays bounded', () => {
    const { result } = run({
      cause: `invalid_exact_${'a'.repeat(96)}_signature`,
      stage: 'settle',
      settlement_status: 'unknown',
      valid_before: Number.MAX_SAFE_INTEGER,
      as_of: 8_640_000_000_000,
      payment_identifier_supported: false,
      receipt_present: false,
      alternatives: { other_offer_available: true, other_network_funded: true },
      attempts_so_far: 50,
      max_attempts: 10,
      human_available: false,
    });
    expect(result.decision).toBe('do_not_retry');
    expect(result.steps.at(-1)!.action).toBe('stop');
    expect(result.steps.find((s) => s.action === 'wait_until')!.wait_until).toBe(Number.MAX_SAFE_INTEGER);
  });
});
