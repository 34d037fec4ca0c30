import type { CatalogEntryOf, RequestOf, ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, pointer } from '../helpers.js';
import { BUILTIN_LADDER } from './builtin-ladder.js';

type Entry = CatalogEntryOf<'x402_paid_tool_upsell_path_optimizer'>;
export type UpsellPathInput = RequestOf<Entry>;
export type UpsellPathResult = ResultOf<Entry>;
type Decision = UpsellPathResult['decision'];

/** Probabilities are read to six decimals: q is held as an integer in millionths. */
const Q_SCALE = 1_000_000n;
/** Plans have at most three steps; expected costs are compared in atomic units × Q_SCALE². */
const MAX_STEPS = 3;
const CLIFF_RATIO = 50n;

interface LadderNode {
  id: string;
  price: string;
  atomic: bigint;
  covers: ReadonlySet<string>;
  /** Early-exit probability in millionths; null when the caller gave none (it counts as 0). */
  q: bigint | null;
  next: readonly string[];
  /** Index in the request's tools, or null for a built-in catalog tool. */
  index: number | null;
}

interface Plan {
  steps: readonly LadderNode[];
  /** Expected cost in atomic units × Q_SCALE². */
  expected: bigint;
  worst: bigint;
}

function buildGraph(input: UpsellPathInput): Map<string, LadderNode> {
  const nodes = new Map<string, LadderNode>();
  for (const [index, tool] of input.tools.entries()) {
    const q = tool.early_exit_probability === undefined ? null : BigInt(Math.round(tool.early_exit_probability * Number(Q_SCALE)));
    nodes.set(tool.tool_id, { id: tool.tool_id, price: tool.price, atomic: AMT.toAtomic(tool.price)!, covers: new Set(tool.covers), q, next: tool.next ?? [], index });
  }
  if (!input.use_builtin_catalog) return nodes;
  for (const tool of BUILTIN_LADDER) {
    if (!nodes.has(tool.tool_id)) nodes.set(tool.tool_id, { id: tool.tool_id, price: tool.price, atomic: AMT.toAtomic(tool.price)!, covers: new Set(tool.covers), q: null, next: tool.next, index: null });
  }
  return nodes;
}

/** E = p1 + (1−q1)(p2 + (1−q2)p3), folded from the last step, scaled to atomic × Q_SCALE². */
function planOf(steps: readonly LadderNode[]): Plan {
  let expected = steps[steps.length - 1]!.atomic;
  let scale = 1n;
  for (let i = steps.length - 2; i >= 0; i--) {
    const step = steps[i]!;
    expected = step.atomic * scale * Q_SCALE + (Q_SCALE - (step.q ?? 0n)) * expected;
    scale *= Q_SCALE;
  }
  const toCommon = Q_SCALE ** BigInt(MAX_STEPS - steps.length);
  return { steps, expected: expected * toCommon, worst: steps.reduce((sum, step) => sum + step.atomic, 0n) };
}

/** Direct plans and the 2- and 3-step ladders along next edges whose last step covers every goal tag: O(tools · 5²). */
function candidatePlans(nodes: ReadonlyMap<string, LadderNode>, covers: (node: LadderNode) => boolean): Plan[] {
  const plans: Plan[] = [];
  const successors = (node: LadderNode, exclude: readonly LadderNode[]) =>
    node.next.map((id) => nodes.get(id)).filter((next): next is LadderNode => next !== undefined && !exclude.includes(next));
  for (const first of nodes.values()) {
    if (covers(first)) plans.push(planOf([first]));
    for (const second of successors(first, [first])) {
      if (covers(second)) plans.push(planOf([first, second]));
      for (const third of successors(second, [first, second])) if (covers(third)) plans.push(planOf([first, second, third]));
    }
  }
  return plans;
}

/** Lowest E, then lower worst case, then fewer steps, then the tool ids in lexical order. */
function comparePlans(a: Plan, b: Plan): number {
  if (a.expected !== b.expected) return a.expected < b.expected ? -1 : 1;
  if (a.worst !== b.worst) return a.worst < b.worst ? -1 : 1;
  if (a.steps.length !== b.steps.length) return a.steps.length - b.steps.length;
  const ids = (plan: Plan) => plan.steps.map((step) => step.id).join('\u0000');
  return ids(a) < ids(b) ? -1 : ids(a) > ids(b) ? 1 : 0;
}

const best = (plans: readonly Plan[]): Plan | null => plans.reduce<Plan | null>((top, plan) => (top === null || comparePlans(plan, top) < 0 ? plan : top), null);

/** A scaled expected cost as a decimal, rounded half-even to one atomic unit. */
const expectedDecimal = (expected: bigint): string => AMT.canonical(AMT.ratio(expected, Q_SCALE ** BigInt(MAX_STEPS - 1) * 1_000_000n, 6))!;

function planSteps(plan: Plan): UpsellPathResult['plan'] {
  return plan.steps.map((step, i) => {
    const last = i === plan.steps.length - 1;
    const stay = AMT.toDecimal(Q_SCALE - (step.q ?? 0n));
    return { tool_id: step.id, price: step.price, continue_if: last ? null : `the answer of ${step.id} does not settle the goal (probability ${stay}${step.q === null ? ', default' : ''}); then call ${plan.steps[i + 1]!.id}` };
  });
}

/** Submitted tools from which no chain of next edges reaches a tool covering any goal tag (reverse reachability, O(tools + edges)). */
function deadEnds(nodes: ReadonlyMap<string, LadderNode>, goals: ReadonlySet<string>): UpsellPathResult['dead_ends'] {
  const predecessors = new Map<string, string[]>();
  for (const node of nodes.values()) {
    for (const next of node.next) {
      const before = predecessors.get(next) ?? [];
      before.push(node.id);
      predecessors.set(next, before);
    }
  }
  const reaching = new Set<string>();
  const queue = [...nodes.values()].filter((node) => [...node.covers].some((tag) => goals.has(tag))).map((node) => node.id);
  for (const id of queue) reaching.add(id);
  for (let i = 0; i < queue.length; i++) {
    for (const before of predecessors.get(queue[i]!) ?? []) {
      if (reaching.has(before)) continue;
      reaching.add(before);
      queue.push(before);
    }
  }
  return [...nodes.values()].filter((node) => node.index !== null && !reaching.has(node.id)).map((node) => ({ tool_id: node.id, pointer: pointer('tools', node.index!) }));
}

/** Next edges of submitted tools where the price rises more than 50-fold. */
function priceCliffs(nodes: ReadonlyMap<string, LadderNode>): UpsellPathResult['price_cliffs'] {
  const cliffs: UpsellPathResult['price_cliffs'] = [];
  for (const node of nodes.values()) {
    if (node.index === null) continue;
    for (const [j, id] of node.next.entries()) {
      const to = nodes.get(id);
      if (to === undefined || to.atomic <= node.atomic * CLIFF_RATIO) continue;
      cliffs.push({ from: node.id, to: id, ratio: node.atomic === 0n ? null : AMT.ratio(to.atomic, node.atomic), pointer: pointer('tools', node.index, 'next', j) });
    }
  }
  return cliffs;
}

function unknownNextEdges(input: UpsellPathInput, nodes: ReadonlyMap<string, LadderNode>): string[] {
  return input.tools.flatMap((tool, i) => (tool.next ?? []).flatMap((id, j) => (nodes.has(id) ? [] : [`${pointer('tools', i, 'next', j)} (${id})`])));
}

/** high when every early-exit probability a ladder uses was given, low when none was, medium in between; high without ladders. */
function confidenceOf(plans: readonly Plan[]): { confidence: UpsellPathResult['confidence']; defaults: number } {
  const used = new Set(plans.flatMap((plan) => plan.steps.slice(0, -1)));
  const defaults = [...used].filter((step) => step.q === null).length;
  return { confidence: defaults === 0 ? 'high' : defaults === used.size ? 'low' : 'medium', defaults };
}

const NEXT_ACTION: Record<Decision, string> = {
  no_coverage: 'No tool covers every goal tag: add a tool whose covers include them all, split the goal, or set use_builtin_catalog.',
  over_budget: 'Every plan that covers the goal costs more than the budget in the worst case: raise the budget or add a cheaper covering tool.',
  ladder_found: 'Call the plan in order and stop as soon as an answer settles the goal; re-estimate early_exit_probability from your own outcomes.',
  direct_purchase_better: 'Buy the covering tool directly; a cheap triage step does not settle the goal often enough to pay for itself.',
};

const LIMITATIONS = [
  'Early-exit probabilities are the caller\'s estimates (0 when absent); expected costs are only as good as they are.',
  'Plans have at most three steps and follow next edges only; a plan\'s last step must cover every goal tag.',
];

function summaryOf(decision: Decision, chosen: Plan | null, direct: Plan | null, cheapestWorst: bigint | null, goals: readonly string[]): string {
  const goal = goals.join(', ');
  if (decision === 'no_coverage') return `no_coverage: no tool or ladder covers all of ${goal}.`;
  if (decision === 'over_budget') return `over_budget: plans cover ${goal} but the cheapest worst case is ${AMT.toDecimal(cheapestWorst!)}, above the budget.`;
  const path = chosen!.steps.map((step) => step.id).join(' → ');
  return `${decision}: ${path} expects ${expectedDecimal(chosen!.expected)} (worst ${AMT.toDecimal(chosen!.worst)}) for ${goal}; the best direct purchase ${direct!.steps[0]!.id} expects ${expectedDecimal(direct!.expected)}.`;
}

/** x402-paid-tool-upsell-path-optimizer (design sheet §34): direct plans and ladders, the cheapest expected plan within budget, dead ends and price cliffs. */
export function analyzeUpsellPath(input: UpsellPathInput): ToolOutput<UpsellPathResult> {
  const nodes = buildGraph(input);
  const goals = new Set(input.goal_tags);
  const plans = candidatePlans(nodes, (node) => input.goal_tags.every((tag) => node.covers.has(tag)));
  const budget = input.budget === undefined ? null : AMT.toAtomic(input.budget)!;
  const fitting = plans.filter((plan) => budget === null || plan.worst <= budget);
  // A ladder's last step is a direct plan with a lower worst case, so a direct plan fits whenever any plan does.
  const direct = best(fitting.filter((plan) => plan.steps.length === 1));
  const ladder = best(fitting.filter((plan) => plan.steps.length > 1));
  const decision: Decision = direct === null ? (plans.length === 0 ? 'no_coverage' : 'over_budget') : ladder !== null && ladder.expected < direct.expected ? 'ladder_found' : 'direct_purchase_better';
  const chosen = decision === 'ladder_found' ? ladder : decision === 'direct_purchase_better' ? direct : null;

  const flags = new Set<string>();
  const limitations = [...LIMITATIONS];
  const dead = deadEnds(nodes, goals);
  const cliffs = priceCliffs(nodes);
  const unknown = unknownNextEdges(input, nodes);
  const { confidence, defaults } = confidenceOf(plans);
  if (dead.length > 0) flags.add('dead_end');
  if (cliffs.length > 0) flags.add('price_cliff');
  if (defaults > 0) flags.add('default_early_exit_probability');
  if (unknown.length > 0) {
    flags.add('unknown_next_tool');
    limitations.push(`Next edges to tools that are not in the ladder were ignored: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', …' : ''}.`);
  }
  if (input.use_builtin_catalog) limitations.push('Built-in catalog tools cover their spend category and their own tool id, and their early-exit probability is 0.');

  const cheapestWorst = plans.reduce<bigint | null>((min, plan) => (min === null || plan.worst < min ? plan.worst : min), null);
  return x402Answer(
    { decision, confidence, summary: summaryOf(decision, chosen, direct, cheapestWorst, input.goal_tags), riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    {
      plan: chosen === null ? [] : planSteps(chosen),
      expected_cost: chosen === null ? null : expectedDecimal(chosen.expected),
      worst_case_cost: chosen === null ? null : AMT.toDecimal(chosen.worst),
      savings_vs_direct: chosen === null ? null : expectedDecimal(direct!.expected - chosen.expected),
      dead_ends: dead,
      price_cliffs: cliffs,
    },
  );
}
