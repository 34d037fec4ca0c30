import { toolById } from '@paysight/contracts';
import { boundCase, times, withValue } from '../bounds.test-support.js';
import { analyzeLoopBreaker, type LoopBreakerInput } from './index.js';

const entry = toolById('recursive_commerce_loop_breaker')!;
const edge = (fromAgentId: string, toAgentId: string, amount = '0', callCount?: number) => ({ fromAgentId, toAgentId, kind: amount === '0' ? ('delegation' as const) : ('payment' as const), amount, ...(callCount ? { callCount } : {}) });
const request = (over: Partial<LoopBreakerInput> = {}): LoopBreakerInput => ({
  rootAgentId: 'planner',
  proposedCall: { fromAgentId: 'researcher', toAgentId: 'writer', kind: 'payment', amount: '0.05' },
  edges: [edge('planner', 'researcher'), edge('researcher', 'search', '0.01', 3)],
  policy: { maxDepth: 4, maxProjectedSpend: '1', maxRepeats: 3, allowCycles: false },
  ...over,
});
const run = (input: LoopBreakerInput) => analyzeLoopBreaker(entry.request.parse(input) as LoopBreakerInput).result;
const codes = (input: LoopBreakerInput) => run(input).reasons.map((r) => r.code);

describe('recursive-commerce-loop-breaker request', () => {
  const accepts = boundCase(entry.request, request());
  it.each([
    ['edges', [], true],
    ['edges', times(1000, (i) => edge(`a${i}`, `a${i + 1}`)), true],
    ['edges', times(1001, (i) => edge(`a${i}`, `a${i + 1}`)), false],
    ['rootAgentId', 'x'.repeat(200), true],
    ['rootAgentId', 'x'.repeat(201), false],
    ['rootAgentId', '  ', false],
    ['rootAgentId', '', false],
    ['edges.1.callCount', 1, true],
    ['edges.1.callCount', 1_000_000, true],
    ['edges.1.callCount', 0, false],
    ['edges.1.callCount', 1_000_001, false],
    ['edges.1.callCount', 1.5, false],
    ['edges.1.kind', 'refund', false],
    ['edges.1.amount', '0.000001', true],
    ['edges.1.amount', '0.0000001', false],
    ['edges.1.amount', '-1', false],
    ['edges.1.amount', '1e3', false],
    ['edges.1.extra', 1, false],
    ['proposedCall.amount', undefined, false],
    ['policy.maxDepth', 1, true],
    ['policy.maxDepth', 100, true],
    ['policy.maxDepth', 0, false],
    ['policy.maxDepth', 101, false],
    ['policy.maxDepth', null, true],
    ['policy.maxRepeats', 1000, true],
    ['policy.maxRepeats', 1001, false],
    ['policy.maxRepeats', 0, false],
    ['policy.maxProjectedSpend', null, true],
    ['policy.maxProjectedSpend', '0.1234567', false],
    ['policy.allowCycles', null, true],
    ['policy.allowCycles', 'yes', false],
    ['policy', {}, true],
    ['policy', undefined, false],
    ['surprise', 1, false],
  ])('%s = %j accepted: %s', (path, value, accepted) => {
    expect(accepts(path, value)).toBe(accepted);
  });
});

describe('recursive-commerce-loop-breaker analysis', () => {
  it('allows a call that closes no loop and stays within the policy', () => {
    const result = run(request());
    expect(result).toMatchObject({ decision: 'allow', riskScore: 0, cycleDetected: false, cyclePath: [], projectedSpend: '0.08', triggeredPolicies: [] });
    expect(result.evidence).toMatchObject({ observedSpend: '0.03', calleeDepth: 2 });
  });

  it('blocks the catalog example: the call closes a paid loop, costed to the repeat limit', () => {
    const result = run(entry.example as LoopBreakerInput);
    expect(result).toMatchObject({
      decision: 'block',
      cycleDetected: true,
      cyclePath: ['summarizer', 'researcher', 'summarizer'],
      // observed 0.05 x 2, plus 3 rounds of (0.02 proposed + 0.05 back).
      projectedSpend: '0.31',
      triggeredPolicies: ['allowCycles'],
    });
    expect(result.evidence).toMatchObject({ roundCost: '0.07', completedRounds: 0, roundsProjected: 3 });
    expect(result.riskScore).toBeGreaterThanOrEqual(70);
  });

  it('finds the shortest loop back to the caller, whatever the order of the edges', () => {
    const edges = [edge('planner', 'a'), edge('a', 'b', '0.1'), edge('b', 'c', '0.1'), edge('c', 'a', '0.1'), edge('b', 'a', '0.2')];
    const input = request({ proposedCall: { fromAgentId: 'b', toAgentId: 'a', kind: 'payment', amount: '0.2' }, edges, policy: {} });
    const result = run(input);
    expect(result.cyclePath).toEqual(['b', 'a', 'b']);
    expect(run({ ...input, edges: [...edges].reverse() })).toEqual(result);
  });

  it('reviews a loop the policy allows, and blocks it once it has gone round maxRepeats times', () => {
    const loop = [edge('planner', 'a'), edge('a', 'b', '0.01', 2)];
    const proposed = { fromAgentId: 'b', toAgentId: 'a', kind: 'payment' as const, amount: '0.01' };
    const allowed = run(request({ proposedCall: proposed, edges: loop, policy: { allowCycles: true, maxRepeats: 3 } }));
    expect(allowed).toMatchObject({ decision: 'review', cycleDetected: true, triggeredPolicies: [] });
    expect(allowed.reasons.map((r) => r.code)).toEqual(['cycle_allowed_by_policy']);
    const spent = run(request({ proposedCall: proposed, edges: [...loop, edge('b', 'a', '0.01', 2)], policy: { allowCycles: true, maxRepeats: 2 } }));
    expect(spent).toMatchObject({ decision: 'block', triggeredPolicies: ['maxRepeats'] });
  });

  it('blocks a call that goes deeper than maxDepth, repeats too often or projects too much spend', () => {
    const chain = [edge('planner', 'a'), edge('a', 'b'), edge('b', 'c')];
    expect(run(request({ proposedCall: { fromAgentId: 'c', toAgentId: 'd', kind: 'delegation', amount: '0' }, edges: chain, policy: { maxDepth: 3 } })).triggeredPolicies).toEqual(['maxDepth']);
    expect(run(request({ edges: [edge('planner', 'researcher'), edge('researcher', 'writer', '0.05', 3)] })).triggeredPolicies).toEqual(['maxRepeats']);
    const spend = run(request({ policy: { maxProjectedSpend: '0.07' } }));
    expect(spend).toMatchObject({ decision: 'block', projectedSpend: '0.08', triggeredPolicies: ['maxProjectedSpend'] });
  });

  it('reviews spend at 80% of the limit, a caller the root does not reach and a loop elsewhere in the task', () => {
    expect(codes(request({ policy: { maxProjectedSpend: '0.1' } }))).toEqual(['projected_spend_near_limit']);
    expect(run(request({ proposedCall: { fromAgentId: 'stranger', toAgentId: 'writer', kind: 'payment', amount: '0.01' } }))).toMatchObject({ decision: 'review', evidence: { calleeDepth: null } });
    const elsewhere = run(request({ edges: [edge('planner', 'researcher'), edge('x', 'y', '0.01'), edge('y', 'x', '0.01')] }));
    expect(elsewhere).toMatchObject({ decision: 'review', cycleDetected: false, evidence: { existingLoops: [['x', 'y']] } });
  });

  it('treats a call to itself as a loop', () => {
    expect(run(request({ proposedCall: { fromAgentId: 'researcher', toAgentId: 'researcher', kind: 'payment', amount: '0.01' } }))).toMatchObject({ decision: 'block', cyclePath: ['researcher', 'researcher'] });
  });

  it('answers a 1,000-call chain closed into one loop without deep recursion, deterministically', () => {
    const edges = times(1000, (i) => edge(`agent-${i}`, `agent-${i + 1}`, '0.000001', 7));
    const input = request({ rootAgentId: 'agent-0', proposedCall: { fromAgentId: 'agent-1000', toAgentId: 'agent-0', kind: 'payment', amount: '0.000001' }, edges, policy: { maxProjectedSpend: '0.01' } });
    const result = run(input);
    expect(result.cyclePath).toHaveLength(1002);
    expect(result.projectedSpend).toBe('0.008001'); // 0.007 observed + one round of 1,001 calls
    expect(run(withValue(input, 'edges', [...edges].reverse()))).toEqual(result);
  });
});
