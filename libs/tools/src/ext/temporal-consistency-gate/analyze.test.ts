import { TEMPORAL_ITEM_KINDS, toolById } from '@paysight/contracts';
import { boundCase, times } from '../bounds.test-support.js';
import { analyzeTemporalConsistency, type TemporalInput } from './index.js';
import { overlappingWindows } from './overlaps.js';
import { buildReferenceGraph, causalOrder, referenceCycles } from './references.js';
import { checkSequences } from './sequences.js';

const entry = toolById('temporal_consistency_gate')!;
type Item = TemporalInput['items'][number];
const NOW = '2026-11-24T12:00:00Z';
/** An ISO time `seconds` after (negative: before) NOW. */
const at = (seconds: number) => new Date(Date.parse(NOW) + seconds * 1000).toISOString();

const item = (itemId: string, kind: Item['kind'], issuedAtSeconds: number, over: Partial<Item> = {}): Item => ({ itemId, kind, issuer: `issuer:${kind}`, issuedAt: at(issuedAtSeconds), ...over });
/** A purchase about to be made: a month-long mandate, a fresh quote, and the intent that builds on both. */
const bundle = (): Item[] => [
  item('mandate', 'mandate', -86_400, { issuer: 'user:alice', subject: 'agent:shopper', validUntil: at(29 * 86_400), sequence: 7 }),
  item('quote', 'quote', -60, { issuer: 'seller:feed', subject: 'GET /prices', validUntil: at(240), sequence: 42 }),
  item('intent', 'other', -30, { issuer: 'agent:shopper', references: ['mandate', 'quote'] }),
];
const request = (items: Item[] = bundle(), policy: TemporalInput['policy'] = {}): TemporalInput => ({ evaluatedAt: NOW, items, policy });
const run = (input: TemporalInput) => analyzeTemporalConsistency(entry.request.parse(input) as TemporalInput).result;
const codes = (input: TemporalInput) => run(input).reasons.map((r) => r.code);

describe('temporal-consistency-gate request', () => {
  const accepts = boundCase(entry.request, request());
  it.each([
    ['items', [], false],
    ['items', times(1, (i) => item(`i${i}`, 'receipt', -i)), true],
    ['items', times(1000, (i) => item(`i${i}`, 'receipt', -i)), true],
    ['items', times(1001, (i) => item(`i${i}`, 'receipt', -i)), false],
    ['items.0.itemId', 'x'.repeat(200), true],
    ['items.0.itemId', 'x'.repeat(201), false],
    ['items.0.itemId', ' ', false],
    ['items.0.issuer', '', false],
    ['items.0.kind', 'invoice', false],
    ['items.0.subject', null, true],
    ['items.0.subject', 'x'.repeat(201), false],
    ['items.0.issuedAt', '2026-11-24', false],
    ['items.0.issuedAt', '2026-11-24T12:00:00+02:00', true],
    ['items.0.validUntil', null, true],
    ['items.0.observedAt', 'now', false],
    ['items.0.sequence', 0, true],
    ['items.0.sequence', -1, false],
    ['items.0.sequence', 1.5, false],
    ['items.0.sequence', Number.MAX_SAFE_INTEGER, true],
    ['items.0.references', times(50, (i) => `r${i}`), true],
    ['items.0.references', times(51, (i) => `r${i}`), false],
    ['items.0.references', [''], false],
    ['items.0.contentHash', 'ab'.repeat(32), true],
    ['items.0.contentHash', 'sha256:abc', false],
    ['items.0.signature', 'not a field', false],
    ['evaluatedAt', 'tomorrow', false],
    ['policy', undefined, false],
    ['policy.clockSkewToleranceSeconds', 0, true],
    ['policy.clockSkewToleranceSeconds', 3600, true],
    ['policy.clockSkewToleranceSeconds', 3601, false],
    ['policy.maxAgeSeconds', null, true],
    ['policy.maxAgeSeconds', { quote: 1, attestation: 31_536_000 }, true],
    ['policy.maxAgeSeconds', { quote: 0 }, false],
    ['policy.maxAgeSeconds', { quote: 31_536_001 }, false],
    ['policy.maxAgeSeconds', { invoice: 60 }, false],
    ['policy.expiryWarningSeconds', 86_400, true],
    ['policy.expiryWarningSeconds', 86_401, false],
    ['policy.requireValidityWindow', [...TEMPORAL_ITEM_KINDS], true],
    ['policy.requireValidityWindow', [...TEMPORAL_ITEM_KINDS, 'quote'], false],
    ['policy.allowSequenceGaps', null, true],
    ['policy.strict', true, false],
    ['callerNote', 'our request is closed', false],
  ])('%s = %j accepted: %s', (path, value, accepted) => {
    expect(accepts(path, value)).toBe(accepted);
  });
});

describe('temporal-consistency-gate analysis', () => {
  it('allows a bundle in force, fresh and in causal order, acting before the quote expires', () => {
    expect(run(request())).toMatchObject({
      decision: 'allow',
      riskScore: 0,
      consistent: true,
      actionableItemIds: ['mandate', 'quote', 'intent'],
      rejectedItemIds: [],
      causalOrder: ['mandate', 'quote', 'intent'],
      actBefore: at(240),
      reasons: [{ code: 'consistent' }],
    });
  });

  it('blocks an expired mandate and everything built on it, keeping the rest actionable', () => {
    const [mandate, quote, intent] = bundle();
    const result = run(request([{ ...mandate!, validUntil: at(-121) }, quote!, intent!]));
    expect(result).toMatchObject({ decision: 'block', riskScore: 70, rejectedItemIds: ['mandate', 'intent'], actionableItemIds: ['quote'] });
    expect(result.reasons.map((r) => [r.code, r.severity])).toEqual([
      ['expired', 'critical'],
      ['builds_on_rejected', 'info'],
    ]);
    expect(result.evidence.findings).toEqual({ expired: [{ itemId: 'mandate', validUntil: at(-121), expiredSecondsAgo: 121 }] });
  });

  it('tolerates the clock skew at every boundary, with a warning inside it', () => {
    const one = (over: Partial<Item>) => codes(request([item('q', 'quote', -250, over)]));
    expect(one({ validUntil: at(-120) })).toEqual(['expired']);
    expect(one({ validUntil: at(-119) })).toEqual(['expired_within_skew']);
    expect(one({ validUntil: at(0) })).toEqual(['expired_within_skew']);
    expect(one({ validFrom: at(121), validUntil: at(200) })).toEqual(['not_yet_valid']);
    expect(one({ validFrom: at(120), validUntil: at(200) })).toEqual(['not_yet_valid_within_skew']);
    expect(one({ issuedAt: at(121) })).toEqual(['future_dated']);
    expect(one({ issuedAt: at(120) })).toEqual(['consistent']);
    expect(codes(request([item('q', 'quote', -250, { validUntil: at(-30) })], { clockSkewToleranceSeconds: 0 }))).toEqual(['expired']);
    expect(codes(request([item('q', 'quote', -10, { validUntil: at(-30) })], { clockSkewToleranceSeconds: 0 }))).toEqual(['expired', 'issued_after_expiry']);
  });

  it('measures staleness from observedAt against the kind\'s maximum age, defaults or policy', () => {
    expect(codes(request([item('q', 'quote', -301)]))).toEqual(['stale']);
    expect(codes(request([item('q', 'quote', -300)]))).toEqual(['consistent']);
    expect(codes(request([item('q', 'quote', -301)], { maxAgeSeconds: { quote: 600 } }))).toEqual(['consistent']);
    expect(codes(request([item('r', 'receipt', -10 * 365 * 86_400)]))).toEqual(['consistent']);
    const observed = run(request([item('o', 'observation', -10, { observedAt: at(-3700) })]));
    expect(observed.evidence.findings).toEqual({ stale: [{ itemId: 'o', ageSeconds: 3700, maxAgeSeconds: 3600 }] });
    expect(codes(request([item('o', 'observation', -10, { observedAt: at(200) })]))).toEqual(['future_dated', 'observed_after_issued']);
  });

  it('blocks a reference to an item issued after the one referencing it, beyond the skew', () => {
    const receipt = item('receipt', 'receipt', -600, { references: ['quote'] });
    const result = run(request([item('quote', 'quote', -100), receipt]));
    expect(result).toMatchObject({ decision: 'block', rejectedItemIds: ['receipt'], causalOrder: ['quote', 'receipt'] });
    expect(result.evidence.causalityViolations).toEqual([{ itemId: 'receipt', issuedAt: at(-600), referencedId: 'quote', referencedIssuedAt: at(-100) }]);
    expect(codes(request([item('quote', 'quote', -100), item('receipt', 'receipt', -200, { references: ['quote'] })]))).toEqual(['consistent']);
  });

  it('blocks reference cycles and gives no causal order', () => {
    const result = run(request([item('a', 'attestation', -50, { references: ['b'] }), item('b', 'attestation', -50, { references: ['c'] }), item('c', 'attestation', -50, { references: ['a'] }), item('d', 'receipt', -40, { references: ['d'] })]));
    expect(result).toMatchObject({ decision: 'block', causalOrder: [], rejectedItemIds: ['a', 'b', 'c', 'd'], evidence: { referenceCycles: [['a', 'b', 'c'], ['d']] } });
  });

  it('answers insufficient_evidence for references to items left out, which are neither actionable nor rejected', () => {
    const result = run(request([...bundle(), item('receipt', 'receipt', -10, { references: ['payment-9'] })]));
    expect(result).toMatchObject({ decision: 'insufficient_evidence', actionableItemIds: ['mandate', 'quote', 'intent'], rejectedItemIds: [], evidence: { danglingReferences: [{ itemId: 'receipt', missingId: 'payment-9' }], unverifiableItemIds: ['receipt'] } });
  });

  it('checks sequence numbers per issuer stream: regressions and duplicates block, gaps are reviewed unless allowed', () => {
    const quote = (id: string, sequence: number, issued: number, over: Partial<Item> = {}) => item(id, 'quote', issued, { issuer: 'seller:feed', sequence, ...over });
    const regression = run(request([quote('q43', 43, -250), quote('q42', 42, -100)]));
    expect(regression).toMatchObject({ decision: 'block', rejectedItemIds: ['q42'], evidence: { sequenceStreams: [{ issuer: 'seller:feed', scope: 'quote', regressions: [{ itemId: 'q42', after: 'q43' }] }] } });
    expect(codes(request([quote('q43', 43, -200), quote('q42', 42, -90)], { clockSkewToleranceSeconds: 120 }))).toEqual(['consistent']);
    expect(codes(request([quote('a', 5, -10), quote('b', 5, -5)]))).toEqual(['sequence_duplicate']);
    const gap = run(request([quote('a', 1, -30), quote('b', 4, -20), quote('c', 5, -10)]));
    expect(gap).toMatchObject({ decision: 'review', riskScore: 15, evidence: { sequenceStreams: [{ missing: [[2, 3]], missingCount: 2 }] } });
    expect(run(request([quote('a', 1, -30), quote('b', 4, -20)], { allowSequenceGaps: true })).decision).toBe('allow');
    // Another scope of the same issuer counts on its own.
    expect(codes(request([quote('a', 1, -30), quote('b', 1, -20, { sequenceScope: 'receipts' })]))).toEqual(['consistent']);
  });

  it('reviews two mandates for one subject valid at once, unless one references (supersedes) the other', () => {
    const mandate = (id: string, from: number, until: number, over: Partial<Item> = {}) => item(id, 'mandate', from, { subject: 'agent:shopper', validFrom: at(from), validUntil: at(until), ...over });
    const overlapping = run(request([mandate('m1', -1000, 1000), mandate('m2', -500, 2000), mandate('m3', -400, 3000)]));
    expect(overlapping).toMatchObject({ decision: 'review', evidence: { overlapPairs: 3 } });
    expect(overlapping.evidence.overlaps).toEqual([
      { kind: 'mandate', subject: 'agent:shopper', itemIds: ['m1', 'm2'] },
      { kind: 'mandate', subject: 'agent:shopper', itemIds: ['m1', 'm3'] },
      { kind: 'mandate', subject: 'agent:shopper', itemIds: ['m2', 'm3'] },
    ]);
    expect(codes(request([mandate('m1', -1000, 1000), mandate('m2', -500, 2000, { references: ['m1'] })]))).toEqual(['consistent']);
    expect(codes(request([mandate('m1', -1000, 1000, { subject: 'agent:other' }), mandate('m2', -500, 2000)]))).toEqual(['consistent']);
    expect(codes(request([mandate('m1', -1000, -500), mandate('m2', -500, 2000)]))).toEqual(['expired']);
  });

  it('reviews items expiring soon and items without a required validity window', () => {
    expect(codes(request(bundle(), { expiryWarningSeconds: 300 }))).toEqual(['expiring_soon']);
    expect(codes(request(bundle(), { requireValidityWindow: ['other'] }))).toEqual(['missing_validity_window']);
  });

  it('blocks a never-valid window and reviews an item issued after its own expiry', () => {
    expect(codes(request([item('m', 'mandate', -10, { validFrom: at(100), validUntil: at(100) })]))).toEqual(['inverted_validity']);
    expect(codes(request([item('q', 'quote', -10, { validFrom: at(-100), validUntil: at(-10) })], { clockSkewToleranceSeconds: 30 }))).toEqual(['expired_within_skew', 'issued_after_expiry']);
  });

  it('checks repeated itemIds once and says so', () => {
    const result = run(request([...bundle(), item('quote', 'quote', -5)]));
    expect(result).toMatchObject({ decision: 'review', evidence: { itemsExamined: 3 } });
    expect(result.reasons.map((r) => r.code)).toEqual(['duplicate_item_ids']);
  });

  it('gives the same answer to the same request', () => {
    const input = request([...bundle(), item('x', 'quote', -400, { references: ['nowhere'] }), item('y', 'attestation', 10, { sequence: 3, issuer: 'seller:feed' })]);
    expect(run(input)).toEqual(run(structuredClone(input)));
  });
});

describe('temporal-consistency-gate algorithms', () => {
  const node = (itemId: string, issuedAt: number, references: string[] = []) => ({ itemId, issuedAt, references });

  it('orders causally with ties by issuedAt then itemId, and finds no order through a cycle', () => {
    const nodes = [node('c', 3, ['a']), node('b', 1), node('a', 1), node('d', 0, ['c', 'b'])];
    const graph = buildReferenceGraph(nodes);
    expect(causalOrder(nodes, graph)!.map((i) => nodes[i]!.itemId)).toEqual(['a', 'b', 'c', 'd']);
    const cyclic = [node('a', 0, ['b']), node('b', 0, ['a']), node('c', 0)];
    const cyclicGraph = buildReferenceGraph(cyclic);
    expect(causalOrder(cyclic, cyclicGraph)).toBeNull();
    expect(referenceCycles(cyclic, cyclicGraph)).toEqual([[0, 1]]);
  });

  it('counts a regression only against items issued more than the skew earlier', () => {
    const seq = (index: number, sequence: number, issuedAt: number) => ({ index, issuer: 'i', scope: 's', sequence, issuedAt });
    const [stream] = checkSequences([seq(0, 10, 0), seq(1, 9, 50), seq(2, 8, 200), seq(3, 11, 300), seq(4, 13, 400)], 100);
    expect(stream).toMatchObject({ items: 5, regressions: [[2, 0]], duplicates: [], missing: [[12, 12]], missingCount: 1 });
  });

  it('sweeps validity windows in output-sensitive time: disjoint windows make no pair, nested ones every pair', () => {
    const disjoint = times(1000, (i) => ({ index: i, kind: 'mandate', subject: 's', from: i * 10, until: i * 10 + 10 }));
    expect(overlappingWindows(disjoint, () => false, 10)).toEqual({ pairs: [], total: 0 });
    const nested = times(40, (i) => ({ index: i, kind: 'mandate', subject: 's', from: i, until: 1000 - i }));
    expect(overlappingWindows(nested, () => false, 3)).toEqual({ pairs: [[0, 1], [0, 2], [1, 2]], total: (40 * 39) / 2 });
    expect(overlappingWindows(nested, (a, b) => a + 1 === b, 0).total).toBe((40 * 39) / 2 - 39);
    expect(overlappingWindows([...nested.slice(0, 2), { index: 99, kind: 'mandate', subject: 'other', from: 0, until: 1000 }], () => false, 10).pairs).toEqual([[0, 1]]);
  });
});
