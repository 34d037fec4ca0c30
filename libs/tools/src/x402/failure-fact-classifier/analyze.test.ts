import { FAILURE_FACT_LIMITS, failureFactClassifierRequest, failureFactClassifierResult } from '@paysight/contracts';
import { classifyFailureFacts } from './analyze.js';

const ONES = `0x${'1'.repeat(40)}`;
const TWOS = `0x${'2'.repeat(40)}`;

function run(body: Record<string, unknown>) {
  const output = classifyFailureFacts(failureFactClassifierRequest.parse(body));
  expect(failureFactClassifierResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

describe('x402-failure-fact-classifier', () => {
  it('the worked example of design §3: an expired authorization at verify is classified, high confidence', () => {
    const result = run({
      failure_facts: { http_status: 402, x402_version: 2, network: 'eip155:8453', facilitator_error_code: 'invalid_exact_evm_payload_authorization_valid_before' },
      caller_context: { integration_step: 'verify' },
    });
    expect(result.decision).toBe('classified');
    expect(result.likely_cause).toBe('authorization_expired');
    expect(result.confidence).toBe('high');
    expect(result.evidence).toEqual([
      { fact: '/failure_facts/facilitator_error_code', observed: 'invalid_exact_evm_payload_authorization_valid_before', expected: null, supports: 'authorization_expired', weight: 4 },
    ]);
    expect(result.candidate_causes).toEqual([{ cause: 'authorization_expired', score: 4 }]);
    expect(result.risk_flags).toEqual(['authorization_expired']);
  });

  it('classified with medium confidence: one weight-3 mismatch (margin 3, top below 4)', () => {
    const result = run({ failure_facts: { receiver: ONES }, expected_facts: { receiver: TWOS } });
    expect(result).toMatchObject({ decision: 'classified', likely_cause: 'receiver_mismatch', confidence: 'medium' });
    expect(result.evidence[0]).toMatchObject({ observed: ONES, expected: TWOS, weight: 3 });
  });

  it('code and mismatch rules add up; addresses, networks and amounts are normalized before comparing', () => {
    const result = run({
      failure_facts: { facilitator_error_code: 'invalid_exact_evm_recipient_mismatch', receiver: ONES, network: 'base', amount: '0.010', scheme: 'EXACT' },
      expected_facts: { receiver: TWOS, network: 'eip155:8453', amount: '0.01', scheme: 'exact' },
    });
    expect(result.candidate_causes).toEqual([{ cause: 'receiver_mismatch', score: 7 }]);
    expect(result.evidence.map((e) => e.weight)).toEqual([4, 3]);
  });

  it('ambiguous: two causes within 2 points, the tie broken by rule order, low confidence', () => {
    const result = run({ failure_facts: { http_status: 503 }, caller_context: { integration_step: 'target_response' } });
    expect(result.decision).toBe('ambiguous');
    expect(result.likely_cause).toBe('facilitator_unavailable');
    expect(result.candidate_causes).toEqual([
      { cause: 'facilitator_unavailable', score: 3 },
      { cause: 'handler_error_uncharged', score: 3 },
    ]);
    expect(result.confidence).toBe('low');
    expect(result.risk_flags).toContain('ambiguous_cause');
  });

  it('insufficient_facts: only the weight-2 CORS rule fires; likely_cause undetermined', () => {
    const result = run({ failure_facts: { http_status: 402, x402_version: 2, present_header_names: ['content-type'] }, caller_context: { integration_step: 'challenge' } });
    expect(result).toMatchObject({ decision: 'insufficient_facts', likely_cause: 'undetermined', confidence: 'low' });
    expect(result.candidate_causes).toEqual([{ cause: 'challenge_header_not_visible', score: 2 }]);
  });

  it('insufficient_facts with nothing but an unknown code: flagged and named in the limitations', () => {
    const result = run({ failure_facts: { facilitator_error_code: 'mystery_code' } });
    expect(result.decision).toBe('insufficient_facts');
    expect(result.evidence).toEqual([]);
    expect(result.risk_flags).toContain('unmapped_error_code');
    expect(result.limitations.join(' ')).toMatch(/mystery_code/);
  });

  it('header rules: a retry without any payment header is payment_header_missing; v2 with X-PAYMENT is a version mismatch', () => {
    expect(run({ failure_facts: { http_status: 402, x402_version: 1, present_header_names: [] }, caller_context: { integration_step: 'retry' } }).likely_cause).toBe('payment_header_missing');
    const v2 = run({ failure_facts: { http_status: 400, x402_version: 2, present_header_names: ['x-payment'], facilitator_error_code: 'invalid_x402_version' } });
    expect(v2).toMatchObject({ decision: 'classified', likely_cause: 'header_version_mismatch' });
    expect(v2.candidate_causes).toEqual([{ cause: 'header_version_mismatch', score: 7 }]);
  });

  it('header rules are skipped without present_header_names', () => {
    const result = run({ failure_facts: { http_status: 402, x402_version: 2 }, caller_context: { integration_step: 'retry' } });
    expect(result.evidence).toEqual([]);
    expect(result.limitations.join(' ')).toMatch(/present_header_names/);
  });

  it('412 and permit2_allowance_required are one rule; 409 is an idempotency conflict; pending settlement', () => {
    const permit2 = run({ failure_facts: { http_status: 412, facilitator_error_code: 'PERMIT2_ALLOWANCE_REQUIRED' } });
    expect(permit2.candidate_causes).toEqual([{ cause: 'permit2_allowance_required', score: 4 }]);
    expect(run({ failure_facts: { http_status: 409 } }).likely_cause).toBe('idempotency_conflict');
    expect(run({ failure_facts: { retry_status: 'Settle TIMEOUT' }, caller_context: { integration_step: 'settle' } }).likely_cause).toBe('settlement_pending');
  });

  it('an invalid signature on Base Sepolia carries the EIP-712 domain note', () => {
    const result = run({ failure_facts: { network: 'base-sepolia', facilitator_error_code: 'invalid_exact_evm_payload_signature' } });
    expect(result.likely_cause).toBe('invalid_signature');
    expect(result.evidence[0]!.note).toMatch(/"USDC"/);
  });

  it('a resource path mismatch ignores the origin, query and trailing slash', () => {
    expect(run({ failure_facts: { resource_path: 'https://a.example/api/x?q=1' }, expected_facts: { resource_path: '/api/x/' } }).evidence).toEqual([]);
    expect(run({ failure_facts: { resource_path: '/api/y' }, expected_facts: { resource_path: '/api/x' } }).likely_cause).toBe('resource_mismatch');
  });

  describe('request schema', () => {
    const ok = (body: unknown) => failureFactClassifierRequest.safeParse(body).success;
    it('accepts the maxima and rejects one more', () => {
      const names = (n: number, len = 10) => Array.from({ length: n }, (_, i) => `h${i}`.padEnd(len, 'x'));
      expect(ok({ failure_facts: { present_header_names: names(FAILURE_FACT_LIMITS.headerNames, 80) } })).toBe(true);
      expect(ok({ failure_facts: { present_header_names: names(FAILURE_FACT_LIMITS.headerNames + 1) } })).toBe(false);
      expect(ok({ failure_facts: { present_header_names: ['x'.repeat(81)] } })).toBe(false);
      expect(ok({ failure_facts: { facilitator_error_code: 'a'.repeat(120) } })).toBe(true);
      expect(ok({ failure_facts: { facilitator_error_code: 'a'.repeat(121) } })).toBe(false);
      expect(ok({ failure_facts: { resource_path: 'p'.repeat(160) } })).toBe(true);
      expect(ok({ failure_facts: { resource_path: 'p'.repeat(161) } })).toBe(false);
      expect(ok({ failure_facts: { http_status: 99 } })).toBe(false);
      expect(ok({ failure_facts: { http_status: 600 } })).toBe(false);
      expect(ok({ failure_facts: { x402_version: 3 } })).toBe(false);
    });
    it('rejects wrong types, bad charsets, other currencies and extra properties at every level', () => {
      expect(ok({})).toBe(false);
      expect(ok({ failure_facts: { http_status: '402' } })).toBe(false);
      expect(ok({ failure_facts: { facilitator_error_code: 'has space' } })).toBe(false);
      expect(ok({ failure_facts: { currency: 'USDT' } })).toBe(false);
      expect(ok({ failure_facts: {}, extra: 1 })).toBe(false);
      expect(ok({ failure_facts: { raw_log: 'x' } })).toBe(false);
      expect(ok({ failure_facts: {}, expected_facts: { payTo: ONES } })).toBe(false);
      expect(ok({ failure_facts: {}, caller_context: { integration_step: 'pay' } })).toBe(false);
      expect(ok({ failure_facts: {}, caller_context: { client_name: 'a/b' } })).toBe(false);
      expect(ok({ failure_facts: {}, caller_context: { client_name: 'my agent 1.0', client_version: '1.2.3-rc:1' } })).toBe(true);
    });
  });

  it('a maximal input does not crash', () => {
    const result = run({
      failure_facts: {
        http_status: 503, x402_version: 2, scheme: 's'.repeat(64), network: 'n'.repeat(64), currency: 'USDC', amount: '9'.repeat(32), receiver: 'r'.repeat(80), resource_path: '/'.repeat(160),
        facilitator_error_code: 'invalid_exact_evm_' + 'a'.repeat(102), target_error_code: 'b'.repeat(120), retry_status: 'pending'.padEnd(64, 'x'),
        present_header_names: Array.from({ length: 40 }, (_, i) => `X-PAYMENT-${i}`.padEnd(80, 'x')),
      },
      expected_facts: { resource_path: '/x', tool_id: 't'.repeat(120), scheme: 'exact', network: 'base', currency: 'USDC', amount: '1', receiver: ONES },
      caller_context: { environment: 'production', integration_step: 'settle', client_name: 'c'.repeat(80), client_version: 'v'.repeat(40) },
    });
    expect(result.evidence.length).toBeGreaterThan(3);
    expect(result.risk_flags).toContain('unknown_network');
  });
});
