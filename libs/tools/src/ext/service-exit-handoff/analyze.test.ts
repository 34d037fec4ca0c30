import { toolById } from '@paysight/contracts';
import { boundCase, times } from '../bounds.test-support.js';
import { fieldCoverage } from './assess.js';
import { analyzeExitHandoff, type ExitHandoffInput } from './index.js';
import { HANDOFF_MODEL_MS } from './plan.js';
import { MAX_SCHEMA_DEPTH, schemaPaths, typeNames, typeSet, typesFit } from './schema-paths.js';

const entry = toolById('service_exit_handoff')!;
const HASH = (byte: string) => `sha256:${byte.repeat(32)}`;
type Target = ExitHandoffInput['targetCandidates'][number];

const string = { type: 'string' };
/** An orders service's records: an id, an amount, an idempotency key and a settled receipt. */
const orders = (extra: Record<string, unknown> = {}, required = ['orderId', 'amount']) => ({
  type: 'object',
  required,
  properties: { orderId: string, amount: string, idempotencyKey: string, receipt: { type: 'object', properties: { hash: string, settledAt: string } }, ...extra },
});
const target = (serviceId: string, importSchema: Record<string, unknown> | undefined, capabilities: string[] | null = ['orders', 'receipts']): Target => ({ serviceId, manifestHash: HASH('44'), importSchema, capabilities });
const request = (targets: Target[], requirements: Partial<ExitHandoffInput['requirements']> = {}, source: Partial<ExitHandoffInput['sourceService']> = {}): ExitHandoffInput => ({
  sourceService: { serviceId: 'svc:orders-v1', manifestHash: HASH('11'), stateSummaryHash: HASH('22'), exportSchema: orders(), receiptIndexHashes: [HASH('33'), HASH('34')], ...source },
  targetCandidates: targets,
  requirements: { requiredCapabilities: ['orders', 'receipts'], maximumDowntimeMs: 300_000, preserveReceipts: true, preserveIdempotencyKeys: true, ...requirements },
  operation: 'plan',
});
const run = (input: ExitHandoffInput) => analyzeExitHandoff(entry.request.parse(input) as ExitHandoffInput).result;

describe('service-exit-handoff request', () => {
  const accepts = boundCase(entry.request, request([target('svc:orders-v2', orders())]));
  it.each([
    ['targetCandidates', [], false],
    ['targetCandidates', times(25, (i) => target(`t${i}`, undefined)), true],
    ['targetCandidates', times(26, (i) => target(`t${i}`, undefined)), false],
    ['targetCandidates.0.serviceId', ' ', false],
    ['targetCandidates.0.manifestHash', '44'.repeat(32), true],
    ['targetCandidates.0.manifestHash', 'sha256:44', false],
    ['targetCandidates.0.importSchema', undefined, true],
    ['targetCandidates.0.importSchema', [], false],
    ['targetCandidates.0.capabilities', null, true],
    ['targetCandidates.0.capabilities', times(100, (i) => `c${i}`), true],
    ['targetCandidates.0.capabilities', times(101, (i) => `c${i}`), false],
    ['targetCandidates.0.pricing', {}, false],
    ['sourceService.stateSummaryHash', 'nope', false],
    ['sourceService.exportSchema', 'not an object', false],
    ['sourceService.receiptIndexHashes', null, true],
    ['sourceService.receiptIndexHashes', times(100, () => HASH('ab')), true],
    ['sourceService.receiptIndexHashes', times(101, () => HASH('ab')), false],
    ['sourceService.endpoint', 'https://example.com', false],
    ['requirements.requiredCapabilities', null, true],
    ['requirements.requiredCapabilities', times(100, (i) => `c${i}`), true],
    ['requirements.requiredCapabilities', times(101, (i) => `c${i}`), false],
    ['requirements.maximumPriceIncreasePercent', 0, true],
    ['requirements.maximumPriceIncreasePercent', 100, true],
    ['requirements.maximumPriceIncreasePercent', 100.5, false],
    ['requirements.maximumPriceIncreasePercent', null, false],
    ['requirements.maximumDowntimeMs', 0, true],
    ['requirements.maximumDowntimeMs', 86_400_000, true],
    ['requirements.maximumDowntimeMs', 86_400_001, false],
    ['requirements.maximumDowntimeMs', 1.5, false],
    ['requirements.maximumDowntimeMs', null, true],
    ['requirements.preserveReceipts', null, true],
    ['requirements.preserveIdempotencyKeys', 'yes', false],
    ['requirements', undefined, false],
    ['operation', undefined, true],
    ['operation', 'execute', false],
    ['dryRun', true, false],
  ])('%s = %j accepted: %s', (path, value, accepted) => {
    expect(accepts(path, value)).toBe(accepted);
  });
});

describe('service-exit-handoff analysis', () => {
  it('completes a plan to the target that takes everything, staged because idempotency keys cross over', () => {
    const result = run(request([target('svc:orders-lite', { type: 'object', properties: { orderId: string } }, ['orders']), target('svc:orders-v2', orders({ note: string }))]));
    expect(result).toMatchObject({ decision: 'completed', riskScore: 0, bestTargetId: 'svc:orders-v2', plan: { targetId: 'svc:orders-v2', strategy: 'staged', outboundActions: 'disabled' } });
    expect(result.ranking.map((r) => [r.rank, r.serviceId])).toEqual([
      [1, 'svc:orders-v2'],
      [2, 'svc:orders-lite'],
    ]);
    const m = HANDOFF_MODEL_MS;
    // Down: freeze, the delta of 5 field paths, the import check of 2 receipt index hashes, the cut-over.
    expect(result.plan!.estimatedDowntimeMs).toBe(m.freeze + m.deltaSync + 5 * m.perFieldDelta + 2 * m.perReceiptVerify + m.cutOver);
    expect(result.plan!.steps.map((s) => [s.action, s.duringDowntime])).toEqual([
      ['export_state', false],
      ['verify_export', false],
      ['map_fields', false],
      ['import_state', false],
      ['freeze_writes', true],
      ['sync_delta', true],
      ['verify_import', true],
      ['cut_over', true],
      ['keep_source_read_only', false],
    ]);
    expect(result.plan!.steps.every((s) => s.executed === false)).toBe(true);
    expect(result.plan!.steps[1]!.verifies).toEqual([HASH('22'), HASH('33'), HASH('34')]);
    expect(result.reasons.map((r) => r.code)).toEqual(['outbound_actions_disabled', 'plan_complete']);
  });

  it('plans a partial handoff when the best target misses something, naming what', () => {
    const lite = target('svc:orders-lite', { type: 'object', required: ['orderId'], properties: { orderId: string, amount: { type: 'number' } } }, ['orders']);
    const result = run(request([lite]));
    expect(result).toMatchObject({ decision: 'partial', riskScore: 60, bestTargetId: 'svc:orders-lite', plan: { strategy: 'stop_and_copy' } });
    const [assessment] = result.ranking;
    expect(assessment).toMatchObject({
      misses: ['capabilities_missing', 'fields_not_covered', 'receipts_not_preservable', 'idempotency_keys_not_preservable'],
      capabilities: { status: 'not_covered', missing: ['receipts'], coveragePercent: 50 },
      fields: { sourcePaths: 5, coveredPaths: 1, coveragePercent: 20, missingPaths: ['idempotencyKey', 'receipt.hash', 'receipt.settledAt'], typeMismatches: [{ path: 'amount', sourceTypes: ['string'], targetTypes: ['number'] }] },
    });
    const m = HANDOFF_MODEL_MS;
    expect(assessment!.downtime.estimateMs).toBe(m.freeze + 2 * m.perFieldCopy + 4 * m.perReceiptVerify + m.cutOver);
  });

  it('compares downtime with maximumDowntimeMs as a planning cap, and ranks by misses before coverage', () => {
    const result = run(request([target('svc:orders-v2', orders())], { maximumDowntimeMs: 40_000 }));
    expect(result).toMatchObject({ decision: 'partial', ranking: [{ misses: ['downtime_over_budget'], downtime: { maximumMs: 40_000, withinBudget: false } }] });
    expect(result.reasons.find((r) => r.code === 'downtime_over_budget')!.message).toContain('against 40000 ms');
  });

  it('fails when no target can take the handoff: required fields the source does not export, or the source itself', () => {
    const strict = target('svc:billing', { type: 'object', required: ['orderId', 'customerId'], properties: { orderId: string, customerId: string } });
    const itself = target('svc:orders-v1', orders());
    const result = run(request([strict, itself]));
    expect(result).toMatchObject({ decision: 'failed', bestTargetId: null, plan: null });
    expect(result.ranking.map((r) => [r.serviceId, r.blockers])).toEqual([
      ['svc:orders-v1', ['target_is_source']],
      ['svc:billing', ['target_requires_unexported_fields']],
    ]);
    expect(result.ranking[1]!.fields.targetRequiredUnmet).toEqual(['customerId']);
    expect(result.reasons[0]).toMatchObject({ code: 'targets_blocked', severity: 'critical' });
  });

  it('answers insufficient_evidence when nothing can be compared, and reviews nothing it cannot see', () => {
    const result = run(request([target('svc:unknown', undefined, null)], {}, { exportSchema: undefined }));
    expect(result).toMatchObject({ decision: 'insufficient_evidence', bestTargetId: 'svc:unknown', ranking: [{ misses: [], unknowns: ['capabilities_unknown', 'fields_unknown', 'receipts_unknown', 'idempotency_keys_unknown'] }] });
    expect(run(request([target('svc:orders-v2', orders())], {}, { receiptIndexHashes: null }))).toMatchObject({ decision: 'insufficient_evidence', ranking: [{ unknowns: ['receipts_unknown'] }] });
  });

  it('blocks a handoff that must preserve receipts when the receipt index repeats a hash (prefix and case aside)', () => {
    const result = run(request([target('svc:orders-v2', orders())], {}, { receiptIndexHashes: [HASH('3a'), `${'3A'.repeat(32)}`] }));
    expect(result).toMatchObject({ decision: 'block', riskScore: 70, plan: null, evidence: { source: { repeatedReceiptIndexHashes: ['3a'.repeat(32)] } } });
    expect(run(request([target('svc:orders-v2', orders())], { preserveReceipts: false }, { receiptIndexHashes: [HASH('3a'), HASH('3a')] })).decision).toBe('completed');
    // An empty receipt index has nothing to preserve, whatever the schemas say about receipts.
    const lite = target('svc:orders-lite', { type: 'object', properties: { orderId: string, amount: string, idempotencyKey: string } });
    expect(run(request([lite], {}, { receiptIndexHashes: [] })).ranking[0]).toMatchObject({ receipts: { status: 'covered', receiptIndexHashes: 0 }, misses: ['fields_not_covered'] });
  });

  it('takes fields below an open object, notes reserved fields, repeated targets and unresolved refs', () => {
    const open = target('svc:bucket', { type: 'object', properties: { orderId: string, amount: string, idempotencyKey: string, receipt: { type: 'object' } } });
    const result = run({ ...request([open, open]), requirements: { ...request([]).requirements, maximumPriceIncreasePercent: 5 } });
    expect(result).toMatchObject({ decision: 'completed', riskScore: 0, ranking: [{ fields: { coveredPaths: 5 } }] });
    expect(result.reasons.map((r) => [r.code, r.severity])).toEqual([
      ['duplicate_target_ids', 'info'],
      ['reserved_field_not_enforced', 'info'],
      ['outbound_actions_disabled', 'info'],
      ['plan_complete', 'info'],
    ]);
    // A $ref to another document is not fetched: that schema cannot be compared.
    const external = run(request([target('svc:orders-v2', { type: 'object', properties: { orderId: string, rest: { $ref: 'https://example.com/orders.json' } } })]));
    expect(external).toMatchObject({ decision: 'insufficient_evidence', evidence: { unresolvedSchemaRefs: { 'svc:orders-v2': ['https://example.com/orders.json'] } }, ranking: [{ fields: { status: 'unknown' } }] });
  });

  it('gives the same answer to the same request', () => {
    const input = request([target('svc:b', orders()), target('svc:a', orders()), target('svc:c', undefined, null)], { maximumDowntimeMs: 1000 });
    const result = run(input);
    expect(result.ranking.map((r) => r.serviceId)).toEqual(['svc:a', 'svc:b', 'svc:c']);
    expect(run(structuredClone(input))).toEqual(result);
  });
});

describe('service-exit-handoff schema comparison', () => {
  it('reads properties, required, items, local $refs, allOf, anyOf and enum types', () => {
    const { paths, unresolvedRefs } = schemaPaths({
      $defs: { money: { type: 'object', required: ['value'], properties: { value: { type: 'integer' }, currency: { enum: ['USDC', null] } } } },
      type: 'object',
      required: ['total', 'lines'],
      properties: {
        total: { $ref: '#/$defs/money' },
        lines: { type: 'array', items: { allOf: [{ properties: { sku: string } }, { properties: { qty: { type: 'integer' } } }] } },
        status: { anyOf: [{ const: 'paid' }, { type: 'null' }] },
      },
    });
    expect(unresolvedRefs).toEqual([]);
    const view = Object.fromEntries([...paths.values()].map((p) => [p.path, [typeNames(p.types).join('|'), p.required, p.leaf]]));
    expect(view).toEqual({
      total: ['object', true, false],
      'total.value': ['integer', true, true],
      'total.currency': ['null|string', false, true],
      lines: ['array', true, false],
      'lines[]': ['object', false, false],
      'lines[].sku': ['string', false, true],
      'lines[].qty': ['integer', false, true],
      status: ['null|string', false, true],
    });
  });

  it('stops recursive $refs and schemas deeper than the depth limit', () => {
    const tree = schemaPaths({ $defs: { node: { type: 'object', properties: { name: string, child: { $ref: '#/$defs/node' } } } }, $ref: '#/$defs/node' });
    expect([...tree.paths.keys()]).toEqual(['name', 'child']);
    let deep: Record<string, unknown> = string;
    for (let i = 0; i < MAX_SCHEMA_DEPTH + 2; i++) deep = { type: 'object', properties: { a: deep } };
    const read = schemaPaths(deep);
    expect(read.truncated).toBe(true);
    expect(Math.max(...[...read.paths.keys()].map((p) => p.split('.').length))).toBe(MAX_SCHEMA_DEPTH);
  });

  it('fits integers into numbers but not numbers into integers; untyped targets take anything', () => {
    expect(typesFit(typeSet('integer'), typeSet('number'))).toBe(true);
    expect(typesFit(typeSet('integer', 'number'), typeSet('number'))).toBe(true);
    expect(typesFit(typeSet('number'), typeSet('integer'))).toBe(false);
    expect(typesFit(typeSet('string', 'null'), typeSet('string'))).toBe(false);
    expect(typesFit(typeSet('any'), typeSet('string'))).toBe(false);
    expect(typesFit(typeSet('any'), typeSet('any'))).toBe(true);
  });

  it('tells fields the target requires but the source exports only optionally', () => {
    const coverage = fieldCoverage(schemaPaths(orders({}, ['orderId'])), schemaPaths(orders({}, ['orderId', 'amount'])));
    expect(coverage).toMatchObject({ status: 'covered', targetRequiredUnmet: [], targetRequiredOptionalInSource: ['amount'] });
    expect(run(request([target('svc:orders-v2', orders({}, ['orderId', 'amount']))], {}, { exportSchema: orders({}, ['orderId']) })).ranking[0]!.misses).toEqual(['target_requires_optional_fields']);
  });
});
