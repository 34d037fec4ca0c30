import { toolById } from '@paysight/contracts';
import { prng } from '@paysight/testkit';
import { boundCase, boundRows, times, withValue } from '../bounds.test-support.js';
import { analyzeCounterfactualValue, type CounterfactualInput } from './index.js';

const entry = toolById('counterfactual_value_meter')!;
const HASH = (n: number) => n.toString(16).padStart(64, '0');
const run = (input: unknown) => analyzeCounterfactualValue(entry.request.parse(input) as CounterfactualInput);
const codes = (input: unknown) => run(input).result.reasons.map((r) => r.code);
const example = () => structuredClone(entry.example) as CounterfactualInput;

type State = NonNullable<CounterfactualInput['baselineDecision']>;
const state = (selected: string, utilities: Record<string, [string, number]>, hash = 1): State => ({
  snapshotHash: HASH(hash),
  selectedOptionId: selected,
  options: Object.entries(utilities).map(([optionId, [expectedUtility, confidence]]) => ({ optionId, expectedUtility, confidence })),
});
const policy = { minimumMaterialUtilityChange: '2', minimumValueToCostRatio: '100', minimumConfidenceChange: 0.1 };
const purchase = (evidenceItemId: string, cost = '0.05', evidenceHash = HASH(77)) => ({ purchaseId: 'buy-1', cost, currency: 'USDC' as const, evidenceItemId, evidenceHash, sourceReceiptHash: null });
const delta = (baseline: State, updated: State, over: Partial<CounterfactualInput> = {}): CounterfactualInput => ({ mode: 'decision_delta', purchase: purchase('report'), baselineDecision: baseline, updatedDecision: updated, policy, ...over });

/** coalition_attribution over items a, b, c, ... with v given per coalition key ('' for the empty one, 'a,b' ...). */
const coalitionRequest = (values: Record<string, string>, over: Partial<CounterfactualInput> = {}): CounterfactualInput => {
  const ids = [...new Set(Object.keys(values).flatMap((k) => (k ? k.split(',') : [])))].sort();
  return {
    mode: 'coalition_attribution',
    evidenceItems: ids.map((evidenceItemId, i) => ({ evidenceItemId, evidenceHash: HASH(100 + i) })),
    coalitionUtilities: Object.entries(values).map(([k, utility], i) => ({ coalitionIds: k ? k.split(',') : [], utility, provenanceHash: HASH(200 + i) })),
    policy: { minimumMaterialUtilityChange: '0.1', minimumValueToCostRatio: '1' },
    ...over,
  };
};
/** Every coalition of `ids` with v(S) = f(members). */
const everyCoalition = (ids: string[], f: (members: string[]) => string): Record<string, string> =>
  Object.fromEntries(times(2 ** ids.length, (mask) => ids.filter((_, i) => mask & (1 << i))).map((members) => [members.join(','), f(members)]));
const GLOVES = { '': '10', a: '10', b: '10', c: '10', 'a,b': '11', 'a,c': '11', 'b,c': '10', 'a,b,c': '11' };

describe('counterfactual-value-meter request', () => {
  const accepts = boundCase(entry.request, example());
  const option = (i: number) => ({ optionId: `o${i}`, expectedUtility: '1', confidence: 0.5 });
  it.each(boundRows([
    ['mode', 'coalition_attribution', true],
    ['mode', 'decision', false],
    ['mode', undefined, false],
    ['purchase', undefined, true],
    ['purchase.cost', '0.000001', true],
    ['purchase.cost', '0', false],
    ['purchase.cost', '0.000000', false],
    ['purchase.cost', '1.1234567', false],
    ['purchase.cost', '-1', false],
    ['purchase.currency', 'usdc', true],
    ['purchase.currency', 'USDT', false],
    ['purchase.currency', undefined, true],
    ['purchase.sourceReceiptHash', null, true],
    ['purchase.sourceReceiptHash', undefined, false],
    ['purchase.evidenceHash', HASH(1).slice(1), false],
    ['purchase.evidenceHash', `sha256:${HASH(1).toUpperCase()}`, true],
    ['purchase.evidenceItemId', ' ', false],
    ['purchase.note', 'x', false],
    ['utilityScale.higherIsBetter', false, false],
    ['utilityScale.name', undefined, true],
    ['utilityScale.name', '', false],
    ['utilityScale.minimum', undefined, false],
    ['utilityScale.maximum', '1e3', false],
    ['baselineDecision.options', [], false],
    ['baselineDecision.options', times(100, option), true],
    ['baselineDecision.options', times(101, option), false],
    ['baselineDecision.options.0.confidence', 0, true],
    ['baselineDecision.options.0.confidence', 1, true],
    ['baselineDecision.options.0.confidence', 1.01, false],
    ['baselineDecision.options.0.confidence', -0.01, false],
    ['baselineDecision.options.0.expectedUtility', '-1', false],
    ['baselineDecision.options.0.expectedUtility', '12.000001', true],
    ['baselineDecision.selectedOptionId', '', false],
    ['updatedDecision.snapshotHash', 'not-a-hash', false],
    ['updatedDecision.extra', true, false],
    ['observedOutcome', null, true],
    ['observedOutcome', { available: true, outcomeHash: HASH(5) }, true],
    ['observedOutcome', { available: true }, false],
    ['observedOutcome', { available: true, outcomeHash: null }, false],
    ['observedOutcome', { available: false }, true],
    ['observedOutcome', { available: null, outcomeHash: null, realizedUtility: null }, true],
    ['observedOutcome', { available: true, outcomeHash: HASH(5), realizedUtility: '1.1234567' }, false],
    ['policy.minimumConfidenceChange', null, true],
    ['policy.minimumConfidenceChange', 1, true],
    ['policy.minimumConfidenceChange', 1.1, false],
    ['policy.minimumMaterialUtilityChange', undefined, false],
    ['policy.minimumValueToCostRatio', '0', true],
    ['evidenceItems', times(1, (i) => ({ evidenceItemId: `e${i}`, evidenceHash: HASH(i) })), false],
    ['evidenceItems', times(2, (i) => ({ evidenceItemId: `e${i}`, evidenceHash: HASH(i) })), true],
    ['evidenceItems', times(12, (i) => ({ evidenceItemId: `e${i}`, evidenceHash: HASH(i) })), true],
    ['evidenceItems', times(13, (i) => ({ evidenceItemId: `e${i}`, evidenceHash: HASH(i) })), false],
    ['coalitionUtilities', times(10_000, () => ({ coalitionIds: [], utility: '1', provenanceHash: HASH(1) })), true],
    ['coalitionUtilities', times(10_001, () => ({ coalitionIds: [], utility: '1', provenanceHash: HASH(1) })), false],
    ['coalitionUtilities', [{ coalitionIds: times(12, String), utility: '1', provenanceHash: HASH(1) }], true],
    ['coalitionUtilities', [{ coalitionIds: times(13, String), utility: '1', provenanceHash: HASH(1) }], false],
    ['coalitionUtilities', [{ coalitionIds: [], utility: '1' }], false],
    ['callerNote', { anything: true }, true],
  ]))('$path = $shown accepted: $accepted', ({ path, value, accepted }) => {
    expect(accepts(path, value)).toBe(accepted);
  });
});

describe('counterfactual-value-meter, decision_delta', () => {
  it('allows the catalog example: the evidence switched carriers, worth 13 points for 0.05 USDC', () => {
    expect(run(example()).result).toMatchObject({
      decision: 'allow',
      riskScore: 0,
      mode: 'decision_delta',
      decisionChanged: true,
      utilityDelta: { selected: '-2', best: '-2', decisionValue: '13' },
      confidenceChange: 0.2,
      valueToCostRatio: '260',
      material: true,
      attributions: [],
      completeness: null,
    });
  });

  it('reviews evidence that only confirmed the choice: no decision value, so below any positive ratio', () => {
    const result = run(delta(state('a', { a: ['70', 0.6], b: ['60', 0.5] }), state('a', { a: ['71', 0.65], b: ['59', 0.5] }, 2))).result;
    expect(result).toMatchObject({ decision: 'review', decisionChanged: false, utilityDelta: { selected: '1', decisionValue: '0' }, valueToCostRatio: '0', material: false });
    expect(result.reasons.map((r) => r.code)).toEqual(['decision_unchanged', 'evidence_not_material', 'value_to_cost_below_minimum']);
  });

  it('counts a confidence change of 0.1 as material although 0.7 - 0.6 is 0.0999... in floating point', () => {
    const result = run(delta(state('a', { a: ['70', 0.6] }), state('a', { a: ['70', 0.7] }, 2), { policy: { ...policy, minimumValueToCostRatio: '0' } })).result;
    expect(result).toMatchObject({ decision: 'allow', confidenceChange: 0.1, material: true });
  });

  it('blocks a switch to an option the updated state itself ranks materially lower', () => {
    const result = run(delta(state('a', { a: ['70', 0.6], b: ['66', 0.5] }), state('b', { a: ['70', 0.6], b: ['65', 0.7] }, 2))).result;
    expect(result).toMatchObject({ decision: 'block', riskScore: 70, utilityDelta: { decisionValue: '-5' }, valueToCostRatio: '-100' });
    expect(result.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['decision_regression', 'updated_selection_not_best']));
  });

  it('judges the value-to-cost ratio exactly at the boundary', () => {
    const at = (minimum: string) => run(delta(state('a', { a: ['10', 0.5], b: ['10', 0.5] }), state('b', { a: ['10', 0.5], b: ['15', 0.5] }, 2), { policy: { ...policy, minimumValueToCostRatio: minimum } })).result;
    expect(at('100')).toMatchObject({ decision: 'allow', valueToCostRatio: '100' });
    expect(at('100.000001').decision).toBe('review');
  });

  it('fails when the two states do not rank the same options, naming the differences', () => {
    const result = run(delta(state('a', { a: ['1', 0.5], b: ['2', 0.5] }), state('a', { a: ['1', 0.5], c: ['2', 0.5] }, 2))).result;
    expect(result).toMatchObject({ decision: 'failed', decisionChanged: null, utilityDelta: null, valueToCostRatio: null });
    expect(result.reasons).toEqual([expect.objectContaining({ code: 'option_sets_differ', severity: 'critical', message: expect.stringMatching(/baselineDecision: b; only in updatedDecision: c/) })]);
  });

  it('fails on a selection outside the options, an option listed twice, and utilities off the scale', () => {
    expect(codes(delta(state('z', { a: ['1', 0.5] }), state('a', { a: ['1', 0.5] }, 2)))).toContain('selected_option_unknown');
    const twice: State = { ...state('a', { a: ['1', 0.5] }), options: [{ optionId: 'a', expectedUtility: '1', confidence: 0.5 }, { optionId: 'a', expectedUtility: '2', confidence: 0.5 }] };
    expect(codes(delta(twice, state('a', { a: ['1', 0.5] }, 2)))).toContain('duplicate_option_ids');
    const scaled = run(delta(state('a', { a: ['1', 0.5] }), state('a', { a: ['101', 0.5] }, 2), { utilityScale: { minimum: '0', maximum: '100', higherIsBetter: true } })).result;
    expect(scaled).toMatchObject({ decision: 'failed', reasons: [expect.objectContaining({ code: 'utility_outside_scale', message: expect.stringContaining('updatedDecision.a') })] });
    expect(codes(delta(state('a', { a: ['1', 0.5] }), state('a', { a: ['1', 0.5] }, 2), { utilityScale: { minimum: '5', maximum: '5', higherIsBetter: true } }))).toEqual(['utility_scale_invalid']);
  });

  it('answers insufficient_evidence without both states, and without a policy after measuring', () => {
    expect(run({ mode: 'decision_delta', baselineDecision: state('a', { a: ['1', 0.5] }) }).result).toMatchObject({ decision: 'insufficient_evidence', evidence: { missingFields: ['updatedDecision'] }, utilityDelta: null });
    const noPolicy = run(withValue(example(), 'policy', undefined)).result;
    expect(noPolicy).toMatchObject({ decision: 'insufficient_evidence', utilityDelta: { decisionValue: '13' }, material: null, valueToCostRatio: null });
  });

  it('reports an observed outcome beside the expectation without judging by it', () => {
    const result = run({ ...example(), observedOutcome: { available: true, outcomeHash: HASH(9), realizedUtility: '61.5' } }).result;
    expect(result).toMatchObject({ decision: 'allow', evidence: { outcome: { realizedUtility: '61.5', expectedUtility: '68', realizedMinusExpected: '-6.5' } } });
    expect(codes({ ...example(), observedOutcome: { available: false } })).toContain('outcome_not_available');
    expect(run({ ...example(), observedOutcome: { available: true, outcomeHash: HASH(9), realizedUtility: '100.5' } }).result.decision).toBe('failed');
  });

  it('without a purchase, measures but does not weigh the value against a cost', () => {
    const result = run(withValue(example(), 'purchase', undefined)).result;
    expect(result).toMatchObject({ decision: 'allow', valueToCostRatio: null });
    expect(result.reasons.map((r) => r.code)).toContain('no_purchase');
  });

  it('reviews an update that carries the baseline snapshot hash', () => {
    const input = example();
    input.updatedDecision!.snapshotHash = `sha256:${input.baselineDecision!.snapshotHash.slice(7).toUpperCase()}`;
    expect(run(input).result).toMatchObject({ decision: 'review', reasons: expect.arrayContaining([expect.objectContaining({ code: 'snapshot_unchanged' })]) });
  });

  it('says which fields the mode did not use, and gives the same answer whatever the order of options', () => {
    const input = { ...example(), evidenceItems: [{ evidenceItemId: 'x', evidenceHash: HASH(1) }, { evidenceItemId: 'y', evidenceHash: HASH(2) }] };
    expect(codes(input)[0]).toBe('fields_ignored_for_mode');
    const tie = delta(state('a', { a: ['5', 0.5], b: ['5', 0.5] }), state('a', { b: ['5', 0.5], a: ['5', 0.5] }, 2));
    const reversed = withValue(tie, 'baselineDecision.options', [...tie.baselineDecision!.options].reverse());
    expect(run(reversed).result).toEqual(run(tie).result);
    expect(run(tie).result.evidence).toMatchObject({ baselineBest: 'a', updatedBest: 'a' });
  });
});

describe('counterfactual-value-meter, coalition_attribution', () => {
  it('gives the glove game its known Shapley values exactly: 2/3, 1/6, 1/6', () => {
    const result = run(coalitionRequest(GLOVES)).result;
    expect(result.attributions.map((a) => [a.evidenceItemId, a.shapleyValue, a.exactValue, a.share])).toEqual([
      ['a', '0.666667', '2/3', 0.6667],
      ['b', '0.166667', '1/6', 0.1667],
      ['c', '0.166667', '1/6', 0.1667],
    ]);
    expect(result).toMatchObject({ decision: 'allow', completeness: { complete: true, expectedCoalitions: 8, suppliedCoalitions: 8, missingCount: 0 }, evidence: { efficiency: { totalGain: '1', sumOfShapleyValues: '1', holds: true } } });
  });

  it('returns each item its own effect in an additive game, with equal smallest and largest marginal contributions', () => {
    const effect: Record<string, number> = { a: 1.5, b: 0.25, c: 3 };
    const result = run(coalitionRequest(everyCoalition(['a', 'b', 'c'], (m) => (20 + m.reduce((s, id) => s + effect[id]!, 0)).toFixed(6)))).result;
    expect(result.attributions.map((a) => [a.shapleyValue, a.standaloneValue, a.marginalRange])).toEqual([
      ['1.5', '1.5', { min: '1.5', max: '1.5' }],
      ['0.25', '0.25', { min: '0.25', max: '0.25' }],
      ['3', '3', { min: '3', max: '3' }],
    ]);
  });

  it('agrees with the average over all 120 orders of arrival for five items with interactions', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const random = prng(11);
    const values = everyCoalition(ids, () => (random() * 100).toFixed(6));
    const v = (members: string[]) => BigInt(values[[...members].sort().join(',')]!.replace('.', ''));
    const orders = (rest: string[]): string[][] => (rest.length ? rest.flatMap((id) => orders(rest.filter((x) => x !== id)).map((o) => [id, ...o])) : [[]]);
    const sums = Object.fromEntries(ids.map((id) => [id, 0n]));
    for (const order of orders(ids)) order.forEach((id, i) => (sums[id]! += v(order.slice(0, i + 1)) - v(order.slice(0, i))));
    for (const a of run(coalitionRequest(values)).result.attributions) {
      const [numerator, denominator = '1'] = a.exactValue.split('/');
      expect(BigInt(numerator!) * 120n * 1_000_000n).toBe(sums[a.evidenceItemId]! * BigInt(denominator));
    }
  });

  it('computes all 4,096 coalitions of 12 items with the efficiency check holding exactly', () => {
    const ids = times(12, (i) => `ev${String(i).padStart(2, '0')}`);
    const random = prng(12);
    const result = run(coalitionRequest(everyCoalition(ids, () => (random() * 1000).toFixed(6)), { purchase: purchase('ev03', '0.02', HASH(103)) })).result;
    expect(result.attributions).toHaveLength(12);
    expect(result).toMatchObject({ completeness: { complete: true, expectedCoalitions: 4096 }, evidence: { marginalContributions: 24_576, efficiency: { holds: true } } });
  });

  it('answers insufficient_evidence listing the missing coalitions, the empty one included', () => {
    const { '': _empty, 'a,b': _ab, ...rest } = GLOVES;
    const result = run(coalitionRequest(rest)).result;
    expect(result).toMatchObject({ decision: 'insufficient_evidence', attributions: [], completeness: { complete: false, missingCount: 2, missingCoalitions: [[], ['a', 'b']] } });
    expect(result.reasons).toEqual([expect.objectContaining({ code: 'coalitions_missing', message: expect.stringContaining('{}, {a, b}') })]);
  });

  it('lists at most 20 missing coalitions, with the count of all of them', () => {
    const ids = times(6, (i) => `e${i}`);
    const result = run(coalitionRequest({ [ids.join(',')]: '1', '': '0' })).result;
    expect(result.completeness).toMatchObject({ expectedCoalitions: 64, missingCount: 62 });
    expect(result.completeness!.missingCoalitions).toHaveLength(20);
  });

  it('fails on a coalition given twice (in any order), an unknown id, an id listed twice in one coalition, or an evidence item listed twice', () => {
    const twice = coalitionRequest(GLOVES);
    twice.coalitionUtilities!.push({ coalitionIds: ['b', 'a'], utility: '11', provenanceHash: HASH(1) });
    expect(run(twice).result).toMatchObject({ decision: 'failed', completeness: { duplicateCoalitions: [['a', 'b']] } });
    const unknown = coalitionRequest(GLOVES);
    unknown.coalitionUtilities![7]!.coalitionIds = ['a', 'b', 'z'];
    expect(run(unknown).result).toMatchObject({ decision: 'failed', completeness: { unknownEvidenceItemIds: ['z'] } });
    const malformed = coalitionRequest(GLOVES);
    malformed.coalitionUtilities!.push({ coalitionIds: ['a', 'a'], utility: '1', provenanceHash: HASH(1) });
    expect(run(malformed).result).toMatchObject({ decision: 'failed', completeness: { malformedEntries: [8] } });
    const items = coalitionRequest(GLOVES);
    items.evidenceItems![2]!.evidenceItemId = 'a';
    expect(codes(items)).toEqual(['duplicate_evidence_items']);
  });

  it('ties the purchase to its evidence item: unknown item or another hash fails, the same hash in another spelling does not', () => {
    expect(codes(coalitionRequest(GLOVES, { purchase: purchase('z') }))).toContain('purchase_item_not_in_evidence');
    expect(codes(coalitionRequest(GLOVES, { purchase: purchase('a', '0.5', HASH(999)) }))).toContain('purchase_evidence_hash_mismatch');
    const ok = run(coalitionRequest(GLOVES, { purchase: purchase('a', '0.5', `sha256:${HASH(100).toUpperCase()}`) })).result;
    expect(ok).toMatchObject({ decision: 'allow', valueToCostRatio: '1.333333', material: true });
  });

  it('blocks a purchased item that lowers utility on average, and reviews another item that does', () => {
    // Item b misleads: every coalition with it is worth 2 less.
    const values = everyCoalition(['a', 'b', 'c'], (m) => (50 + (m.includes('a') ? 3 : 0) + (m.includes('c') ? 1 : 0) - (m.includes('b') ? 2 : 0)).toFixed(0));
    const bought = run(coalitionRequest(values, { purchase: purchase('b', '0.5', HASH(101)) })).result;
    expect(bought).toMatchObject({ decision: 'block', valueToCostRatio: '-4', material: true });
    expect(bought.reasons.map((r) => r.code)).toContain('purchased_evidence_lowered_utility');
    const other = run(coalitionRequest(values, { purchase: purchase('a', '1', HASH(100)) })).result;
    expect(other).toMatchObject({ decision: 'review', valueToCostRatio: '3' });
    expect(other.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['negative_contribution', 'value_to_cost_met']));
  });

  it('reviews a purchased item worth less than its cost under the policy', () => {
    const result = run(coalitionRequest(GLOVES, { purchase: purchase('b', '0.5', HASH(101)) })).result;
    expect(result).toMatchObject({ decision: 'review', valueToCostRatio: '0.333333' });
  });

  it('fails on coalition utilities off the scale, naming the coalition', () => {
    const result = run(coalitionRequest(GLOVES, { utilityScale: { minimum: '10', maximum: '10.5', higherIsBetter: true } })).result;
    expect(result).toMatchObject({ decision: 'failed', reasons: [expect.objectContaining({ code: 'utility_outside_scale', message: expect.stringContaining('{a, b}') })] });
  });

  it('answers insufficient_evidence without evidence items, and without a policy after attributing', () => {
    expect(run({ mode: 'coalition_attribution', coalitionUtilities: [] }).result).toMatchObject({ decision: 'insufficient_evidence', evidence: { missingFields: ['evidenceItems'] } });
    expect(run(withValue(coalitionRequest(GLOVES), 'policy', undefined)).result).toMatchObject({ decision: 'insufficient_evidence', attributions: expect.arrayContaining([expect.objectContaining({ exactValue: '2/3' })]) });
  });

  it('gives the same answer whatever the order of the coalitions', () => {
    const input = coalitionRequest(GLOVES, { purchase: purchase('a', '0.5', HASH(100)) });
    expect(run(withValue(input, 'coalitionUtilities', [...input.coalitionUtilities!].reverse())).result).toEqual(run(input).result);
  });
});
