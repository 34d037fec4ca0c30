import { toolById } from '@paysight/contracts';
import { boundCase, times, withValue } from '../bounds.test-support.js';
import { WORK_LIMIT, analyzeDryRun, wilsonInterval, type DryRunInput } from './index.js';
import { seededRandom, xoshiro128StarStar } from './random.js';
import { triangular } from './simulate.js';

const entry = toolById('economic_dry_run_simulator')!;
type Node = DryRunInput['plan']['nodes'][number];
const step = (id: string, price: string, successProbability: number, ms: number | [number, number, number], over: Partial<Node> = {}): Node => {
  const [minMs, modeMs, maxMs] = typeof ms === 'number' ? [ms, ms, ms] : ms;
  return { id, provider: `provider:${id}`, price, successProbability, latencyMs: { minMs, modeMs, maxMs }, ...over };
};
const request = (nodes: Node[], policy: DryRunInput['policy'] = {}, seed = 1): DryRunInput => ({ seed, plan: { nodes }, policy });
const run = (input: DryRunInput) => analyzeDryRun(entry.request.parse(input) as DryRunInput).result;
const codes = (input: DryRunInput) => run(input).reasons.map((r) => r.code);

/** A fixed pipeline: fetch (0.10, 100 ms) and index (0.05, 50 ms) feed report (0.20, 200 ms). */
const pipeline = [step('fetch', '0.10', 1, 100), step('index', '0.05', 1, 50), step('report', '0.20', 1, 200, { dependsOn: ['fetch', 'index'] })];

describe('economic-dry-run-simulator request', () => {
  const base = request([step('a', '0.01', 0.9, [10, 20, 30], { retry: { maxRetries: 1, backoffMs: 5 } }), step('b', '0.02', 0.9, 10, { dependsOn: ['a'] })], { budget: '1', iterations: 100 });
  const accepts = boundCase(entry.request, base);
  const chain = (n: number) => times(n, (i) => step(`s${i}`, '0.01', 1, 1, i ? { dependsOn: [`s${i - 1}`] } : {}));
  it.each([
    ['seed', -7, true],
    ['seed', 0, true],
    ['seed', Number.MAX_SAFE_INTEGER, true],
    ['seed', 1.5, false],
    ['seed', '1', false],
    ['seed', undefined, false],
    ['plan.nodes', [], false],
    ['plan.nodes', chain(200), true],
    ['plan.nodes', chain(201), false],
    ['plan.label', 'x', false],
    ['plan.nodes.0.id', 'x'.repeat(100), false], // b depends on "a", which is gone
    ['plan.nodes.1.id', 'x'.repeat(100), true],
    ['plan.nodes.1.id', 'x'.repeat(101), false],
    ['plan.nodes.1.id', ' ', false],
    ['plan.nodes.1.id', 'a', false], // listed twice
    ['plan.nodes.0.provider', 'p'.repeat(200), true],
    ['plan.nodes.0.provider', 'p'.repeat(201), false],
    ['plan.nodes.0.price', '0', true],
    ['plan.nodes.0.price', '1000000', true],
    ['plan.nodes.0.price', '1000000.000001', false],
    ['plan.nodes.0.price', '0.0000001', false],
    ['plan.nodes.0.price', 0.01, false],
    ['plan.nodes.0.successProbability', 0, true],
    ['plan.nodes.0.successProbability', 1, true],
    ['plan.nodes.0.successProbability', 1.01, false],
    ['plan.nodes.0.successProbability', -0.01, false],
    ['plan.nodes.0.latencyMs', { minMs: 0, modeMs: 0, maxMs: 3_600_000 }, true],
    ['plan.nodes.0.latencyMs', { minMs: 0, modeMs: 0, maxMs: 3_600_001 }, false],
    ['plan.nodes.0.latencyMs', { minMs: 20, modeMs: 10, maxMs: 30 }, false],
    ['plan.nodes.0.latencyMs', { minMs: 10, modeMs: 40, maxMs: 30 }, false],
    ['plan.nodes.0.latencyMs', { minMs: 1.5, modeMs: 2, maxMs: 3 }, false],
    ['plan.nodes.0.latencyMs.p50', 1, false],
    ['plan.nodes.1.dependsOn', times(20, () => 'a'), true],
    ['plan.nodes.1.dependsOn', times(21, () => 'a'), false],
    ['plan.nodes.1.dependsOn', ['ghost'], false],
    ['plan.nodes.1.dependsOn', ['b'], false],
    ['plan.nodes.1.dependsOn', null, true],
    ['plan.nodes.0.retry', null, true],
    ['plan.nodes.0.retry', { maxRetries: 5, backoffMs: 600_000 }, true],
    ['plan.nodes.0.retry', { maxRetries: 6, backoffMs: 0 }, false],
    ['plan.nodes.0.retry', { maxRetries: 0, backoffMs: 600_001 }, false],
    ['plan.nodes.0.retry', { maxRetries: 1 }, false],
    ['plan.nodes.0.optional', null, true],
    ['plan.nodes.0.optional', 'yes', false],
    ['plan.nodes.0.chargeFailedAttempts', false, true],
    ['plan.nodes.0.timeoutMs', 5, false],
    ['policy', {}, true],
    ['policy', undefined, false],
    ['policy.budget', null, true],
    ['policy.budget', '1000000000', true],
    ['policy.budget', '1000000000.000001', false],
    ['policy.deadlineMs', 1, true],
    ['policy.deadlineMs', 86_400_000, true],
    ['policy.deadlineMs', 0, false],
    ['policy.deadlineMs', 86_400_001, false],
    ['policy.minSuccessProbability', 1, true],
    ['policy.minSuccessProbability', 1.1, false],
    ['policy.iterations', 1, true],
    ['policy.iterations', 10_000, true],
    ['policy.iterations', 0, false],
    ['policy.iterations', 10_001, false],
    ['policy.confidencePercent', 50, true],
    ['policy.confidencePercent', 99, true],
    ['policy.confidencePercent', 49, false],
    ['policy.confidencePercent', 100, false],
    ['policy.maxCost', '1', false],
    ['callerNote', 'x', false],
  ])('%s = %j accepted: %s', (path, value, accepted) => {
    expect(accepts(path, value)).toBe(accepted);
  });

  it('accepts the catalog example', () => {
    expect(entry.request.safeParse(entry.example).success).toBe(true);
  });
});

describe('the seeded generator', () => {
  it('is xoshiro128**: the reference implementation\'s first outputs from the state (1, 2, 3, 4)', () => {
    const random = xoshiro128StarStar([1, 2, 3, 4]);
    expect(times(6, () => random.next())).toEqual([11520, 0, 5927040, 70819200, 2031721883, 1637235492]);
  });

  it('gives each seed its own stream, negative and beyond 32 bits included', () => {
    const first = (seed: number) => {
      const random = seededRandom(seed);
      return times(4, () => random.next()).join();
    };
    const seeds = [0, 1, 2, -1, 2 ** 32, 2 ** 32 + 1, -(2 ** 32), Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];
    // Not only the streams: already their first outputs differ.
    expect(new Set(seeds.map((seed) => seededRandom(seed).next())).size).toBe(seeds.length);
    expect(new Set(seeds.map(first)).size).toBe(seeds.length);
    expect(first(42)).toBe(first(42));
  });

  it('samples the triangular distribution by its inverse CDF', () => {
    const shape = { minMs: 100, modeMs: 200, maxMs: 400 };
    expect(triangular(shape, 0)).toBe(100);
    expect(triangular(shape, 1 / 3)).toBeCloseTo(200, 9); // the mode sits at F = (200 - 100) / (400 - 100)
    expect(triangular(shape, 1 - Number.EPSILON)).toBeCloseTo(400, 3);
    expect(triangular({ minMs: 70, modeMs: 70, maxMs: 70 }, 0.5)).toBe(70);
  });

  it('gives the 95% Wilson interval (0 of 10: 0 to 0.2775; 10 of 10: 0.7225 to 1)', () => {
    expect(wilsonInterval(0, 10).lower).toBe(0);
    expect(wilsonInterval(0, 10).upper).toBeCloseTo(0.2775, 4);
    expect(wilsonInterval(10, 10).lower).toBeCloseTo(0.7225, 4);
  });
});

describe('economic-dry-run-simulator analysis', () => {
  it('runs a plan without chance or spread once, exactly (hand-checked cost, critical path and latency)', () => {
    const result = run(request(pipeline, { budget: '0.35', deadlineMs: 300, minSuccessProbability: 1 }));
    expect(result).toMatchObject({
      decision: 'allow',
      riskScore: 0,
      simulationMode: 'deterministic',
      successProbability: 1,
      cost: { mean: '0.35', p50: '0.35', p90: '0.35', p99: '0.35', max: '0.35', worstCase: '0.35', budget: '0.35', overrunProbability: 0 },
      latencyMs: { mean: 300, p50: 300, max: 300, deadline: 300, overrunProbability: 0 },
    });
    expect(result.evidence).toMatchObject({ iterationsRun: 1, successInterval: null, expectedCriticalPath: { steps: ['fetch', 'report'], lengthMs: 300 }, outcomes: { completed: 1, partial: 0, failed: 0 } });
    expect(result.reasons.map((r) => r.code)).toEqual(['within_policy']);
  });

  it('blocks a deterministic plan one micro-USDC over budget or one millisecond past the deadline', () => {
    expect(run(request(pipeline, { budget: '0.349999' }))).toMatchObject({ decision: 'block', cost: { overrunProbability: 1 } });
    expect(codes(request(pipeline, { deadlineMs: 299 }))).toEqual(['deadline_exceeded']);
  });

  it('pays every failed attempt and its retries, waits the backoffs, and skips the steps that depend on the failure', () => {
    // fetch always fails: 3 attempts x 0.10 paid, 3 x 100 ms plus 2 x 40 ms backoff; report never starts; index still runs.
    const failing = [step('fetch', '0.10', 0, 100, { retry: { maxRetries: 2, backoffMs: 40 } }), ...pipeline.slice(1)];
    const result = run(request(failing, { minSuccessProbability: 0.5 }));
    expect(result).toMatchObject({ decision: 'block', simulationMode: 'deterministic', successProbability: 0, cost: { mean: '0.35', worstCase: '0.55' }, latencyMs: { max: 380 } });
    expect(result.reasons.map((r) => r.code)).toEqual(['success_probability_below_minimum']);
    expect(result.evidence).toMatchObject({ outcomes: { completed: 0, partial: 0, failed: 1 }, weakestSteps: [{ id: 'fetch', failedShare: 1, startedShare: 1 }] });
    const unpaidFailures = run(request([{ ...failing[0]!, chargeFailedAttempts: false }, ...pipeline.slice(1)]));
    expect(unpaidFailures.cost).toMatchObject({ mean: '0.05', worstCase: '0.35' });
  });

  it('counts a plan whose only failure is an optional step as a success (partial)', () => {
    const result = run(request([...pipeline, step('translate', '0.02', 0, 10, { dependsOn: ['report'], optional: true })], { minSuccessProbability: 1 }));
    expect(result).toMatchObject({ decision: 'allow', successProbability: 1, evidence: { outcomes: { completed: 0, partial: 1, failed: 0 } } });
  });

  it('blocks a plan whose dependencies form a cycle, naming it, without simulating', () => {
    const cyclic = [step('a', '0.01', 1, 1, { dependsOn: ['c'] }), step('b', '0.01', 1, 1, { dependsOn: ['a'] }), step('c', '0.01', 1, 1, { dependsOn: ['b'] }), step('d', '0.01', 1, 1, { dependsOn: ['c'] }), step('e', '0.01', 1, 1)];
    const result = run(request(cyclic, { budget: '1' }));
    expect(result).toMatchObject({ decision: 'block', simulationMode: 'not_simulated', successProbability: 0, cost: { mean: null, worstCase: '0.05' }, evidence: { cycles: [['a', 'b', 'c']], waitingOnCycle: ['a', 'b', 'c', 'd'] } });
    expect(result.reasons.map((r) => r.code)).toEqual(['plan_has_cycle']);
  });

  it('estimates chances close to their exact values (1,000 to 10,000 seeded runs)', () => {
    const coin = (over: Partial<Node> = {}) => request([step('coin', '1', 0.5, [0, 0, 1000], over)], { iterations: 10_000 }, 2026);
    const once = run(coin());
    expect(once.successProbability).toBeGreaterThan(0.48);
    expect(once.successProbability).toBeLessThan(0.52);
    expect(once.latencyMs.mean).toBeGreaterThan(323); // the triangular (0, 0, 1000) has mean 333.3
    expect(once.latencyMs.mean).toBeLessThan(343);
    // One retry: success 1 - 0.5^2; the expected cost is 1 + 0.5 USDC.
    const retried = run(coin({ retry: { maxRetries: 1, backoffMs: 0 } }));
    expect(retried.successProbability).toBeGreaterThan(0.73);
    expect(retried.successProbability).toBeLessThan(0.77);
    expect(Number(retried.cost.mean)).toBeGreaterThan(1.47);
    expect(Number(retried.cost.mean)).toBeLessThan(1.53);
    expect(retried.cost).toMatchObject({ p99: '2', max: '2', worstCase: '2' });
  });

  it('gives the same answer for the same seed, whatever the order of the steps, and another for another seed', () => {
    const input = entry.example as DryRunInput;
    const result = run(input);
    expect(run(structuredClone(input))).toEqual(result);
    expect(run(withValue(input, 'plan.nodes', [...input.plan.nodes].reverse()))).toEqual(result);
    const other = run({ ...input, seed: 43 });
    expect(other.cost.mean).not.toBe(result.cost.mean);
  });

  it('reviews the catalog example: a few runs, those where the audit is retried, go over budget', () => {
    const result = run(entry.example as DryRunInput);
    expect(result).toMatchObject({ decision: 'review', simulationMode: 'monte_carlo', cost: { p90: '1.08', worstCase: '2.1' } });
    expect(result.reasons.map((r) => r.code)).toEqual(['budget_overrun_possible']);
    expect(result.cost.overrunProbability).toBeGreaterThan(0.03); // the audit fails once in 20 and its retry costs 1 USDC more
    expect(result.cost.overrunProbability).toBeLessThan(0.07);
    expect(result.evidence).toMatchObject({ iterationsRun: 2000, expectedCriticalPath: { steps: ['audit', 'summary', 'translate'] } });
  });

  it('reviews a success estimate whose 95% interval straddles the minimum, and blocks one clearly below it', () => {
    const plan = [step('flaky', '0.01', 0.9, [100, 200, 400])];
    const near = run(request(plan, { minSuccessProbability: 0.9, iterations: 400 }));
    expect(near).toMatchObject({ decision: 'review' });
    expect(near.reasons.map((r) => r.code)).toEqual(['success_probability_uncertain']);
    expect(codes(request(plan, { minSuccessProbability: 0.97, iterations: 400 }))).toEqual(['success_probability_below_minimum']);
    expect(codes(request(plan, { minSuccessProbability: 0.8, iterations: 400 }))).toEqual(['within_policy']);
  });

  it('judges the chosen percentile: a tail past the deadline is reviewed, a p90 past it is blocked', () => {
    const plan = [step('slow', '0.01', 1, [100, 200, 1000])];
    const tail = run(request(plan, { deadlineMs: 800, confidencePercent: 90 }));
    expect(tail.reasons.map((r) => r.code)).toEqual(['deadline_overrun_possible']);
    expect(tail.latencyMs.overrunProbability).toBeGreaterThan(0);
    expect(run(request(plan, { deadlineMs: 800, confidencePercent: 99 })).decision).toBe('block');
  });

  it('reviews a plan judged against nothing', () => {
    expect(run(request(pipeline))).toMatchObject({ decision: 'review', reasons: [{ code: 'no_policy_limits', severity: 'warning' }] });
  });

  it('runs fewer iterations on a large plan, within the work limit, and says so', () => {
    const nodes = times(200, (i) => step(`s${i}`, '0.01', 0.99, [1, 2, 3], { retry: { maxRetries: 5, backoffMs: 1 }, dependsOn: i < 20 ? [] : times(20, (j) => `s${i - 1 - j}`) }));
    const result = run(request(nodes, { iterations: 10_000, budget: '100' }));
    const work = 200 * 7 + 180 * 20;
    expect(result.evidence).toMatchObject({ workPerRun: work, iterationsRun: Math.floor(WORK_LIMIT / work), iterationsRequested: 10_000 });
    expect(result.reasons.map((r) => r.code)).toEqual(['iterations_capped', 'within_policy']);
  });
});
