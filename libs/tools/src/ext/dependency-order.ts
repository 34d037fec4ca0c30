import { buildTaskGraph, loopingComponents } from './recursive-commerce-loop-breaker/graph.js';

export interface Dependent {
  id: string;
  dependsOn?: readonly string[] | null;
}

export interface DependencyOrder {
  /** Indexes of the items that can run, in run order: by layer, then by id (so the order of the request does not matter). */
  order: number[];
  /** 0 for an item with no dependencies, else 1 + its deepest dependency's layer; -1 on a cycle or after one. */
  layer: Int32Array;
  /** The dependency cycles, each as the sorted ids of its items. */
  cycles: string[][];
}

/**
 * Kahn's algorithm over "dependency before dependent": O(V + E), plus O(V log V) to sort the
 * layers. Items left with unmet dependencies sit on a cycle or wait for one; the cycles themselves
 * come from Tarjan's components (the loop breaker's graph), O(V + E).
 */
export function dependencyOrder(items: readonly Dependent[]): DependencyOrder {
  const index = new Map(items.map((item, i) => [item.id, i]));
  const waiting = new Int32Array(items.length);
  const dependents: number[][] = items.map(() => []);
  items.forEach((item, i) => {
    for (const dependency of item.dependsOn ?? []) {
      dependents[index.get(dependency)!]!.push(i);
      waiting[i]!++;
    }
  });
  const layer = new Int32Array(items.length).fill(-1);
  const queue: number[] = [];
  items.forEach((_, i) => {
    if (waiting[i] === 0) {
      layer[i] = 0;
      queue.push(i);
    }
  });
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head]!;
    for (const next of dependents[at]!) {
      layer[next] = Math.max(layer[next]!, layer[at]! + 1);
      if (--waiting[next]! === 0) queue.push(next);
    }
  }
  waiting.forEach((left, i) => {
    if (left > 0) layer[i] = -1;
  });
  const order = queue.sort((a, b) => layer[a]! - layer[b]! || (items[a]!.id < items[b]!.id ? -1 : 1));
  let cycles: string[][] = [];
  if (order.length < items.length) {
    const edges = items.flatMap((item) => (item.dependsOn ?? []).map((dependency) => ({ fromAgentId: dependency, toAgentId: item.id, amount: 0n, callCount: 1n })));
    const graph = buildTaskGraph(edges, []);
    cycles = loopingComponents(graph).map((component) => component.map((node) => graph.ids[node]!));
  }
  return { order, layer, cycles };
}
