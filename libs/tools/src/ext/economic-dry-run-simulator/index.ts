import { catalogEntry, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { dependencyOrder } from '../dependency-order.js';
import { Reasons, defineRequestOnlyTool, micro, requestOnlyMetadata, usdc } from '../verdict.js';
import { threshold } from './random.js';
import { simulate, workPerRun, type SimulationRuns, type Step } from './simulate.js';

type Entry = CatalogEntryOf<'economic_dry_run_simulator'>;
export type DryRunInput = RequestOf<Entry>;
export type DryRunResult = ResultOf<Entry>;
type PlanNode = DryRunInput['plan']['nodes'][number];

export const DRY_RUN_DEFAULTS = { iterations: 1000, confidencePercent: 90 } as const;
/**
 * Loop steps (workPerRun) all runs together may take: what keeps the largest plan far under 200 ms
 * on one core. That plan (200 steps of 6 attempts, each after the twentieth waiting for 20 others)
 * takes 5,190 per run, so it gets 385 runs; a plan of 20 simple steps gets the default 1,000 or the
 * requested 10,000.
 */
export const WORK_LIMIT = 2_000_000;
/** z for the 95% Wilson interval of the success probability. */
const Z = 1.96;
const LISTED = 10;

const LIMITATIONS = [
  'A dry run of the plan as described: no provider was called; success probabilities, latencies and prices are the caller\'s estimates.',
  'Attempts are independent of each other: an outage that fails many steps at once is not modelled.',
  'Each attempt\'s latency is triangular; a step starts as soon as its dependencies finish: no queueing, rate limits or concurrency caps.',
];

const share = (count: number, of: number) => (of === 0 ? 0 : Math.round((count / of) * 1e6) / 1e6);
const percent = (p: number) => `${Math.round(p * 10_000) / 100}%`;
/** Nearest-rank percentile of an ascending array. */
const percentile = (sorted: Float64Array, p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
const meanOf = (values: Float64Array) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** 95% Wilson score interval of a share of n runs: unlike the normal one it stays meaningful at 0 and 1. */
export function wilsonInterval(successes: number, n: number): { lower: number; upper: number } {
  const p = successes / n;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { lower: Math.max(0, centre - half), upper: Math.min(1, centre + half) };
}

function compile(nodes: readonly PlanNode[], order: readonly number[]): Step[] {
  const position = new Map(order.map((index, at) => [nodes[index]!.id, at]));
  return order.map((index) => {
    const node = nodes[index]!;
    return {
      id: node.id,
      provider: node.provider,
      price: Number(micro(node.price)),
      successThreshold: threshold(node.successProbability),
      minMs: node.latencyMs.minMs,
      modeMs: node.latencyMs.modeMs,
      maxMs: node.latencyMs.maxMs,
      maxRetries: node.retry?.maxRetries ?? 0,
      backoffMs: node.retry?.backoffMs ?? 0,
      optional: node.optional === true,
      chargeFailedAttempts: node.chargeFailedAttempts !== false,
      dependsOn: (node.dependsOn ?? []).map((id) => position.get(id)!),
    };
  });
}

/** No step has any chance or spread: one run is the exact answer. */
const isDeterministic = (nodes: readonly PlanNode[]) => nodes.every((n) => (n.successProbability === 0 || n.successProbability === 1) && n.latencyMs.minMs === n.latencyMs.maxMs);

/** Every step run with every retry paid (a failed attempt only when it is charged). */
const worstCaseCost = (nodes: readonly PlanNode[]) => nodes.reduce((sum, n) => sum + micro(n.price) * BigInt(n.chargeFailedAttempts === false ? 1 : 1 + (n.retry?.maxRetries ?? 0)), 0n);

/** The critical path with every step succeeding at its first attempt in its mean latency (the classic CPM estimate). */
function expectedCriticalPath(steps: readonly Step[]): { steps: string[]; lengthMs: number } {
  const finish = new Float64Array(steps.length);
  const via = new Int32Array(steps.length).fill(-1);
  let last = -1;
  steps.forEach((step, k) => {
    let start = 0;
    for (const d of step.dependsOn) {
      if (via[k] === -1 || finish[d]! > start) {
        start = finish[d]!;
        via[k] = d;
      }
    }
    finish[k] = start + (step.minMs + step.modeMs + step.maxMs) / 3;
    if (last === -1 || finish[k]! > finish[last]!) last = k;
  });
  const path: string[] = [];
  for (let k = last; k !== -1; k = via[k]!) path.push(steps[k]!.id);
  return { steps: path.reverse(), lengthMs: Math.round(finish[last]!) };
}

function stepFigures(steps: readonly Step[], runs: SimulationRuns) {
  const byProvider = new Map<string, bigint>();
  steps.forEach((step, k) => byProvider.set(step.provider, (byProvider.get(step.provider) ?? 0n) + BigInt(runs.paidAttempts[k]!) * BigInt(step.price)));
  const perRun = (total: bigint) => (total * 2n + BigInt(runs.runs)) / (2n * BigInt(runs.runs));
  return {
    criticality: steps
      .map((step, k) => ({ id: step.id, share: share(runs.critical[k]!, runs.runs) }))
      .filter((s) => s.share > 0)
      .sort((a, b) => b.share - a.share || (a.id < b.id ? -1 : 1))
      .slice(0, LISTED),
    weakestSteps: steps
      .map((step, k) => ({ id: step.id, failedShare: share(runs.failed[k]!, runs.started[k]!), startedShare: share(runs.started[k]!, runs.runs) }))
      .filter((s) => s.failedShare > 0)
      .sort((a, b) => b.failedShare - a.failedShare || (a.id < b.id ? -1 : 1))
      .slice(0, LISTED),
    meanSpendByProvider: [...byProvider]
      .map(([provider, total]) => ({ provider, total: perRun(total) }))
      .sort((a, b) => (b.total > a.total ? 1 : b.total < a.total ? -1 : a.provider < b.provider ? -1 : 1))
      .slice(0, LISTED)
      .map(({ provider, total }) => ({ provider, meanSpend: usdc(total) })),
  };
}

export function analyzeDryRun(input: DryRunInput): ToolOutput<DryRunResult> {
  const { nodes } = input.plan;
  const { policy } = input;
  const confidencePercent = policy.confidencePercent ?? DRY_RUN_DEFAULTS.confidencePercent;
  const reasons = new Reasons();
  const limitations = [...LIMITATIONS];
  const worstCase = worstCaseCost(nodes);
  const policyApplied = {
    budget: policy.budget ?? null,
    deadlineMs: policy.deadlineMs ?? null,
    minSuccessProbability: policy.minSuccessProbability ?? null,
    iterations: policy.iterations ?? DRY_RUN_DEFAULTS.iterations,
    confidencePercent,
  };
  const { order, layer, cycles } = dependencyOrder(nodes);

  if (cycles.length) {
    reasons.add('plan_has_cycle', 'critical', `The plan cannot run: ${cycles.map((c) => c.join(' <-> ')).join('; ')} wait for each other. ${nodes.length - order.length} step(s) would never start.`);
    return {
      result: {
        ...reasons.verdict('block', 'Block: the plan\'s dependencies form a cycle, so it can never finish.'),
        evidence: { steps: nodes.length, cycles, waitingOnCycle: nodes.filter((_, i) => layer[i] === -1).map((n) => n.id).sort(), policyApplied },
        simulationMode: 'not_simulated',
        cost: { currency: 'USDC', mean: null, p50: null, p90: null, p99: null, max: null, worstCase: usdc(worstCase), budget: policy.budget ?? null, overrunProbability: null },
        latencyMs: { mean: null, p50: null, p90: null, p99: null, max: null, deadline: policy.deadlineMs ?? null, overrunProbability: null },
        successProbability: 0,
      },
      metadata: requestOnlyMetadata(limitations),
    };
  }

  const steps = compile(nodes, order);
  const deterministic = isDeterministic(nodes);
  const work = workPerRun(steps);
  const affordable = Math.max(1, Math.floor(WORK_LIMIT / work));
  const runsWanted = deterministic ? 1 : policyApplied.iterations;
  const runs = simulate(steps, input.seed, Math.min(runsWanted, affordable));
  const n = runs.runs;
  if (n < runsWanted) {
    reasons.add('iterations_capped', 'info', `${n} runs were simulated instead of ${runsWanted}: the plan takes ${work} loop steps per run and the simulator takes ${WORK_LIMIT} in all.`);
    limitations.push(`Only ${n} runs: percentiles beyond 1 - 1/${n} of the runs are not resolved.`);
  }
  const cost = runs.cost.slice().sort();
  const latency = runs.latency.slice().sort();
  const costSum = runs.cost.reduce((sum, c) => sum + BigInt(c), 0n);
  const successProbability = runs.successes / n;

  const budget = policy.budget == null ? null : Number(micro(policy.budget));
  const costAtConfidence = percentile(cost, confidencePercent);
  const budgetOverrun = budget === null ? null : runs.cost.filter((c) => c > budget).length / n;
  if (budget !== null) {
    if (costAtConfidence > budget) {
      reasons.add('budget_exceeded', 'critical', `At the ${confidencePercent}th percentile a run costs ${usdc(BigInt(costAtConfidence))} USDC, above the budget of ${policy.budget} USDC (${percent(budgetOverrun!)} of runs overrun).`);
    } else if (budgetOverrun! > 0) {
      reasons.add('budget_overrun_possible', 'warning', `${percent(budgetOverrun!)} of runs cost more than the budget of ${policy.budget} USDC (up to ${usdc(BigInt(cost[n - 1]!))} USDC), though the ${confidencePercent}th percentile is within it.`);
    }
  }

  const deadline = policy.deadlineMs ?? null;
  const latencyAtConfidence = percentile(latency, confidencePercent);
  const deadlineOverrun = deadline === null ? null : runs.latency.filter((t) => t > deadline).length / n;
  if (deadline !== null) {
    if (latencyAtConfidence > deadline) {
      reasons.add('deadline_exceeded', 'critical', `At the ${confidencePercent}th percentile a run takes ${Math.round(latencyAtConfidence)} ms, past the deadline of ${deadline} ms (${percent(deadlineOverrun!)} of runs are late).`);
    } else if (deadlineOverrun! > 0) {
      reasons.add('deadline_overrun_possible', 'warning', `${percent(deadlineOverrun!)} of runs take longer than the deadline of ${deadline} ms (up to ${Math.round(latency[n - 1]!)} ms), though the ${confidencePercent}th percentile is within it.`);
    }
  }

  const minimum = policy.minSuccessProbability ?? null;
  const interval = deterministic ? null : wilsonInterval(runs.successes, n);
  if (minimum !== null) {
    const upper = interval?.upper ?? successProbability;
    const lower = interval?.lower ?? successProbability;
    if (upper < minimum) {
      reasons.add('success_probability_below_minimum', 'critical', `The plan succeeds in ${percent(successProbability)} of runs${interval ? ` (95% interval ${percent(lower)} to ${percent(upper)})` : ''}, below the minimum of ${percent(minimum)}.`);
    } else if (lower < minimum) {
      reasons.add('success_probability_uncertain', 'warning', `The plan succeeds in ${percent(successProbability)} of ${n} runs; the 95% interval ${percent(lower)} to ${percent(upper)} straddles the minimum of ${percent(minimum)}.`);
    }
  }
  if (budget === null && deadline === null && minimum === null) {
    reasons.add('no_policy_limits', 'warning', 'The policy sets no budget, deadline or minimum success probability: the figures are reported but nothing could be checked.');
  }

  const decision = reasons.decide();
  if (decision === 'allow') reasons.add('within_policy', 'info', `At the ${confidencePercent}th percentile the plan stays within the policy: ${usdc(BigInt(costAtConfidence))} USDC, ${Math.round(latencyAtConfidence)} ms, success in ${percent(successProbability)} of runs.`);
  const summaries = {
    block: 'Block: simulated runs of the plan break the policy.',
    review: 'Review: the plan meets the policy at the chosen percentile, but some runs do not, or the policy leaves it unchecked.',
    allow: 'Allow: simulated runs of the plan stay within the policy.',
  } as const;
  const ms = (t: number) => Math.round(t);
  const money = (c: number) => usdc(BigInt(c));

  return {
    result: {
      ...reasons.verdict(decision, summaries[decision]),
      evidence: {
        steps: steps.length,
        dependencies: steps.reduce((sum, s) => sum + s.dependsOn.length, 0),
        seed: input.seed,
        generator: 'xoshiro128** seeded by SplitMix32',
        iterationsRequested: policyApplied.iterations,
        iterationsRun: n,
        workPerRun: work,
        costAtConfidence: money(costAtConfidence),
        latencyAtConfidenceMs: ms(latencyAtConfidence),
        successInterval: interval && { lower: share(interval.lower, 1), upper: share(interval.upper, 1), level: 0.95 },
        outcomes: { completed: share(runs.outcomes.completed, n), partial: share(runs.outcomes.partial, n), failed: share(runs.outcomes.failed, n) },
        expectedCriticalPath: expectedCriticalPath(steps),
        ...stepFigures(steps, runs),
        policyApplied,
      },
      simulationMode: deterministic ? 'deterministic' : 'monte_carlo',
      cost: {
        currency: 'USDC',
        mean: usdc((costSum * 2n + BigInt(n)) / (2n * BigInt(n))),
        p50: money(percentile(cost, 50)),
        p90: money(percentile(cost, 90)),
        p99: money(percentile(cost, 99)),
        max: money(cost[n - 1]!),
        worstCase: usdc(worstCase),
        budget: policy.budget ?? null,
        overrunProbability: budgetOverrun === null ? null : share(budgetOverrun, 1),
      },
      latencyMs: {
        mean: ms(meanOf(runs.latency)),
        p50: ms(percentile(latency, 50)),
        p90: ms(percentile(latency, 90)),
        p99: ms(percentile(latency, 99)),
        max: ms(latency[n - 1]!),
        deadline,
        overrunProbability: deadlineOverrun === null ? null : share(deadlineOverrun, 1),
      },
      successProbability: share(successProbability, 1),
    },
    metadata: requestOnlyMetadata(limitations),
  };
}

export const economicDryRunSimulator = defineRequestOnlyTool(catalogEntry('economic_dry_run_simulator'), analyzeDryRun);
