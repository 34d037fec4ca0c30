import { catalogEntry, paidToolUpsellPathOptimizerRequest, paidToolUpsellPathOptimizerResult } from '@paysight/contracts';
import { analyzeUpsellPath, type UpsellPathInput } from './analyze.js';

function run(body: Record<string, unknown>) {
  const input: UpsellPathInput = paidToolUpsellPathOptimizerRequest.parse(body);
  const output = analyzeUpsellPath(input);
  expect(paidToolUpsellPathOptimizerResult.safeParse(output.result).error).toBeUndefined();
  return output;
}

const A = { tool_id: 'A', price: '0.01', covers: ['triage'], early_exit_probability: 0.8, next: ['B'] };
const B = { tool_id: 'B', price: '1.00', covers: ['triage', 'risk_score'], early_exit_probability: 0 };

describe('x402-paid-tool-upsell-path-optimizer', () => {
  it('the worked example of design §34: A (0.01, q 0.8) → B (1.00): E 0.21 against direct 1.00, ladder_found, savings 0.79', () => {
    const { result } = run({ goal_tags: ['risk_score'], tools: [A, B] });
    expect(result.decision).toBe('ladder_found');
    expect(result.plan).toEqual([
      { tool_id: 'A', price: '0.01', continue_if: 'the answer of A does not settle the goal (probability 0.2); then call B' },
      { tool_id: 'B', price: '1.00', continue_if: null },
    ]);
    expect([result.expected_cost, result.worst_case_cost, result.savings_vs_direct]).toEqual(['0.21', '1.01', '0.79']);
    expect(result.confidence).toBe('high');
    expect(result.price_cliffs).toEqual([{ from: 'A', to: 'B', ratio: '100.0000', pointer: '/tools/0/next/0' }]);
    expect(result.risk_flags).toEqual(['price_cliff']);
  });

  it('direct_purchase_better: a triage step that rarely settles the goal costs more than it saves', () => {
    const { result } = run({ goal_tags: ['risk_score'], tools: [{ ...A, price: '0.30', early_exit_probability: 0.1 }, B] });
    expect(result.decision).toBe('direct_purchase_better');
    expect(result.plan).toEqual([{ tool_id: 'B', price: '1.00', continue_if: null }]);
    expect([result.expected_cost, result.worst_case_cost, result.savings_vs_direct]).toEqual(['1', '1', '0']);
    expect(result.price_cliffs).toEqual([]);
  });

  it('over_budget: the ladder and the direct purchase both cost more than the budget in the worst case', () => {
    const { result } = run({ goal_tags: ['risk_score'], budget: '0.99', tools: [A, B] });
    expect(result.decision).toBe('over_budget');
    expect([result.plan, result.expected_cost, result.worst_case_cost, result.savings_vs_direct]).toEqual([[], null, null, null]);
    expect(result.summary).toContain('cheapest worst case is 1,');
  });

  it('the budget bounds the worst case: 1.00 admits the direct purchase only; 1.01 the ladder as well', () => {
    expect(run({ goal_tags: ['risk_score'], budget: '1', tools: [A, B] }).result).toMatchObject({ decision: 'direct_purchase_better', expected_cost: '1' });
    expect(run({ goal_tags: ['risk_score'], budget: '1.01', tools: [A, B] }).result).toMatchObject({ decision: 'ladder_found', expected_cost: '0.21' });
  });

  it('no_coverage: no tool covers every goal tag; every tool is a dead end when none covers any tag', () => {
    const { result } = run({ goal_tags: ['risk_score', 'sanctions'], tools: [A, B] });
    expect(result.decision).toBe('no_coverage');
    expect(result.dead_ends).toEqual([]);
    const none = run({ goal_tags: ['kyc'], tools: [A, B] }).result;
    expect(none.decision).toBe('no_coverage');
    expect(none.dead_ends).toEqual([
      { tool_id: 'A', pointer: '/tools/0' },
      { tool_id: 'B', pointer: '/tools/1' },
    ]);
    expect(none.risk_flags).toEqual(['dead_end', 'price_cliff']);
  });

  it('three-step ladders: E = p1 + (1−q1)(p2 + (1−q2)p3), chosen over the two-step and direct plans', () => {
    const tools = [
      { tool_id: 'T1', price: '0.01', covers: [], early_exit_probability: 0.5, next: ['T2', 'T3'] },
      { tool_id: 'T2', price: '0.1', covers: [], early_exit_probability: 0.5, next: ['T3'] },
      { tool_id: 'T3', price: '1', covers: ['goal'], early_exit_probability: 0 },
    ];
    const { result } = run({ goal_tags: ['goal'], tools });
    // T1→T2→T3: 0.01 + 0.5 × (0.1 + 0.5 × 1) = 0.31; T1→T3: 0.51; T3: 1.
    expect(result.plan.map((s) => s.tool_id)).toEqual(['T1', 'T2', 'T3']);
    expect([result.expected_cost, result.worst_case_cost, result.savings_vs_direct]).toEqual(['0.31', '1.11', '0.69']);
  });

  it('ties: equal E goes to the lower worst case, then fewer steps, then lexical order', () => {
    const tie = run({
      goal_tags: ['g'],
      tools: [
        { tool_id: 'Z', price: '0.5', covers: ['g'] },
        { tool_id: 'Y', price: '0.5', covers: ['g'] },
      ],
    }).result;
    expect(tie.plan.map((s) => s.tool_id)).toEqual(['Y']);
    // A free triage step with q 0 ties the direct purchase on E and on the worst case: fewer steps win.
    const steps = run({ goal_tags: ['g'], tools: [{ tool_id: 'F', price: '0', covers: [], early_exit_probability: 0, next: ['D'] }, { tool_id: 'D', price: '1', covers: ['g'] }] }).result;
    expect(steps).toMatchObject({ decision: 'direct_purchase_better', plan: [{ tool_id: 'D' }] });
    expect(steps.price_cliffs).toEqual([{ from: 'F', to: 'D', ratio: null, pointer: '/tools/0/next/0' }]);
  });

  it('confidence: low when every probability a ladder uses is a default, medium for a mix', () => {
    const noQ = { tool_id: 'A', price: '0.01', covers: ['triage'], next: ['B'] };
    const low = run({ goal_tags: ['risk_score'], tools: [noQ, B] }).result;
    expect(low).toMatchObject({ confidence: 'low', decision: 'direct_purchase_better' });
    expect(low.risk_flags).toContain('default_early_exit_probability');
    const medium = run({ goal_tags: ['risk_score'], tools: [noQ, { ...A, tool_id: 'A2' }, B] }).result;
    expect(medium.confidence).toBe('medium');
  });

  it('next edges to unknown tools are ignored with evidence; cycles never repeat a tool', () => {
    const { result } = run({ goal_tags: ['risk_score'], tools: [{ ...A, next: ['B', 'ghost', 'A'] }, { ...B, next: ['A'] }] });
    expect(result.decision).toBe('ladder_found');
    expect(result.risk_flags).toEqual(['price_cliff', 'unknown_next_tool']);
    expect(result.limitations.join(' ')).toContain('/tools/0/next/1 (ghost)');
  });

  it('use_builtin_catalog: this service\'s tools join with catalog prices, spend-category covers and workflow next edges', () => {
    const { result } = run({ goal_tags: ['wallet_audit'], use_builtin_catalog: true, tools: [{ tool_id: 'my_triage', price: '0.001', covers: [], early_exit_probability: 0.9, next: ['wallet_audit'] }] });
    expect(result.decision).toBe('ladder_found');
    expect(result.plan.map((s) => [s.tool_id, s.price])).toEqual([
      ['my_triage', '0.001'],
      ['wallet_audit', catalogEntry('wallet_audit').price],
    ]);
    expect(result.limitations.join(' ')).toContain('Built-in catalog tools');
    // The built-in snapshot → audit edge of the wallet workflow, with the default q 0 of built-in tools.
    const builtin = run({ goal_tags: ['wallet_research'], use_builtin_catalog: true, tools: [{ tool_id: 'x', price: '5', covers: [] }] }).result;
    expect(builtin).toMatchObject({ decision: 'direct_purchase_better', plan: [{ tool_id: 'wallet_snapshot' }] });
    expect(builtin.dead_ends).toEqual([{ tool_id: 'x', pointer: '/tools/0' }]);
  });

  it('a maximal request: 60 tools with 20 covers and 5 next edges each, 10 goal tags', () => {
    const goal_tags = Array.from({ length: 10 }, (_, i) => `goal_${i}`);
    const tools = Array.from({ length: 60 }, (_, i) => ({
      tool_id: `t${String(i).padStart(2, '0')}`,
      price: `${(i + 1) / 100}`,
      covers: i % 7 === 6 ? [...goal_tags, ...Array.from({ length: 10 }, (_, j) => `x${j}`)] : Array.from({ length: 20 }, (_, j) => `x${j}`),
      early_exit_probability: 0.9,
      next: Array.from({ length: 5 }, (_, j) => `t${String((i + j + 1) % 60).padStart(2, '0')}`),
    }));
    const started = performance.now();
    const { result } = run({ goal_tags, budget: '100', tools, use_builtin_catalog: true });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.decision).toBe('ladder_found');
    expect(result.plan.length).toBeGreaterThan(1);
  });

  it('rejects requests outside the bounds before analysis', () => {
    const tool = (i: number) => ({ tool_id: `t${i}`, price: '0.01', covers: ['g'] });
    const ok = (body: Record<string, unknown>) => paidToolUpsellPathOptimizerRequest.safeParse(body).success;
    expect(ok({ goal_tags: ['g'], tools: Array.from({ length: 60 }, (_, i) => tool(i)) })).toBe(true);
    expect(ok({ goal_tags: ['g'], tools: Array.from({ length: 61 }, (_, i) => tool(i)) })).toBe(false);
    expect(ok({ goal_tags: Array.from({ length: 10 }, (_, i) => `g${i}`), tools: [tool(0)] })).toBe(true);
    expect(ok({ goal_tags: Array.from({ length: 11 }, (_, i) => `g${i}`), tools: [tool(0)] })).toBe(false);
    expect(ok({ goal_tags: [], tools: [tool(0)] })).toBe(false);
    expect(ok({ goal_tags: ['g'], tools: [] })).toBe(false);
    expect(ok({ goal_tags: ['g'], tools: [{ ...tool(0), covers: Array.from({ length: 21 }, (_, i) => `c${i}`) }] })).toBe(false);
    expect(ok({ goal_tags: ['g'], tools: [{ ...tool(0), next: ['a', 'b', 'c', 'd', 'e'] }] })).toBe(true);
    expect(ok({ goal_tags: ['g'], tools: [{ ...tool(0), next: ['a', 'b', 'c', 'd', 'e', 'f'] }] })).toBe(false);
    expect(ok({ goal_tags: ['g'], tools: [{ ...tool(0), early_exit_probability: 1 }] })).toBe(true);
    expect(ok({ goal_tags: ['g'], tools: [{ ...tool(0), early_exit_probability: 1.01 }] })).toBe(false);
    expect(ok({ goal_tags: ['g'], tools: [{ ...tool(0), price: '0.0000001' }] })).toBe(false);
    expect(ok({ goal_tags: ['g'], budget: 1, tools: [tool(0)] })).toBe(false);
    expect(ok({ goal_tags: ['g'], tools: [tool(0), tool(0)] })).toBe(false);
    expect(ok({ goal_tags: ['g'], tools: [{ ...tool(0), extra: true }] })).toBe(false);
    expect(ok({ goal_tags: ['g'], tools: [tool(0)], extra: true })).toBe(false);
  });
});
