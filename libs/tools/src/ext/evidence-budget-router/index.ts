import { catalogEntry, type CatalogEntryOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { Reasons, defineRequestOnlyTool, listed, micro, requestOnlyMetadata, usdc } from '../verdict.js';
import { buildModel, confidences, type RouterInput, type RouterModel } from './model.js';
import { EPS, MAX_NODES, searchPlan, type SearchResult } from './search.js';

type Entry = CatalogEntryOf<'evidence_budget_router'>;
export type { RouterInput };
export type RouterResult = ResultOf<Entry>;

export const ROUTER_DEFAULTS = { minimumConfidence: 0.8, targetConfidence: 0.9 } as const;

const LIMITATIONS = [
  'Prices, latencies, reliabilities and strengths are the caller\'s estimates; no source was called or checked.',
  'Sources in different redundancy groups are taken as independent; sources in one group as fully redundant (only the best counts).',
  'Latency assumes every source starts as soon as the sources it depends on have answered: no rate limits or concurrency caps.',
];

const round = (n: number) => Math.round(n * 1e4) / 1e4;

/** Why a source cannot be in any plan, before the search: it costs more than the budget with its inputs, answers too late, or needs more sources than allowed. */
function outOfReach(model: RouterModel, input: RouterInput, maxSources: number) {
  const budget = micro(input.budget);
  return model.candidates.flatMap((c, index) => {
    const why = c.closureCost > budget ? 'over_budget' : input.deadlineMs != null && c.readyMs > input.deadlineMs ? 'past_deadline' : c.closure.length > maxSources ? 'too_many_dependencies' : null;
    return why ? [{ index, sourceId: c.sourceId, why }] : [];
  });
}

function describePlan(model: RouterModel, search: SearchResult) {
  const plan = [...(search.plan ?? [])].sort((a, b) => {
    const x = model.candidates[a]!;
    const y = model.candidates[b]!;
    return x.startMs - y.startMs || x.layer - y.layer || (x.sourceId < y.sourceId ? -1 : 1);
  });
  return plan.map((i) => {
    const c = model.candidates[i]!;
    return { sourceId: c.sourceId, provider: c.provider, price: usdc(c.price), startsAtMs: c.startMs, readyAtMs: c.readyMs, dimensions: c.covers.map((x) => model.dimensions[x.dimension]!.id) };
  });
}

export function analyzeEvidenceRouter(input: RouterInput): ToolOutput<RouterResult> {
  const minimum = input.policy.minimumConfidence ?? ROUTER_DEFAULTS.minimumConfidence;
  const target = Math.max(minimum, input.policy.targetConfidence ?? ROUTER_DEFAULTS.targetConfidence);
  const maxSources = input.policy.maxSources ?? input.sources.length;
  const model = buildModel(input);
  const reasons = new Reasons();
  const all = model.candidates.map((_, i) => i);

  // What the candidates could settle with no budget, deadline or count limit.
  const possible = confidences(model, all);
  const required = model.dimensions.flatMap((d, i) => (d.required ? [i] : []));
  const withoutSource = required.filter((d) => possible[d] === 0);
  const unreachable = required.filter((d) => possible[d]! > 0 && possible[d]! < minimum - EPS);
  const dimensionId = (d: number) => model.dimensions[d]!.id;
  if (withoutSource.length) reasons.add('required_dimension_without_source', 'warning', `No candidate source covers the required dimension(s) ${listed(withoutSource.map(dimensionId))}: find a source for them.`);
  if (unreachable.length) {
    reasons.add('required_dimension_unreachable', 'warning', `Even every candidate bought together leaves ${listed(unreachable.map((d) => `${dimensionId(d)} at ${round(possible[d]!)}`))}, below the minimum confidence of ${minimum}.`);
  }
  if (model.blocked.length) reasons.add('dependency_cycle', 'warning', `Sources that depend on each other in a cycle cannot be bought: ${listed(model.blocked)} (${model.cycles.map((c) => c.join(' <-> ')).join('; ')}).`);
  const excluded = outOfReach(model, input, maxSources);
  if (excluded.length) reasons.add('sources_out_of_reach', 'info', `${excluded.length} source(s) cannot be in any plan: ${listed(excluded.map((e) => `${e.sourceId} (${e.why})`))}.`);

  const excludedIndexes = new Set(excluded.map((e) => e.index));
  const open = all.filter((i) => !excludedIndexes.has(i));
  const budget = micro(input.budget);
  const answerable = required.filter((d) => !withoutSource.includes(d) && !unreachable.includes(d));
  const search = searchPlan(model, open, { budget, maxSources, required: answerable, minimum });
  let fallback: SearchResult | null = null;
  if (!search.plan) {
    fallback = searchPlan(model, open, { budget, maxSources, required: [], minimum });
    const reached = confidences(model, fallback.plan ?? []);
    const short = answerable.filter((d) => reached[d]! < minimum - EPS);
    reasons.add(
      'no_plan_within_limits',
      'critical',
      `No plan within ${input.budget} USDC${input.deadlineMs != null ? `, ${input.deadlineMs} ms` : ''}${input.policy.maxSources != null ? ` and ${maxSources} sources` : ''} brings every required dimension to ${minimum}${search.optimal ? '' : ` (search stopped after ${MAX_NODES} nodes)`}; the best affordable plan leaves ${listed(short.map((d) => `${dimensionId(d)} at ${round(reached[d]!)}`))}.`,
    );
  }
  const chosen = search.plan ?? fallback?.plan ?? [];
  const reached = confidences(model, chosen);
  if (search.plan) {
    if (!search.optimal) reasons.add('search_truncated', 'warning', `The search stopped after ${MAX_NODES} nodes: the plan is the best found, worth ${round(search.value / (model.totalWeight || 1))} of at most ${round(search.upperBound / (model.totalWeight || 1))}.`);
    const thin = answerable.filter((d) => reached[d]! < target - EPS);
    if (thin.length) reasons.add('below_target_confidence', 'warning', `The plan reaches the minimum but not the target of ${target} on ${listed(thin.map((d) => `${dimensionId(d)} (${round(reached[d]!)})`))}.`);
  }
  const optionalShort = model.dimensions.flatMap((d, i) => (!d.required && reached[i]! < minimum - EPS ? [d.id] : []));
  if (optionalShort.length) reasons.add('optional_dimensions_uncovered', 'info', `Optional dimension(s) left below ${minimum}: ${listed(optionalShort)}.`);

  const decision = reasons.has('critical') ? 'block' : withoutSource.length || unreachable.length ? 'insufficient_evidence' : reasons.decide();
  const buying = decision === 'allow' || decision === 'review';
  const plan = describePlan(model, search);
  if (decision === 'allow') reasons.add('plan_covers_required', 'info', `${plan.length} source(s) for ${usdc(search.cost)} USDC bring every required dimension to ${target} or more; no cheaper plan is worth as much.`);
  const summaries = {
    block: 'Block: the budget and limits cannot buy the evidence the decision requires.',
    insufficient_evidence: 'Insufficient evidence: no candidate source can settle a required dimension; find other sources before deciding.',
    review: 'Review: the plan reaches the minimum confidence, but some evidence stays thin or the plan is not proven optimal.',
    allow: 'Allow: buy the plan; it covers every required dimension within the budget.',
  } as const;
  const uncovered = model.dimensions.flatMap((d, i) => (reached[i]! < minimum - EPS ? [d.id] : []));
  const partial = fallback ?? search;

  return {
    result: {
      ...reasons.verdict(decision, summaries[decision]),
      evidence: {
        question: input.question,
        dimensions: model.dimensions.map((d, i) => ({ dimensionId: d.id, required: d.required, weight: d.weight, confidence: round(reached[i]!), possible: round(possible[i]!) })),
        candidates: model.candidates.length,
        openSources: open.length,
        outOfReach: excluded.map(({ sourceId, why }) => ({ sourceId, why })),
        blockedByCycle: model.blocked,
        partialPlan: buying ? null : describePlan(model, partial),
        partialPlanSpend: buying ? null : usdc(partial.cost),
        search: { nodes: search.nodes + (fallback?.nodes ?? 0), optimal: search.optimal && (fallback?.optimal ?? true), valueUpperBound: round(search.upperBound / (model.totalWeight || 1)) },
        plannedLatencyMs: chosen.reduce((latest, i) => Math.max(latest, model.candidates[i]!.readyMs), 0),
        policyApplied: { minimumConfidence: minimum, targetConfidence: target, maxSources: input.policy.maxSources ?? null, deadlineMs: input.deadlineMs ?? null, budget: input.budget },
      },
      purchasePlan: buying ? plan : [],
      plannedSpend: buying ? usdc(search.cost) : '0',
      expectedValue: buying ? round(search.value / (model.totalWeight || 1)) : 0,
      uncoveredDimensions: uncovered,
      optimal: search.optimal,
    },
    metadata: requestOnlyMetadata(LIMITATIONS),
  };
}

export const evidenceBudgetRouter = defineRequestOnlyTool(catalogEntry('evidence_budget_router'), analyzeEvidenceRouter);
