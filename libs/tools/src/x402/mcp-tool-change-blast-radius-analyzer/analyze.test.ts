import { BLAST_RADIUS_LIMITS, catalogEntry, mcpToolChangeBlastRadiusAnalyzerRequest, mcpToolChangeBlastRadiusAnalyzerResult } from '@paysight/contracts';
import { analyzeBlastRadius } from './analyze.js';
import { PatternCache, scalarViolation } from './values.js';

function run(body: Record<string, unknown>) {
  const output = analyzeBlastRadius(mcpToolChangeBlastRadiusAnalyzerRequest.parse(body));
  expect(mcpToolChangeBlastRadiusAnalyzerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const tool = (name: string, properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name, inputSchema: { type: 'object', properties, ...extra }, outputSchema: { type: 'object', properties: { status: { type: 'string' }, block: { type: 'integer' } }, required: ['status'] } });
const consumer = (id: string, args: Record<string, unknown[]> | undefined, extra: Record<string, unknown> = {}) => ({
  consumer_id: id,
  tool_name: 'svc_t',
  ...(args === undefined ? {} : { arguments_used: Object.entries(args).map(([name, values_seen]) => ({ name, values_seen })) }),
  output_paths_read: ['/status'],
  ...extra,
});
const reasonsOf = (result: ReturnType<typeof run>, id: string) => result.affected_consumers.find((a) => a.consumer_id === id)?.reasons.map((r) => r.reason);

describe('x402-mcp-tool-change-blast-radius-analyzer', () => {
  it('the worked example of design §29: the chain enum loses polygon, only c1 sent it, share 0.3333, wide', () => {
    const result = run(catalogEntry('x402_mcp_tool_change_blast_radius_analyzer').example as Record<string, unknown>);
    expect(result.decision).toBe('wide');
    expect(result.affected_share).toBe(0.3333);
    expect(result.share_basis).toBe('consumers');
    expect(result.confidence).toBe('high');
    expect(result.changes).toEqual([{ tool: 'svc_tx_status', path: '/inputSchema/properties/chain/enum', kind: 'enum_values_removed', class: 'breaking', detail: 'at /chain: ["polygon"] → absent' }]);
    expect(result.affected_consumers).toEqual([
      {
        consumer_id: 'c1',
        tool: 'svc_tx_status',
        reasons: [{ reason: 'value_out_of_range', evidence: 'chain = "polygon" breaks the new enum (/inputSchema/properties/chain/enum)' }],
        migration_hint: 'send only values the new schema accepts',
      },
    ]);
    expect(result.risk_flags).toEqual(['breaking_input_change', 'consumer_value_out_of_range']);
  });

  it('breaking_for_all: a removed tool, and a rename found by identical schemas', () => {
    const before = [tool('svc_t', { a: { type: 'string' } }), tool('svc_old', { b: { type: 'string' } })];
    const result = run({ before, after: [{ ...before[1], name: 'svc_new' }], consumers: [consumer('c1', { a: [] }), { ...consumer('c2', { b: [] }), tool_name: 'svc_old' }] });
    expect(result.decision).toBe('breaking_for_all');
    expect(result.changes.map((c) => [c.tool, c.kind])).toEqual([
      ['svc_t', 'tool_removed'],
      ['svc_old', 'tool_renamed'],
    ]);
    expect(result.affected_consumers.map((a) => a.migration_hint)).toEqual(['svc_t is gone: move to a replacement before the release', 'call svc_new instead of svc_old']);
    expect(result.affected_share).toBe(1);
    expect(result.risk_flags).toEqual(['consumer_tool_removed', 'consumer_tool_renamed', 'tool_removed', 'tool_renamed']);
  });

  it('breaking_for_all when every consumer breaks, even with no tool removed', () => {
    const result = run({ before: tool('svc_t', { a: { type: 'string' } }), after: tool('svc_t', { a: { type: 'string' }, b: { type: 'string' } }, { required: ['b'] }), consumers: [consumer('c1', { a: ['x'] })] });
    expect(result.decision).toBe('breaking_for_all');
    expect(reasonsOf(result, 'c1')).toEqual(['missing_required_argument']);
  });

  it('contained by calls per day; consumers without declared arguments cannot miss one (medium confidence)', () => {
    const before = tool('svc_t', { a: { type: 'string' } });
    const after = tool('svc_t', { a: { type: 'string' }, b: { type: 'string' } }, { required: ['b'] });
    const result = run({ before, after, consumers: [consumer('c1', { a: [] }, { calls_per_day: 10 }), consumer('c2', { a: [], b: [] }, { calls_per_day: 990 }), consumer('c3', undefined, { calls_per_day: 0 })] });
    expect(result.decision).toBe('contained');
    expect(result.affected_share).toBe(0.01);
    expect(result.share_basis).toBe('calls_per_day');
    expect(result.confidence).toBe('medium');
  });

  it('safe_change: an optional argument and an output property added, a price cut', () => {
    const before = { ...tool('svc_t', { a: { type: 'string' } }), _meta: { price: '0.02' } };
    const after = { ...tool('svc_t', { a: { type: 'string' }, b: { type: 'string' } }), _meta: { price: '0.01' } };
    const result = run({ before, after, consumers: [consumer('c1', { a: ['x'] }, { pinned_max_price: '0.01' })] });
    expect(result.decision).toBe('safe_change');
    expect(result.changes.map((c) => c.kind)).toEqual(['property_added', 'price_down']);
    expect(result.affected_consumers).toEqual([]);
  });

  it('every other reason: removed argument of a closed input, output paths (pointer and dotted), price above the pin, safety flip', () => {
    const before = { ...tool('svc_t', { a: { type: 'string' }, legacy: { type: 'string' }, n: { type: 'integer', maximum: 100 }, code: { type: 'string' } }, { additionalProperties: false }), annotations: { readOnlyHint: true }, _meta: { price: '0.01' } };
    const after = {
      ...tool('svc_t', { a: { type: 'string' }, n: { type: 'integer', maximum: 10 }, code: { type: 'string', pattern: '^[A-Z]+$' } }, { additionalProperties: false }),
      outputSchema: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
      annotations: { readOnlyHint: false },
      _meta: { price: '0.05' },
    };
    const result = run({
      before,
      after,
      consumers: [
        consumer('c1', { a: ['x'], legacy: ['y'], n: [5, 50], code: ['ABC', 'abc'] }, { output_paths_read: ['status', '/block'], pinned_max_price: '0.02' }),
        consumer('c2', { a: [] }, { output_paths_read: ['status'], pinned_max_price: '1' }),
      ],
    });
    expect(reasonsOf(result, 'c1')).toEqual(['removed_argument_sent', 'value_out_of_range', 'value_out_of_range', 'output_path_removed', 'price_above_pin', 'safety_flip']);
    expect(result.affected_consumers[0]!.reasons[1]!.evidence).toBe('n = 50 breaks the new maximum (/inputSchema/properties/n/maximum)');
    expect(result.affected_consumers[0]!.reasons[2]!.evidence).toBe('code = "abc" breaks the new pattern (/inputSchema/properties/code/pattern)');
    expect(result.affected_consumers[0]!.reasons[3]!.evidence).toBe('/block reads /block, removed (/outputSchema/properties/block)');
    expect(reasonsOf(result, 'c2')).toEqual(['safety_flip']);
    expect(result.decision).toBe('breaking_for_all');
    expect(result.risk_flags).toEqual(expect.arrayContaining(['annotation_safety_flip', 'breaking_output_change', 'price_up']));
  });

  it('scalar checks: type, enum, const, bounds, lengths; unsafe patterns are skipped, not run', () => {
    const patterns = new PatternCache();
    expect(scalarViolation({ type: 'number' }, 3, patterns)).toBeNull();
    expect(scalarViolation({ type: 'integer' }, 3.5, patterns)).toBe('type');
    expect(scalarViolation({ const: 'a' }, 'b', patterns)).toBe('const');
    expect(scalarViolation({ exclusiveMinimum: 0 }, 0, patterns)).toBe('exclusiveMinimum');
    expect(scalarViolation({ minLength: 2 }, 'é', patterns)).toBe('minLength');
    expect(scalarViolation({ pattern: '^(a+)+$' }, `${'a'.repeat(40)}!`, patterns)).toBeNull();
    expect(scalarViolation({ pattern: '[' }, 'x', patterns)).toBeNull();
    expect(patterns.skipped).toBe(2);
  });

  describe('request bounds', () => {
    const t = { name: 't' };
    const c = { consumer_id: 'c', tool_name: 't' };
    const accepts = (body: Record<string, unknown>) => expect(mcpToolChangeBlastRadiusAnalyzerRequest.safeParse(body).error).toBeUndefined();
    const rejects = (body: Record<string, unknown>) => expect(mcpToolChangeBlastRadiusAnalyzerRequest.safeParse(body).success).toBe(false);

    it('counts, types and extra properties', () => {
      accepts({ before: Array(200).fill(t), after: t, consumers: Array(BLAST_RADIUS_LIMITS.consumers).fill(c) });
      rejects({ before: Array(201).fill(t), after: t, consumers: [c] });
      rejects({ before: t, after: t, consumers: Array(BLAST_RADIUS_LIMITS.consumers + 1).fill(c) });
      rejects({ before: t, after: t, consumers: [] });
      accepts({ before: t, after: t, consumers: [{ ...c, arguments_used: Array(50).fill({ name: 'a', values_seen: Array(20).fill('v') }), output_paths_read: Array(50).fill('/a') }] });
      rejects({ before: t, after: t, consumers: [{ ...c, arguments_used: Array(51).fill({ name: 'a' }) }] });
      rejects({ before: t, after: t, consumers: [{ ...c, arguments_used: [{ name: 'a', values_seen: Array(21).fill('v') }] }] });
      rejects({ before: t, after: t, consumers: [{ ...c, arguments_used: [{ name: 'a', values_seen: [{ nested: true }] }] }] });
      rejects({ before: t, after: t, consumers: [{ ...c, output_paths_read: Array(51).fill('/a') }] });
      rejects({ before: t, after: t, consumers: [{ ...c, pinned_max_price: 0.01 }] });
      rejects({ before: t, after: t, consumers: [{ ...c, calls_per_day: 1.5 }] });
      rejects({ before: t, after: t, consumers: [{ ...c, extra: 1 }] });
      rejects({ before: t, after: t, consumers: [c], extra: 1 });
      rejects({ before: 'svc_t', after: t, consumers: [c] });
    });

    it('answers at the limits without crashing', () => {
      const props = (n: number) => Object.fromEntries(Array.from({ length: 60 }, (_, j) => [`p${j}`, { type: 'string', enum: Array.from({ length: n }, (_, k) => `v${k}`) }]));
      const before = Array.from({ length: 200 }, (_, i) => tool(`svc_t${i}`, props(10)));
      const after = Array.from({ length: 200 }, (_, i) => tool(`svc_t${i}`, props(5)));
      const consumers = Array.from({ length: 500 }, (_, i) => ({ ...consumer(`c${i}`, Object.fromEntries(Array.from({ length: 50 }, (_, j) => [`p${j}`, Array.from({ length: 20 }, (_, k) => `v${k % 10}`)]))), tool_name: `svc_t${i % 200}` }));
      const result = run({ before, after, consumers });
      expect(result.decision).toBe('breaking_for_all');
      expect(result.affected_consumers).toHaveLength(500);
      expect(result.changes).toHaveLength(200 * 60);
    });
  });
});
