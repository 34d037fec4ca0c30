import { toolById } from '@paysight/contracts';
import { boundCase, times, withValue } from '../bounds.test-support.js';
import { analyzeEvidenceRouter, type RouterInput } from './index.js';
import { buildModel, confidences } from './model.js';
import { EPS, searchPlan } from './search.js';

const entry = toolById('evidence_budget_router')!;
type Source = RouterInput['sources'][number];
const source = (sourceId: string, price: string, covers: Record<string, number>, over: Partial<Source> = {}): Source => ({
  sourceId,
  provider: 'paysight',
  price,
  latencyMs: 1000,
  reliability: 1,
  covers: Object.entries(covers).map(([dimensionId, strength]) => ({ dimensionId, strength })),
  ...over,
});
const dimensions = [
  { dimensionId: 'risk', required: true },
  { dimensionId: 'history', required: true },
  { dimensionId: 'price', required: false, weight: 0.5 },
];
const request = (sources: Source[], over: Partial<RouterInput> = {}): RouterInput => ({ question: 'Buy the data license?', budget: '1', dimensions, sources, policy: { minimumConfidence: 0.8, targetConfidence: 0.8 }, ...over });
const run = (input: RouterInput) => analyzeEvidenceRouter(entry.request.parse(input) as RouterInput).result;
const planOf = (input: RouterInput) => run(input).purchasePlan.map((p) => p.sourceId);

describe('evidence-budget-router request', () => {
  const base = request([source('audit', '0.5', { risk: 0.9 }), source('profile', '0.25', { history: 0.9 }, { dependsOn: ['audit'], redundancyGroup: 'chain-data' })]);
  const accepts = boundCase(entry.request, base);
  const many = (n: number) => times(n, (i) => source(`s${i}`, '0.01', { risk: 0.5 }));
  const dims = (n: number) => times(n, (i) => ({ dimensionId: i === 0 ? 'risk' : i === 1 ? 'history' : `d${i}`, required: false }));
  it.each([
    ['question', 'q'.repeat(500), true],
    ['question', 'q'.repeat(501), false],
    ['question', ' ', false],
    ['budget', '0', true],
    ['budget', '1000000', true],
    ['budget', '1000000.000001', false],
    ['budget', '1.0000001', false],
    ['budget', undefined, false],
    ['deadlineMs', null, true],
    ['deadlineMs', 1, true],
    ['deadlineMs', 86_400_000, true],
    ['deadlineMs', 0, false],
    ['deadlineMs', 86_400_001, false],
    ['dimensions', [], false],
    ['dimensions', dims(20), true],
    ['dimensions', dims(21), false],
    ['dimensions.1.dimensionId', 'risk', false], // listed twice
    ['dimensions.2.dimensionId', 'x'.repeat(100), true],
    ['dimensions.2.dimensionId', 'x'.repeat(101), false],
    ['dimensions.0.weight', 0, true],
    ['dimensions.0.weight', null, true],
    ['dimensions.0.weight', 1.01, false],
    ['dimensions.0.required', undefined, false],
    ['dimensions.0.priority', 1, false],
    ['sources', [], false],
    ['sources', many(50), true],
    ['sources', many(51), false],
    ['sources.1.sourceId', 'audit', false], // listed twice
    ['sources.0.provider', 'p'.repeat(200), true],
    ['sources.0.provider', 'p'.repeat(201), false],
    ['sources.0.price', '1000000', true],
    ['sources.0.price', '1000000.1', false],
    ['sources.0.latencyMs', 3_600_000, true],
    ['sources.0.latencyMs', 3_600_001, false],
    ['sources.0.latencyMs', -1, false],
    ['sources.0.reliability', 1.1, false],
    ['sources.0.covers', [], false],
    ['sources.0.covers', dims(20).map((d) => ({ dimensionId: d.dimensionId, strength: 0.1 })), false], // d2..d19 are not listed dimensions
    ['sources.0.covers', times(21, () => ({ dimensionId: 'risk', strength: 0.1 })), false],
    ['sources.0.covers', [{ dimensionId: 'risk', strength: 0.1 }, { dimensionId: 'risk', strength: 0.2 }], false],
    ['sources.0.covers', [{ dimensionId: 'ghost', strength: 0.5 }], false],
    ['sources.0.covers.0.strength', 1.5, false],
    ['sources.0.covers.0.weight', 1, false],
    ['sources.1.dependsOn', times(10, () => 'audit'), true],
    ['sources.1.dependsOn', times(11, () => 'audit'), false],
    ['sources.1.dependsOn', ['ghost'], false],
    ['sources.1.dependsOn', ['profile'], false],
    ['sources.1.dependsOn', null, true],
    ['sources.1.redundancyGroup', null, true],
    ['sources.1.redundancyGroup', 'g'.repeat(101), false],
    ['policy', {}, true],
    ['policy', undefined, false],
    ['policy.minimumConfidence', 1, true],
    ['policy.minimumConfidence', 1.2, false],
    ['policy.targetConfidence', null, true],
    ['policy.maxSources', 1, true],
    ['policy.maxSources', 50, true],
    ['policy.maxSources', 0, false],
    ['policy.maxSources', 51, false],
    ['policy.budget', '1', false],
    ['extra', true, false],
  ])('%s = %j accepted: %s', (path, value, accepted) => {
    expect(accepts(path, value)).toBe(accepted);
  });

  it('accepts the catalog example', () => {
    expect(entry.request.safeParse(entry.example).success).toBe(true);
  });
});

/** Every subset of the open sources, closure-complete and within the limits: the exact optimum the search must match. */
function bruteForce(input: RouterInput) {
  const model = buildModel(input);
  const budget = BigInt(Math.round(Number(input.budget) * 1e6));
  const required = model.dimensions.flatMap((d, i) => (d.required ? [i] : []));
  const minimum = input.policy.minimumConfidence!;
  let best: { value: number; cost: bigint } | null = null;
  const n = model.candidates.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    const chosen = times(n, (i) => i).filter((i) => mask & (1 << i));
    if (chosen.some((i) => model.candidates[i]!.closure.some((j) => !(mask & (1 << j))))) continue;
    const cost = chosen.reduce((sum, i) => sum + model.candidates[i]!.price, 0n);
    if (cost > budget || chosen.length > (input.policy.maxSources ?? n)) continue;
    if (input.deadlineMs != null && chosen.some((i) => model.candidates[i]!.readyMs > input.deadlineMs!)) continue;
    const c = confidences(model, chosen);
    if (required.some((d) => c[d]! < minimum - EPS)) continue;
    const value = c.reduce((sum, x, d) => sum + x * model.dimensions[d]!.weight, 0);
    if (!best || value > best.value + EPS || (value >= best.value - EPS && cost < best.cost)) best = { value, cost };
  }
  return best;
}

/** A small random instance from a seed (a linear congruential generator: the test needs variety, not quality). */
function randomInstance(seed: number): RouterInput {
  let state = seed;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const dims = times(4, (i) => ({ dimensionId: `d${i}`, required: i < 2, weight: Math.round(random() * 100) / 100 }));
  const sources = times(11, (i) => ({
    sourceId: `s${i}`,
    provider: 'p',
    price: (0.01 + Math.floor(random() * 30) / 100).toFixed(2),
    latencyMs: Math.floor(random() * 5000),
    reliability: Math.round((0.5 + random() / 2) * 100) / 100,
    covers: dims.filter((_, d) => d === i % 4 || random() < 0.4).map((d) => ({ dimensionId: d.dimensionId, strength: Math.round(random() * 100) / 100 })),
    dependsOn: i > 0 && random() < 0.25 ? [`s${Math.floor(random() * i)}`] : [],
    redundancyGroup: random() < 0.3 ? 'shared' : null,
  }));
  return { question: 'random', budget: (0.3 + random()).toFixed(2), deadlineMs: 4000 + Math.floor(random() * 6000), dimensions: dims, sources, policy: { minimumConfidence: 0.6, maxSources: 2 + Math.floor(random() * 5) } };
}

describe('evidence-budget-router analysis', () => {
  it('allows the catalog example: the audit, the seller profile and the price index for 1.27 USDC (hand-checked)', () => {
    const result = run(entry.example as RouterInput);
    // risk: 0.95 x 0.9 = 0.855 (the snapshot shares the audit's origin, so it adds nothing); history 0.9 x 0.95 = 0.855;
    // price: 1 - (1 - 0.45)(1 - 0.68) = 0.824; value (0.855 + 0.8 x 0.855 + 0.5 x 0.824) / 2.3 = 0.8483.
    expect(result).toMatchObject({ decision: 'allow', riskScore: 0, plannedSpend: '1.27', expectedValue: 0.8483, uncoveredDimensions: [], optimal: true });
    expect(result.purchasePlan.map((p) => [p.sourceId, p.startsAtMs, p.readyAtMs])).toEqual([
      ['price_index', 0, 600],
      ['seller_profile', 0, 5000],
      ['wallet_audit', 0, 8000],
    ]);
    expect(result.evidence).toMatchObject({ plannedLatencyMs: 8000, dimensions: [{ dimensionId: 'counterparty_risk', confidence: 0.855 }, { dimensionId: 'payment_history', confidence: 0.855 }, { dimensionId: 'price_fairness', confidence: 0.824 }] });
  });

  it('finds the same optimum as trying every subset, on 40 random instances', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const input = entry.request.parse(randomInstance(seed)) as RouterInput;
      const exact = bruteForce(input);
      const model = buildModel(input);
      const required = model.dimensions.flatMap((d, i) => (d.required ? [i] : []));
      const found = searchPlan(model, model.candidates.map((_, i) => i).filter((i) => input.deadlineMs == null || model.candidates[i]!.readyMs <= input.deadlineMs), { budget: BigInt(Math.round(Number(input.budget) * 1e6)), maxSources: input.policy.maxSources!, required, minimum: 0.6 });
      expect([seed, found.optimal]).toEqual([seed, true]);
      if (!exact) {
        expect([seed, found.plan]).toEqual([seed, null]);
        continue;
      }
      expect([seed, Math.abs(found.value - exact.value) < 1e-9, found.cost]).toEqual([seed, true, exact.cost]);
    }
  });

  it('buys a source\'s dependencies with it and calls them first', () => {
    const sources = [source('profile', '0.2', { history: 0.9 }, { latencyMs: 500 }), source('score', '0.3', { risk: 0.9 }, { dependsOn: ['profile'], latencyMs: 700 })];
    const result = run(request(sources));
    expect(result.purchasePlan.map((p) => [p.sourceId, p.startsAtMs, p.readyAtMs])).toEqual([
      ['profile', 0, 500],
      ['score', 500, 1200],
    ]);
  });

  it('counts only the best of a redundancy group, and independent sources together', () => {
    const same = [source('a', '0.1', { risk: 0.7, history: 0.9 }, { redundancyGroup: 'indexer' }), source('b', '0.1', { risk: 0.7 }, { redundancyGroup: 'indexer' }), source('c', '0.3', { risk: 0.5 })];
    // a and b share an origin: together still 0.7 on risk. a and c are independent: 1 - 0.3 x 0.5 = 0.85.
    expect(planOf(request(same))).toEqual(['a', 'c']);
    expect((run(request(same)).evidence.dimensions as unknown[])[0]).toMatchObject({ dimensionId: 'risk', confidence: 0.85 });
  });

  it('reviews a plan that reaches the minimum but not the target', () => {
    const result = run(request([source('audit', '0.5', { risk: 0.85 }), source('profile', '0.2', { history: 0.95 })], { policy: { minimumConfidence: 0.8, targetConfidence: 0.9 } }));
    expect(result).toMatchObject({ decision: 'review', riskScore: 15, plannedSpend: '0.7' });
    expect(result.reasons.map((r) => r.code)).toEqual(['below_target_confidence', 'optional_dimensions_uncovered']);
  });

  it('blocks when no plan within the budget settles every required dimension, and shows the best affordable one', () => {
    const sources = [source('audit', '0.8', { risk: 0.9 }), source('profile', '0.3', { history: 0.9 }), source('index', '0.05', { price: 0.9 })];
    const result = run(request(sources, { budget: '1' }));
    expect(result).toMatchObject({ decision: 'block', purchasePlan: [], plannedSpend: '0', optimal: true });
    expect(result.reasons.map((r) => r.code)).toEqual(['no_plan_within_limits']);
    // Within 1 USDC the audit and the index are worth as much as the profile and the index: the cheaper pair is shown.
    expect(result.evidence).toMatchObject({ partialPlanSpend: '0.35', partialPlan: [{ sourceId: 'index' }, { sourceId: 'profile' }] });
    expect(result.uncoveredDimensions).toEqual(['risk']);
    expect(run(request(sources, { budget: '1.1' })).decision).toBe('allow');
    expect(run(request(sources, { budget: '1.1', policy: { minimumConfidence: 0.8, maxSources: 1 } })).decision).toBe('block');
  });

  it('leaves out sources that answer after the deadline or cost more than the budget with their inputs', () => {
    const sources = [source('slow', '0.1', { risk: 0.9 }, { latencyMs: 9000 }), source('fast', '0.2', { risk: 0.85 }), source('history', '0.1', { history: 0.9 }), source('dear', '2', { price: 1 })];
    const result = run(request(sources, { deadlineMs: 5000 }));
    expect(result).toMatchObject({ decision: 'allow', purchasePlan: [{ sourceId: 'fast' }, { sourceId: 'history' }], evidence: { outOfReach: [{ sourceId: 'dear', why: 'over_budget' }, { sourceId: 'slow', why: 'past_deadline' }] } });
  });

  it('answers insufficient_evidence when no candidate covers a required dimension, or all of them together fall short', () => {
    const none = run(request([source('audit', '0.5', { risk: 0.9 })]));
    expect(none).toMatchObject({ decision: 'insufficient_evidence', purchasePlan: [], uncoveredDimensions: ['history', 'price'] });
    expect(none.reasons.map((r) => r.code)).toEqual(['required_dimension_without_source', 'optional_dimensions_uncovered']);
    // history: 1 - 0.5 x 0.6 = 0.7 at best, below 0.8
    const short = run(request([source('audit', '0.5', { risk: 0.9 }), source('h1', '0.1', { history: 0.5 }), source('h2', '0.1', { history: 0.4 })]));
    expect(short).toMatchObject({ decision: 'insufficient_evidence', purchasePlan: [] });
    expect((short.evidence.partialPlan as { sourceId: string }[]).map((p) => p.sourceId)).toEqual(['audit', 'h1', 'h2']);
    expect(short.reasons[0]).toMatchObject({ code: 'required_dimension_unreachable', message: expect.stringContaining('history at 0.7') });
  });

  it('cannot buy sources that depend on each other in a cycle', () => {
    const sources = [source('a', '0.1', { risk: 0.9 }, { dependsOn: ['b'] }), source('b', '0.1', { history: 0.9 }, { dependsOn: ['a'] }), source('c', '0.1', { risk: 0.9, history: 0.9 })];
    const result = run(request(sources));
    expect(result).toMatchObject({ decision: 'review', purchasePlan: [{ sourceId: 'c' }], evidence: { blockedByCycle: ['a', 'b'] } });
    expect(result.reasons.map((r) => r.code)).toContain('dependency_cycle');
  });

  it('stops a search too large to finish, keeps the best plan found and says how far off it can be', () => {
    let state = 7;
    const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const dims = times(20, (i) => ({ dimensionId: `d${i}`, required: i < 5 }));
    const sources = times(50, (i) => ({ ...source(`s${i}`, (0.05 + random() * 0.1).toFixed(4), {}), reliability: 0.9, covers: dims.map((d) => ({ dimensionId: d.dimensionId, strength: Math.round(random() * 60) / 100 })) }));
    const result = run({ question: 'many', budget: '1.6', dimensions: dims, sources, policy: { minimumConfidence: 0.8, targetConfidence: 0.8, maxSources: 20 } });
    expect(result).toMatchObject({ decision: 'review', optimal: false, evidence: { search: { optimal: false } } });
    expect(result.reasons.map((r) => r.code)).toEqual(['search_truncated']);
    expect(result.expectedValue).toBeLessThanOrEqual((result.evidence.search as { valueUpperBound: number }).valueUpperBound);
  });

  it('answers the same whatever the order of sources and dimensions', () => {
    const input = entry.example as RouterInput;
    const result = run(input);
    expect(run(withValue(withValue(input, 'sources', [...input.sources].reverse()), 'dimensions', [...input.dimensions].reverse())).purchasePlan).toEqual(result.purchasePlan);
    expect(run(structuredClone(input))).toEqual(result);
  });
});
