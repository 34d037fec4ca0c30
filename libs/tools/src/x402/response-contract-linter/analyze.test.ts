import { RESPONSE_CONTRACT_LIMITS, X402_REQUEST_LIMITS, responseContractLinterRequest, responseContractLinterResult } from '@paysight/contracts';
import { MAX_LISTED_FINDINGS, analyzeResponseContract, resolveProfile } from './analyze.js';
import { mayBacktrack } from './validate.js';

function run(body: Record<string, unknown>) {
  const output = analyzeResponseContract(responseContractLinterRequest.parse(body));
  expect(responseContractLinterResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}
const rules = (findings: { rule_id: string; severity: string; path: string }[]) => findings.map((f) => [f.rule_id, f.severity, f.path]);

const X402_ENVELOPE = {
  decision: 'consistent',
  confidence: 'high',
  summary: 'ok',
  x402_request_id: 'req_1',
  generated_at: '2026-11-28T00:00:00Z',
  metadata: { paymentStatus: 'settled' },
  pricePaid: { amount: '0.01', currency: 'USDC', network: 'base', x402Network: 'eip155:8453' },
};

describe('x402-response-contract-linter', () => {
  it('the worked example of design §2: mcp profile, two errors and two warnings, score 34, fail', () => {
    const result = run({
      response_sample: { content: [{ type: 'text', text: 'ok' }], structuredContent: { amount: 0.01 } },
      schema_sample: { type: 'object', required: ['amount', 'currency'], properties: { amount: { type: 'string' }, currency: { type: 'string' } } },
      lint_profile: 'auto',
    });
    expect(result.lint_profile).toBe('mcp');
    // Sorted by severity, then path (the sheet lists the same four findings).
    expect(rules(result.findings)).toEqual([
      ['SCHEMA-TYPE', 'error', '/structuredContent/amount'],
      ['SCHEMA-REQUIRED', 'error', '/structuredContent/currency'],
      ['MCP-MIRROR', 'warning', '/content'],
      ['MONEY-FLOAT', 'warning', '/structuredContent/amount'],
    ]);
    expect(result.score).toBe(34);
    expect(result.decision).toBe('fail');
    expect(result.confidence).toBe('medium');
    expect(result.findings[0]).toMatchObject({ expected: 'string', observed: 'number' });
  });

  it('auto profile: MCP members first, then x402 envelope members, else api', () => {
    expect(resolveProfile({ isError: false, pricePaid: {} }, 'auto')).toBe('mcp');
    expect(resolveProfile({ x402Version: 2 }, 'auto')).toBe('x402');
    expect(resolveProfile({ x402_request_id: 'r' }, 'auto')).toBe('x402');
    expect(resolveProfile({ data: 1 }, 'auto')).toBe('api');
    expect(resolveProfile({ content: [] }, 'api')).toBe('api');
  });

  it('pass: an mcp result that mirrors its structuredContent and satisfies the schema; high confidence with the tool name', () => {
    const structured = { amount: '0.01', currency: 'USDC', settled_at: '2026-11-28T01:02:03+01:00' };
    const result = run({
      response_sample: { content: [{ type: 'text', text: JSON.stringify({ currency: 'USDC', settled_at: structured.settled_at, amount: '0.01' }) }], structuredContent: structured, isError: false },
      schema_sample: { type: 'object', required: ['amount', 'currency'], properties: { amount: { type: 'string', pattern: '^\\d+(\\.\\d{1,6})?$' }, currency: { const: 'USDC' }, settled_at: { type: 'string', format: 'date-time' } } },
      tool_context: { mcp_tool_name: 'svc_tx_status' },
    });
    expect(result).toMatchObject({ decision: 'pass', confidence: 'high', score: 100, findings: [], risk_flags: [] });
  });

  it('warn: an api body that satisfies its schema but carries a float price and a timestamp without offset', () => {
    const result = run({
      response_sample: { price: 0.25, created_at: '2026-11-28T00:00:00', items: [] },
      schema_sample: { type: 'object', properties: { price: { type: 'number' } } },
      tool_context: { endpoint_path: '/api/quote' },
    });
    expect(result.lint_profile).toBe('api');
    expect(rules(result.findings)).toEqual([
      ['TIME-FORMAT', 'warning', '/created_at'],
      ['MONEY-FLOAT', 'warning', '/price'],
    ]);
    expect(result).toMatchObject({ decision: 'warn', score: 84, confidence: 'high' });
  });

  it('insufficient_context: no schema for api/mcp, neither expected_price nor network for x402; an error still fails first', () => {
    expect(run({ response_sample: { ok: true } })).toMatchObject({ decision: 'insufficient_context', confidence: 'low', score: 100 });
    expect(run({ response_sample: X402_ENVELOPE })).toMatchObject({ decision: 'insufficient_context', lint_profile: 'x402', confidence: 'low' });
    expect(run({ response_sample: { content: 'nope' } })).toMatchObject({ decision: 'fail' });
  });

  describe('x402 rules', () => {
    const context = { expected_price: '0.01', network: 'eip155:8453' };
    it('a paid envelope that matches its price and network passes with high confidence', () => {
      expect(run({ response_sample: X402_ENVELOPE, tool_context: context })).toMatchObject({ decision: 'pass', confidence: 'high', lint_profile: 'x402' });
      expect(run({ response_sample: { ...X402_ENVELOPE, pricePaid: { ...X402_ENVELOPE.pricePaid, amount: '0.010000' } }, tool_context: { expected_price: '0.01' } })).toMatchObject({ decision: 'pass', confidence: 'medium' });
    });

    it('price, decimals, currency and network are errors; request id and payment status warnings', () => {
      const sample = { pricePaid: { amount: '0.0200001', currency: 'USDT', network: 'polygon', x402Network: 'eip155:8453' }, x402Version: 2 };
      const result = run({ response_sample: sample, tool_context: context });
      expect(rules(result.findings)).toEqual([
        ['X402-DECIMALS', 'error', '/pricePaid/amount'],
        ['X402-PRICE', 'error', '/pricePaid/amount'],
        ['X402-CURRENCY', 'error', '/pricePaid/currency'],
        ['X402-NETWORK', 'error', '/pricePaid/network'],
        ['X402-PAYSTATUS', 'warning', '/metadata/paymentStatus'],
        ['X402-REQID', 'warning', '/x402_request_id'],
      ]);
      expect(result.findings[3]).toMatchObject({ expected: 'eip155:8453', observed: 'eip155:137' });
      expect(result).toMatchObject({ decision: 'fail', score: 0 });
    });

    it('without pricePaid the payment checks are skipped and said so', () => {
      const result = run({ response_sample: { x402_request_id: 'r', metadata: { paymentStatus: 'verified' } }, tool_context: context, lint_profile: 'x402' });
      expect(result).toMatchObject({ decision: 'pass', findings: [] });
      expect(result.risk_flags).toEqual(['price_paid_absent']);
    });
  });

  describe('mcp and api rules', () => {
    it('MCP-CONTENT, MCP-ISERROR and MCP-STRUCT (structuredContent required once a schema is declared)', () => {
      const result = run({ response_sample: { isError: 'no' }, schema_sample: { type: 'object' } });
      expect(rules(result.findings)).toEqual([
        ['MCP-CONTENT', 'error', '/content'],
        ['MCP-ISERROR', 'error', '/isError'],
        ['MCP-STRUCT', 'error', '/structuredContent'],
      ]);
      expect(rules(run({ response_sample: { content: [], structuredContent: [1] } }).findings)).toEqual([
        ['MCP-STRUCT', 'error', '/structuredContent'],
        ['MCP-MIRROR', 'warning', '/content'],
      ]);
    });

    it('API-ERROR-SHAPE and API-ENVELOPE on an expansion-family path; KEY-CASE and DEPTH anywhere', () => {
      let deep: Record<string, unknown> = { leaf: 1 };
      for (let i = 0; i < 17; i += 1) deep = { d: deep };
      const result = run({ response_sample: { error: { code: 'x' }, userId: 1, user_name: 'a', deep }, schema_sample: {}, tool_context: { endpoint_path: '/api/x402/x402-catalog-drift-monitor' } });
      expect(rules(result.findings)).toEqual([
        ['DEPTH', 'warning', `/deep${'/d'.repeat(15)}`],
        ['API-ERROR-SHAPE', 'warning', '/error'],
        ['KEY-CASE', 'info', ''],
        ['API-ENVELOPE', 'info', ''],
      ]);
      expect(result).toMatchObject({ decision: 'warn', score: 100 - 16 - 4 });
    });
  });

  describe('schema application', () => {
    it('every SCHEMA-* rule id from one sample; errors inside a failed anyOf branch are folded into one', () => {
      const schema = {
        type: 'object',
        additionalProperties: false,
        properties: {
          kind: { enum: ['a', 'b'] },
          v: { const: 1 },
          n: { type: 'integer', maximum: 5 },
          id: { type: 'string', pattern: '^0x' },
          at: { type: 'string', format: 'date-time' },
          either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
          s: { type: 'string' },
        },
      };
      const result = run({ response_sample: { kind: 'c', v: 2, n: 9, id: 'zz', at: 'yesterday', either: true, s: 1, extra: 1 }, schema_sample: schema });
      expect(result.findings.filter((f) => f.severity === 'error').map((f) => [f.rule_id, f.path])).toEqual([
        ['SCHEMA-FORMAT', '/at'],
        ['SCHEMA-OTHER', '/either'],
        ['SCHEMA-ADDL', '/extra'],
        ['SCHEMA-PATTERN', '/id'],
        ['SCHEMA-ENUM', '/kind'],
        ['SCHEMA-BOUNDS', '/n'],
        ['SCHEMA-TYPE', '/s'],
        ['SCHEMA-CONST', '/v'],
      ]);
    });

    it('a schema with a remote $ref is unusable: nothing fetched, the anchor counts as missing', () => {
      const result = run({ response_sample: { a: 1 }, schema_sample: { $ref: 'https://schemas.example/x.json' } });
      expect(result).toMatchObject({ decision: 'insufficient_context', findings: [] });
      expect(result.risk_flags).toEqual(['schema_unusable']);
    });

    it('a pattern that may backtrack catastrophically is not run; another draft is applied as 2020-12', () => {
      const result = run({ response_sample: { s: `${'a'.repeat(50_000)}!` }, schema_sample: { $schema: 'http://json-schema.org/draft-07/schema#', properties: { s: { pattern: '^(a+)+$' } } } });
      expect(result.decision).toBe('pass');
      expect(result.risk_flags).toEqual(['pattern_not_evaluated', 'schema_dialect_assumed']);
      expect(mayBacktrack('^(a|aa)*$')).toBe(true);
      expect(mayBacktrack('^(?:[a-z]+\\.)?[a-z]+$')).toBe(false);
      expect(mayBacktrack('^([0-9]{2})+$')).toBe(true);
      expect(mayBacktrack('^[(a+)+]$')).toBe(false);
    });
  });

  describe('request bounds (spec document 2: no extra properties)', () => {
    const rejects = (body: Record<string, unknown>) => expect(responseContractLinterRequest.safeParse(body).success).toBe(false);
    const accepts = (body: Record<string, unknown>) => expect(responseContractLinterRequest.safeParse(body).error).toBeUndefined();
    const sample = { ok: true };

    it('response_sample is required and an object; no extra properties at the top or in tool_context', () => {
      rejects({});
      rejects({ response_sample: [1] });
      rejects({ response_sample: 'x' });
      rejects({ response_sample: sample, extra: 1 });
      rejects({ response_sample: sample, tool_context: { extra: 1 } });
      rejects({ response_sample: sample, lint_profile: 'graphql' });
      rejects({ response_sample: sample, tool_context: { currency: 'USDT' } });
      rejects({ response_sample: sample, tool_context: { expected_price: '0.0000001' } });
      accepts({ response_sample: sample, tool_context: { currency: 'USDC', expected_price: '0.000001' } });
    });

    it('string bounds: at the maximum accepted, one more rejected', () => {
      for (const [field, max] of [
        ['endpoint_path', RESPONSE_CONTRACT_LIMITS.endpointPath],
        ['tool_id', RESPONSE_CONTRACT_LIMITS.name],
        ['mcp_tool_name', RESPONSE_CONTRACT_LIMITS.name],
        ['operation_id', RESPONSE_CONTRACT_LIMITS.name],
        ['network', RESPONSE_CONTRACT_LIMITS.network],
      ] as const) {
        accepts({ response_sample: sample, tool_context: { [field]: 'a'.repeat(max) } });
        rejects({ response_sample: sample, tool_context: { [field]: 'a'.repeat(max + 1) } });
      }
      accepts({ response_sample: sample, tool_context: { expected_price: `1${'0'.repeat(RESPONSE_CONTRACT_LIMITS.price - 1)}` } });
      rejects({ response_sample: sample, tool_context: { expected_price: `1${'0'.repeat(RESPONSE_CONTRACT_LIMITS.price)}` } });
    });

    it('schema_sample at most 64 KiB and response_sample at most 256 KiB serialized', () => {
      const padded = (bytes: number) => ({ p: 'x'.repeat(bytes - '{"p":""}'.length) });
      accepts({ response_sample: padded(X402_REQUEST_LIMITS.documentBytes), schema_sample: padded(RESPONSE_CONTRACT_LIMITS.schemaBytes) });
      rejects({ response_sample: sample, schema_sample: padded(RESPONSE_CONTRACT_LIMITS.schemaBytes + 1) });
      rejects({ response_sample: padded(X402_REQUEST_LIMITS.documentBytes + 1) });
    });
  });

  it('a maximum-size sample with thousands of violations does not crash; the listing is capped, the score counts all', () => {
    const rows = Array.from({ length: 6000 }, (_, i) => ({ amount: i, at: 'x' }));
    const body = { response_sample: { rows }, schema_sample: { type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: { amount: { type: 'string' } } } } } } };
    expect(JSON.stringify(body.response_sample).length).toBeLessThanOrEqual(X402_REQUEST_LIMITS.documentBytes);
    const result = run(body);
    expect(result.findings).toHaveLength(MAX_LISTED_FINDINGS);
    expect(result).toMatchObject({ decision: 'fail', score: 0 });
    expect(result.risk_flags).toContain('findings_truncated');
  });
});
