import { catalogEntry, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { Reasons, defineRequestOnlyTool, micro, requestOnlyMetadata, usdc } from '../verdict.js';
import { buildTaskGraph, distancesFrom, loopingComponents, shortestPath, type TaskGraph } from './graph.js';

type Entry = CatalogEntryOf<'recursive_commerce_loop_breaker'>;
export type LoopBreakerInput = RequestOf<Entry>;
export type LoopBreakerResult = ResultOf<Entry>;

/** Share of maxProjectedSpend from which the projection is reviewed. */
const NEAR_SPEND_PERCENT = 80n;

const LIMITATIONS = [
  'Sees only the calls listed in the request: calls the caller left out, or made in other tasks, are not in the graph.',
  'A loop is costed along its shortest path (fewest calls) at the dearest price seen on each hop; a longer loop through the same agents may cost more.',
  'Depth is the fewest calls from the root agent to the caller, plus one: the task may also reach the caller by a longer chain.',
];

interface LoopFacts {
  /** The loop the proposed call closes, as agent indexes from the caller back to the caller. */
  cycle: number[] | null;
  /** What one trip round that loop costs: the proposed call plus the dearest price of each other hop. */
  roundCost: bigint;
  /** How many times every hop of the loop has been called already: the rounds it has completed. */
  completedRounds: bigint;
}

function loopFacts(graph: TaskGraph, from: number, to: number, amount: bigint): LoopFacts {
  const back = shortestPath(graph, to, from);
  if (!back) return { cycle: null, roundCost: amount, completedRounds: 0n };
  const cycle = [from, ...back];
  let roundCost = amount;
  let completedRounds = graph.arc(from, to)?.calls ?? 0n;
  for (let i = 1; i + 1 < cycle.length; i++) {
    const arc = graph.arc(cycle[i]!, cycle[i + 1]!)!;
    roundCost += arc.maxAmount;
    if (arc.calls < completedRounds) completedRounds = arc.calls;
  }
  return { cycle, roundCost, completedRounds };
}

export function analyzeLoopBreaker(input: LoopBreakerInput): ToolOutput<LoopBreakerResult> {
  const { proposedCall, policy, rootAgentId } = input;
  const edges = input.edges.map((e) => ({ fromAgentId: e.fromAgentId, toAgentId: e.toAgentId, amount: micro(e.amount), callCount: BigInt(e.callCount ?? 1) }));
  const graph = buildTaskGraph(edges, [rootAgentId, proposedCall.fromAgentId, proposedCall.toAgentId]);
  const from = graph.index.get(proposedCall.fromAgentId)!;
  const to = graph.index.get(proposedCall.toAgentId)!;
  const amount = micro(proposedCall.amount);
  const name = (node: number) => graph.ids[node]!;
  const reasons = new Reasons();
  const triggered: string[] = [];

  const observedSpend = graph.out.flat().reduce((sum, arc) => sum + arc.spent, 0n);
  const { cycle, roundCost, completedRounds } = loopFacts(graph, from, to, amount);
  const repeatsSoFar = graph.arc(from, to)?.calls ?? 0n;
  const maxRepeats = policy.maxRepeats == null ? null : BigInt(policy.maxRepeats);
  // A closed loop goes round until something stops it: up to the repeat limit, or (unbounded) once more at least.
  const roundsProjected = cycle ? (maxRepeats !== null && maxRepeats > completedRounds ? maxRepeats - completedRounds : 1n) : 0n;
  const projectedSpend = observedSpend + (cycle ? roundCost * roundsProjected : amount);

  if (cycle) {
    const path = cycle.map(name).join(' -> ');
    if (policy.allowCycles === true) {
      reasons.add('cycle_allowed_by_policy', 'warning', `The call closes the loop ${path}; the policy allows loops within its limits, so it is reviewed.`);
    } else {
      triggered.push('allowCycles');
      reasons.add('cycle_detected', 'critical', `The call closes the loop ${path}: each round costs ${usdc(roundCost)} USDC and nothing in the task stops it.`);
    }
    if (maxRepeats === null) reasons.add('loop_unbounded', 'warning', 'No maxRepeats is set: the loop has no round limit, so its spend is projected for one more round only.');
  }

  const rootIndex = graph.index.get(rootAgentId)!;
  const depth = distancesFrom(graph, rootIndex);
  const callerDepth = depth[from]!;
  const calleeDepth = callerDepth === -1 ? null : callerDepth + 1;
  if (calleeDepth === null) {
    reasons.add('caller_outside_task', 'warning', `${proposedCall.fromAgentId} is not reached from the root agent ${rootAgentId} by any listed call: its depth cannot be measured.`);
  } else if (policy.maxDepth != null && calleeDepth > policy.maxDepth) {
    triggered.push('maxDepth');
    reasons.add('max_depth_exceeded', 'critical', `The callee would sit ${calleeDepth} calls deep from ${rootAgentId}; the policy allows ${policy.maxDepth}.`);
  }

  if (maxRepeats !== null) {
    const repeats = repeatsSoFar + 1n;
    const rounds = cycle ? completedRounds + 1n : 0n;
    if (repeats > maxRepeats || rounds > maxRepeats) {
      triggered.push('maxRepeats');
      reasons.add(
        'max_repeats_exceeded',
        'critical',
        rounds > maxRepeats
          ? `The loop would start round ${rounds}; the policy allows ${maxRepeats}.`
          : `${proposedCall.fromAgentId} would call ${proposedCall.toAgentId} for the ${repeats}th time; the policy allows ${maxRepeats}.`,
      );
    }
  }

  if (policy.maxProjectedSpend != null) {
    const limit = micro(policy.maxProjectedSpend);
    if (projectedSpend > limit) {
      triggered.push('maxProjectedSpend');
      reasons.add('max_projected_spend_exceeded', 'critical', `Projected spend ${usdc(projectedSpend)} USDC is above the limit of ${policy.maxProjectedSpend} USDC.`);
    } else if (projectedSpend * 100n >= limit * NEAR_SPEND_PERCENT && limit > 0n) {
      reasons.add('projected_spend_near_limit', 'warning', `Projected spend ${usdc(projectedSpend)} USDC is at ${(projectedSpend * 100n) / limit}% of the ${policy.maxProjectedSpend} USDC limit.`);
    }
  }

  const onLoop = new Set(cycle ?? []);
  const otherLoops = loopingComponents(graph).filter((component) => !component.some((node) => onLoop.has(node)));
  for (const component of otherLoops) {
    reasons.add('existing_loop', 'warning', `The task already loops among ${component.map(name).join(', ')}, apart from this call.`);
  }

  const decision = reasons.decide();
  if (decision === 'allow') reasons.add('no_loop', 'info', `The call closes no loop and stays within the policy: projected spend ${usdc(projectedSpend)} USDC.`);
  const summary =
    decision === 'block'
      ? `Block the call from ${proposedCall.fromAgentId} to ${proposedCall.toAgentId}: ${triggered.join(', ')}.`
      : decision === 'review'
        ? `Review the call from ${proposedCall.fromAgentId} to ${proposedCall.toAgentId} before making it.`
        : `The call from ${proposedCall.fromAgentId} to ${proposedCall.toAgentId} may go ahead.`;

  return {
    result: {
      ...reasons.verdict(decision, summary),
      evidence: {
        agents: graph.ids.length,
        callPairs: graph.out.reduce((n, list) => n + list.length, 0),
        observedSpend: usdc(observedSpend),
        proposedAmount: usdc(amount),
        roundCost: cycle ? usdc(roundCost) : null,
        completedRounds: cycle ? Number(completedRounds) : null,
        roundsProjected: Number(roundsProjected),
        repeatsSoFar: Number(repeatsSoFar),
        calleeDepth,
        existingLoops: otherLoops.map((component) => component.map(name)),
        policyApplied: { maxDepth: policy.maxDepth ?? null, maxProjectedSpend: policy.maxProjectedSpend ?? null, maxRepeats: policy.maxRepeats ?? null, allowCycles: policy.allowCycles ?? false },
      },
      cycleDetected: cycle !== null,
      cyclePath: cycle ? cycle.map(name) : [],
      projectedSpend: usdc(projectedSpend),
      triggeredPolicies: triggered,
    },
    metadata: requestOnlyMetadata(LIMITATIONS),
  };
}

export const recursiveCommerceLoopBreaker = defineRequestOnlyTool(catalogEntry('recursive_commerce_loop_breaker'), analyzeLoopBreaker);
