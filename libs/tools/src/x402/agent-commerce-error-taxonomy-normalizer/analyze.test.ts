import { ERROR_NORMALIZER_LIMITS, agentCommerceErrorTaxonomyNormalizerRequest, agentCommerceErrorTaxonomyNormalizerResult } from '@paysight/contracts';
import { normalizeErrorTaxonomy } from './analyze.js';

function run(body: Record<string, unknown>) {
  const output = normalizeErrorTaxonomy(agentCommerceErrorTaxonomyNormalizerRequest.parse(body));
  expect(agentCommerceErrorTaxonomyNormalizerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}
const pick = ({ canonical_code, family, retry, owner, match }: { canonical_code: string | null; family: string; retry: string; owner: string; match: string }) => [canonical_code, family, retry, owner, match];

describe('x402-agent-commerce-error-taxonomy-normalizer', () => {
  it('the worked example of design §18: three table codes and an unknown 418 are partially mapped', () => {
    const result = run({
      errors: [
        { source: 'x402_facilitator', code: 'insufficient_funds' },
        { source: 'mcp_jsonrpc', code: '-32042' },
        { source: 'eip1193', code: '4001' },
        { source: 'http', code: '418' },
      ],
    });
    expect(result.mapped.map(pick)).toEqual([
      ['FUNDS_INSUFFICIENT', 'funds', 'retry_after_fix', 'buyer_agent', 'table'],
      ['CONSENT_URL_ELICITATION_REQUIRED', 'consent', 'retry_after_fix', 'human', 'table'],
      ['CONSENT_USER_REJECTED', 'consent', 'never', 'human', 'table'],
      [null, 'unknown', 'retry_after_fix', 'human', 'none'],
    ]);
    expect(result.decision).toBe('partially_mapped');
    expect(result.confidence).toBe('medium');
    expect(result.families_summary).toEqual([
      { family: 'consent', count: 2 },
      { family: 'funds', count: 1 },
      { family: 'unknown', count: 1 },
    ]);
    expect(result.risk_flags).toEqual(['human_action_required', 'non_retryable_errors', 'unmapped_codes']);
  });

  it('fully_mapped, high confidence: table, pattern and custom rows; codes normalized; integers accepted', () => {
    const result = run({
      errors: [
        { source: 'http', code: ' 503 ' },
        { source: 'x402_facilitator', code: 'invalid_exact_svm_payload_authorization_valid_before' },
        { source: 'custom', code: 'ACME_Quota' },
        { source: 'eip1193', code: 4900 },
        { source: 'permit2', code: 'PERMIT2_ALLOWANCE_REQUIRED' },
      ],
      custom_map: [
        { source: 'custom', code: 'acme_quota', canonical_code: 'RATE_LIMITED' },
        { source: 'custom', code: 'ACME_QUOTA', canonical_code: 'FUNDS_INSUFFICIENT' },
      ],
    });
    expect(result.decision).toBe('fully_mapped');
    expect(result.confidence).toBe('high');
    expect(result.mapped.map((m) => [m.code, m.canonical_code, m.match])).toEqual([
      ['503', 'SERVICE_UNAVAILABLE', 'table'],
      ['invalid_exact_svm_payload_authorization_valid_before', 'AUTH_EXPIRED', 'pattern'],
      ['acme_quota', 'RATE_LIMITED', 'custom'],
      ['4900', 'WALLET_DISCONNECTED', 'table'],
      ['permit2_allowance_required', 'AUTH_PERMIT2_ALLOWANCE_REQUIRED', 'table'],
    ]);
    expect(result.mapped[1]!.scheme).toBe('svm');
    expect(result.mapped[0]!.backoff_seconds).toBe(30);
  });

  it('custom_map is looked up before the table', () => {
    const result = run({ errors: [{ source: 'http', code: '503' }], custom_map: [{ source: 'http', code: 503, canonical_code: 'RATE_LIMITED' }] });
    expect(result.mapped[0]).toMatchObject({ canonical_code: 'RATE_LIMITED', match: 'custom' });
  });

  it('status then message keywords are inferred; most inferred gives low confidence; messages are never echoed', () => {
    const secretish = 'user rejected the request from wallet 0xabc';
    const result = run({
      errors: [
        { source: 'custom', code: 'E1', http_status: 429 },
        { source: 'mcp_tool_result', code: 'E2', message: secretish },
        { source: 'x402_facilitator', code: 'insufficient_funds' },
      ],
    });
    expect(result.mapped.map((m) => [m.canonical_code, m.match])).toEqual([
      ['RATE_LIMITED', 'inferred'],
      ['CONSENT_USER_REJECTED', 'inferred'],
      ['FUNDS_INSUFFICIENT', 'table'],
    ]);
    expect(result.decision).toBe('partially_mapped');
    expect(result.confidence).toBe('low');
    expect(JSON.stringify(result)).not.toContain('0xabc');
  });

  it('unmapped: nothing maps any code; low confidence', () => {
    const result = run({ errors: [{ source: 'http', code: '418' }, { source: 'eip1193', code: 'insufficient_funds' }] });
    expect(result.decision).toBe('unmapped');
    expect(result.confidence).toBe('low');
    expect(result.limitations.join(' ')).toMatch(/http:418, eip1193:insufficient_funds/);
  });

  describe('request schema', () => {
    const ok = (body: unknown) => agentCommerceErrorTaxonomyNormalizerRequest.safeParse(body).success;
    const err = { source: 'http', code: '500' };
    it('accepts the maxima and rejects one more', () => {
      expect(ok({ errors: Array(ERROR_NORMALIZER_LIMITS.errors).fill(err) })).toBe(true);
      expect(ok({ errors: Array(ERROR_NORMALIZER_LIMITS.errors + 1).fill(err) })).toBe(false);
      expect(ok({ errors: [] })).toBe(false);
      const row = { source: 'custom', code: 'x', canonical_code: 'RATE_LIMITED' };
      expect(ok({ errors: [err], custom_map: Array(ERROR_NORMALIZER_LIMITS.customMap).fill(row) })).toBe(true);
      expect(ok({ errors: [err], custom_map: Array(ERROR_NORMALIZER_LIMITS.customMap + 1).fill(row) })).toBe(false);
      expect(ok({ errors: [{ ...err, code: 'c'.repeat(120), message: 'm'.repeat(500) }] })).toBe(true);
      expect(ok({ errors: [{ ...err, code: 'c'.repeat(121) }] })).toBe(false);
      expect(ok({ errors: [{ ...err, message: 'm'.repeat(501) }] })).toBe(false);
    });
    it('rejects unknown sources and canonical codes, wrong types and extra properties', () => {
      expect(ok({ errors: [{ source: 'grpc', code: '1' }] })).toBe(false);
      expect(ok({ errors: [{ source: 'http', code: 1.5 }] })).toBe(false);
      expect(ok({ errors: [{ source: 'http', code: '' }] })).toBe(false);
      expect(ok({ errors: [err], custom_map: [{ source: 'http', code: '1', canonical_code: 'MY_CODE' }] })).toBe(false);
      expect(ok({ errors: [{ ...err, stack: 'x' }] })).toBe(false);
      expect(ok({ errors: [err], extra: true })).toBe(false);
    });
  });

  it('a maximal input does not crash', () => {
    const sources = ['x402_facilitator', 'http', 'mcp_jsonrpc', 'mcp_tool_result', 'eip1193', 'permit2', 'l402', 'custom'];
    const result = run({
      errors: Array.from({ length: 200 }, (_, i) => ({ source: sources[i % 8], code: `code_${i}`.padEnd(120, 'x'), http_status: 418, message: 'no keyword here '.repeat(31) })),
      custom_map: Array.from({ length: 50 }, (_, i) => ({ source: 'custom', code: `c${i}`, canonical_code: 'RATE_LIMITED' })),
    });
    expect(result.decision).toBe('unmapped');
    expect(result.mapped).toHaveLength(200);
  });
});
