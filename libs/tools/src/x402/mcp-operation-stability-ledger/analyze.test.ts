import { OPERATION_LEDGER_LIMITS, mcpOperationStabilityLedgerRequest, mcpOperationStabilityLedgerResult } from '@paysight/contracts';
import { HASH } from '../helpers.js';
import { OPERATION_LEDGER_SEED, analyzeOperationLedger } from './analyze.js';

type Tool = Record<string, unknown> & { name: string };
const snap = (day: number, tools: Tool[], server_version?: string) => ({ captured_at: `2026-11-${String(day).padStart(2, '0')}T00:00:00Z`, tools, ...(server_version ? { server_version } : {}) });

function run(body: Record<string, unknown>) {
  const output = analyzeOperationLedger(mcpOperationStabilityLedgerRequest.parse({ server_label: 'srv', ...body }));
  expect(mcpOperationStabilityLedgerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const A1 = { name: 'a', inputSchema: { type: 'object', properties: { tx: { type: 'string' } }, required: ['tx'] } };
const A2 = { name: 'a', inputSchema: { type: 'object', properties: { tx: { type: 'string' }, chain: { type: 'string' } }, required: ['tx', 'chain'] } };
const B = { name: 'b', inputSchema: { type: 'object' } };

describe('x402-mcp-operation-stability-ledger', () => {
  it('the worked example of design §7: a breaking then unchanged, b unchanged then removed; both 0.5, unstable', () => {
    const result = run({ snapshots: [snap(1, [A1, B], '1.0.0'), snap(2, [A2, B], '1.0.0'), snap(3, [A2])] });
    expect(result.decision).toBe('unstable');
    expect(result.operations.map((o) => [o.name, o.stability_index, o.presence_ratio])).toEqual([
      ['a', 0.5, 1],
      ['b', 0.5, 0.6667],
    ]);
    const a = result.operations[0]!;
    expect(a.events.map((e) => [e.kind, e.class, e.path])).toEqual([
      ['property_required', 'breaking', '/inputSchema/required'],
      ['property_added', 'nonbreaking', '/inputSchema/properties/chain'],
    ]);
    expect(result.operations[1]!.events).toEqual([{ at: '2026-11-03T00:00:00Z', kind: 'removed', class: 'breaking', path: '' }]);
    expect(result.version_not_bumped).toEqual([{ at: '2026-11-02T00:00:00Z', server_version: '1.0.0' }]);
    expect(result.risk_flags).toEqual(['breaking_input_change', 'operation_removed', 'version_not_bumped']);
    expect(result.confidence).toBe('medium');
  });

  it('the ledger: one entry per snapshot in time order, chained from the seed or the previous head', () => {
    const snapshots = [snap(2, [A2]), snap(1, [A1])];
    const result = run({ snapshots });
    expect(result.ledger_entries.map((e) => e.captured_at)).toEqual(['2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z']);
    const [first, second] = result.ledger_entries;
    const { name: _n, ...a1 } = { ...A1 };
    expect(first!.tools_fingerprint).toBe(HASH([HASH({ name: 'a', ...a1 })]));
    const strip = ({ head: _h, ...entry }: { head: string }) => entry;
    expect(first!.head).toBe(HASH({ prev: HASH(OPERATION_LEDGER_SEED), entry: strip(first!) }));
    expect(second!.head).toBe(HASH({ prev: first!.head, entry: strip(second!) }));
    expect(result.ledger_head).toBe(second!.head);
    expect(second!.events.every((e) => e.tool === 'a')).toBe(true);
    const chained = run({ snapshots, previous_ledger_head: `sha256:${'ab'.repeat(32)}` });
    expect(chained.ledger_entries[0]!.head).toBe(HASH({ prev: `sha256:${'ab'.repeat(32)}`, entry: strip(first!) }));
    expect(chained.ledger_head).not.toBe(result.ledger_head);
  });

  it('stable: identical snapshots; a title or description change does not move the fingerprint', () => {
    const result = run({ snapshots: [snap(1, [A1, B]), snap(5, [A1, B]), snap(9, [A1, B]), snap(12, [A1, B]), snap(15, [A1, B])] });
    expect(result).toMatchObject({ decision: 'stable', confidence: 'high', version_not_bumped: [] });
    expect(result.operations.every((o) => o.stability_index === 1 && o.events.length === 0)).toBe(true);
    const renamed = run({ snapshots: [snap(1, [A1]), snap(2, [{ ...A1, title: 'A', description: 'Looks up a tx' }])] });
    expect(renamed.ledger_entries[0]!.tools_fingerprint).toBe(renamed.ledger_entries[1]!.tools_fingerprint);
    expect(renamed.decision).toBe('churning');
    expect(renamed.operations[0]!.events.map((e) => [e.kind, e.class])).toEqual([
      ['metadata_changed', 'cosmetic'],
      ['metadata_changed', 'cosmetic'],
    ]);
  });

  it('churning: an added tool, an optional argument, a cheaper price, an added output enum value (risky)', () => {
    const priced = (amount: string, outEnum: string[]) => ({ ...B, outputSchema: { type: 'object', properties: { s: { enum: outEnum } } }, _meta: { price: { amount } } });
    const result = run({ snapshots: [snap(1, [A1, priced('0.02', ['ok'])]), snap(2, [{ ...A1, inputSchema: { ...A1.inputSchema, properties: { ...A1.inputSchema.properties, memo: { type: 'string' } } } }, priced('0.01', ['ok', 'partial']), { name: 'c' }])] });
    expect(result.decision).toBe('churning');
    expect(result.ledger_entries[1]!.events.map((e) => [e.tool, e.kind, e.class])).toEqual([
      ['a', 'property_added', 'nonbreaking'],
      ['b', 'enum_values_added', 'risky'],
      ['b', 'price_down', 'nonbreaking'],
      ['c', 'added', 'nonbreaking'],
    ]);
  });

  it('unstable on a safety flip or a price rise; a tool that comes back is reappeared', () => {
    const ro = { ...B, annotations: { readOnlyHint: true, destructiveHint: false } };
    const flip = run({ snapshots: [snap(1, [ro]), snap(2, [{ ...B, annotations: { readOnlyHint: true } }])] });
    expect(flip.decision).toBe('unstable');
    expect(flip.operations[0]!.events).toEqual([{ at: '2026-11-02T00:00:00Z', kind: 'annotation_safety_flip', class: 'breaking', path: '/annotations/destructiveHint' }]);
    expect(flip.risk_flags).toEqual(['annotation_safety_flip']);
    const up = run({ snapshots: [snap(1, [{ ...B, _meta: { price: '0.01' } }]), snap(2, [{ ...B, _meta: { price: '$0.05' } }])] });
    expect(up).toMatchObject({ decision: 'unstable', risk_flags: ['price_up'] });
    const back = run({ snapshots: [snap(1, [B]), snap(2, []), snap(3, [B])] });
    expect(back.operations[0]!.events.map((e) => e.kind)).toEqual(['removed', 'reappeared']);
    expect(back.operations[0]!.stability_index).toBe(0);
  });

  it('insufficient_history: every snapshot at the same captured_at', () => {
    const result = run({ snapshots: [snap(1, [A1]), snap(1, [A2])] });
    expect(result).toMatchObject({ decision: 'insufficient_history', confidence: 'low' });
    expect(result.limitations.some((l) => l.includes('share a captured_at'))).toBe(true);
  });

  describe('request bounds', () => {
    const rejects = (body: Record<string, unknown>) => expect(mcpOperationStabilityLedgerRequest.safeParse({ server_label: 'srv', ...body }).success).toBe(false);
    const accepts = (body: Record<string, unknown>) => expect(mcpOperationStabilityLedgerRequest.safeParse({ server_label: 'srv', ...body }).error).toBeUndefined();
    const two = [snap(1, []), snap(2, [])];

    it('2 to 60 snapshots, at most 200 tools each; no extra properties anywhere', () => {
      rejects({ snapshots: [snap(1, [])] });
      accepts({ snapshots: two });
      accepts({ snapshots: Array.from({ length: OPERATION_LEDGER_LIMITS.maxSnapshots }, () => snap(1, [])) });
      rejects({ snapshots: Array.from({ length: OPERATION_LEDGER_LIMITS.maxSnapshots + 1 }, () => snap(1, [])) });
      const tools = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `t${i}` }));
      accepts({ snapshots: [snap(1, tools(OPERATION_LEDGER_LIMITS.tools)), snap(2, [])] });
      rejects({ snapshots: [snap(1, tools(OPERATION_LEDGER_LIMITS.tools + 1)), snap(2, [])] });
      rejects({ snapshots: two, extra: 1 });
      rejects({ snapshots: [{ ...snap(1, []), extra: 1 }, snap(2, [])] });
      rejects({ snapshots: [snap(1, [{ name: 'a', inputs: {} }]), snap(2, [])] });
      rejects({ server_label: '', snapshots: two });
      rejects({ server_label: 'x'.repeat(OPERATION_LEDGER_LIMITS.serverLabel + 1), snapshots: two });
      accepts({ server_label: 'x'.repeat(OPERATION_LEDGER_LIMITS.serverLabel), snapshots: two });
    });

    it('wrong types: captured_at must be a date-time, the head a hash, schemas objects', () => {
      rejects({ snapshots: [{ captured_at: 'yesterday', tools: [] }, snap(2, [])] });
      rejects({ snapshots: two, previous_ledger_head: 'sha256:xyz' });
      rejects({ snapshots: [snap(1, [{ name: 'a', inputSchema: 'object' }]), snap(2, [])] });
      rejects({ snapshots: [snap(1, [{ name: 'x'.repeat(OPERATION_LEDGER_LIMITS.toolName + 1) }]), snap(2, [])] });
      rejects({ snapshots: [snap(1, []), { ...snap(2, []), server_version: 'v'.repeat(OPERATION_LEDGER_LIMITS.serverVersion + 1) }] });
    });
  });

  it('a maximum input (60 snapshots × 200 tools, every tool changing every time) does not crash', () => {
    const tool = (i: number, k: number) => ({ name: `t${i}`, inputSchema: { type: 'object', properties: { q: { type: 'string', maxLength: 100 - (k % 2) } } }, annotations: { readOnlyHint: true } });
    const snapshots = Array.from({ length: 60 }, (_, k) => ({ captured_at: new Date(Date.UTC(2026, 0, 1) + k * 86_400_000).toISOString(), server_version: '1.0.0', tools: Array.from({ length: 200 }, (_, i) => tool(i, k)) }));
    const result = run({ snapshots });
    expect(result.decision).toBe('unstable');
    expect(result.operations).toHaveLength(200);
    expect(result.ledger_entries).toHaveLength(60);
    expect(result.version_not_bumped).toHaveLength(30);
  });
});
