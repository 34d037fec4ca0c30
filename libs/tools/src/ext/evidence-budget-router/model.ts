import type { CatalogEntryOf, RequestOf } from '@paysight/contracts';
import { dependencyOrder } from '../dependency-order.js';
import { micro } from '../verdict.js';

export type RouterInput = RequestOf<CatalogEntryOf<'evidence_budget_router'>>;

/** A source that can be bought, with what buying it takes. */
export interface Candidate {
  sourceId: string;
  provider: string;
  price: bigint;
  /** Per covered dimension: reliability x strength, the chance its answer settles that dimension. */
  covers: { dimension: number; q: number }[];
  /** Index of its redundancy group (its own group when it names none). */
  group: number;
  /** Candidate indexes it cannot be bought without, itself included. */
  closure: number[];
  closureCost: bigint;
  /** Dependency layer and timing with every source started as soon as its inputs are in. */
  layer: number;
  startMs: number;
  readyMs: number;
}

export interface RouterModel {
  dimensions: { id: string; required: boolean; weight: number }[];
  totalWeight: number;
  groups: number;
  candidates: Candidate[];
  /** Sources on a dependency cycle or waiting for one: they cannot be bought in any order. */
  cycles: string[][];
  blocked: string[];
}

/**
 * Sources in dependency order (Kahn's), each with its dependency closure, the closure's cost and
 * the time its answer is ready (its longest dependency chain). O(S x S) for the closures, S <= 50.
 */
export function buildModel(input: RouterInput): RouterModel {
  const dimensions = input.dimensions.map((d) => ({ id: d.dimensionId, required: d.required, weight: d.weight ?? 1 }));
  const dimensionIndex = new Map(dimensions.map((d, i) => [d.id, i]));
  const { order, layer, cycles } = dependencyOrder(input.sources.map((s) => ({ id: s.sourceId, dependsOn: s.dependsOn })));
  const groupIndex = new Map<string, number>();
  const candidates: Candidate[] = [];
  const at = new Map<string, number>();
  for (const index of order) {
    const source = input.sources[index]!;
    const groupKey = source.redundancyGroup == null ? `source:${source.sourceId}` : `group:${source.redundancyGroup}`;
    if (!groupIndex.has(groupKey)) groupIndex.set(groupKey, groupIndex.size);
    const dependencies = (source.dependsOn ?? []).map((id) => candidates[at.get(id)!]!);
    const closure = [...new Set([...dependencies.flatMap((d) => d.closure), candidates.length])].sort((a, b) => a - b);
    const price = micro(source.price);
    const startMs = dependencies.reduce((latest, d) => Math.max(latest, d.readyMs), 0);
    at.set(source.sourceId, candidates.length);
    candidates.push({
      sourceId: source.sourceId,
      provider: source.provider,
      price,
      covers: source.covers.map((c) => ({ dimension: dimensionIndex.get(c.dimensionId)!, q: source.reliability * c.strength })).filter((c) => c.q > 0),
      group: groupIndex.get(groupKey)!,
      closure,
      closureCost: closure.reduce((sum, i) => sum + (i === candidates.length ? price : candidates[i]!.price), 0n),
      layer: layer[index]!,
      startMs,
      readyMs: startMs + source.latencyMs,
    });
  }
  return {
    dimensions,
    totalWeight: dimensions.reduce((sum, d) => sum + d.weight, 0),
    groups: groupIndex.size,
    candidates,
    cycles,
    blocked: input.sources.filter((_, i) => layer[i] === -1).map((s) => s.sourceId).sort(),
  };
}

/**
 * Confidence in each dimension from a set of sources: within a redundancy group only the best
 * source counts (its members share one origin), and groups are independent:
 * 1 - prod over groups of (1 - best q in the group).
 */
export function confidences(model: RouterModel, chosen: readonly number[]): number[] {
  const best = new Map<number, number>();
  for (const i of chosen) {
    const c = model.candidates[i]!;
    for (const { dimension, q } of c.covers) {
      const key = dimension * model.groups + c.group;
      if (q > (best.get(key) ?? 0)) best.set(key, q);
    }
  }
  const miss = model.dimensions.map(() => 1);
  for (const [key, q] of best) miss[Math.floor(key / model.groups)]! *= 1 - q;
  return miss.map((m) => 1 - m);
}
