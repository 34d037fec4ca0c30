import { loopingComponents, type Arc, type TaskGraph } from '../recursive-commerce-loop-breaker/graph.js';

/** Items as the reference rules see them: their position in the bundle, issue time, and id. */
export interface ReferenceNode {
  itemId: string;
  issuedAt: number;
  references: readonly string[];
}

export interface ReferenceGraph {
  /** references[i]: indexes of the items item i references (known items only, without repeats). */
  references: number[][];
  /** referencedBy[j]: indexes of the items that reference item j. */
  referencedBy: number[][];
  /** (item index, referenced id) for every reference to an id not in the bundle. */
  dangling: { from: number; itemId: string }[];
}

/** O(n + r) through a hash map of ids. */
export function buildReferenceGraph(nodes: readonly ReferenceNode[]): ReferenceGraph {
  const index = new Map(nodes.map((n, i) => [n.itemId, i]));
  const references: number[][] = nodes.map(() => []);
  const referencedBy: number[][] = nodes.map(() => []);
  const dangling: ReferenceGraph['dangling'] = [];
  nodes.forEach((node, i) => {
    for (const id of new Set(node.references)) {
      const j = index.get(id);
      if (j === undefined) {
        dangling.push({ from: i, itemId: id });
        continue;
      }
      references[i]!.push(j);
      referencedBy[j]!.push(i);
    }
  });
  return { references, referencedBy, dangling };
}

/**
 * The reference cycles (items that, through references, each precede themselves, impossible in
 * time): the loop breaker's Tarjan strongly connected components, run on the reference graph's
 * integer adjacency; each cycle as item indexes in bundle order. O(n + r).
 */
export function referenceCycles(nodes: readonly ReferenceNode[], graph: ReferenceGraph): number[][] {
  const out: Arc[][] = graph.references.map((refs, from) => refs.map((to) => ({ from, to, calls: 1n, maxAmount: 0n, spent: 0n })));
  const task: TaskGraph = { ids: nodes.map((n) => n.itemId), index: new Map(), out, arc: (from, to) => out[from]!.find((a) => a.to === to) };
  return loopingComponents(task);
}

/**
 * A causal order: every item after the items it references, ready items taken earliest issuedAt
 * first (then itemId), by Kahn's algorithm with a binary heap. null when references form a cycle.
 * O((n + r) log n).
 */
export function causalOrder(nodes: readonly ReferenceNode[], graph: ReferenceGraph): number[] | null {
  const waiting = graph.references.map((refs) => refs.length);
  const before = (a: number, b: number) => nodes[a]!.issuedAt - nodes[b]!.issuedAt || (nodes[a]!.itemId < nodes[b]!.itemId ? -1 : 1);
  const ready = new MinHeap(before);
  waiting.forEach((count, i) => count === 0 && ready.push(i));
  const order: number[] = [];
  for (let next = ready.pop(); next !== undefined; next = ready.pop()) {
    order.push(next);
    for (const dependant of graph.referencedBy[next]!) if (--waiting[dependant]! === 0) ready.push(dependant);
  }
  return order.length === nodes.length ? order : null;
}

/** Every item that builds, directly or through other items, on one of `sources`. Breadth-first over referencedBy: O(n + r). */
export function dependantsOf(sources: Iterable<number>, graph: ReferenceGraph): Set<number> {
  const reached = new Set<number>();
  const queue = [...sources];
  for (let head = 0; head < queue.length; head++) {
    for (const dependant of graph.referencedBy[queue[head]!]!) {
      if (reached.has(dependant)) continue;
      reached.add(dependant);
      queue.push(dependant);
    }
  }
  return reached;
}

class MinHeap {
  private readonly items: number[] = [];
  constructor(private readonly before: (a: number, b: number) => number) {}

  push(value: number): void {
    const items = this.items;
    items.push(value);
    for (let at = items.length - 1; at > 0; ) {
      const parent = (at - 1) >> 1;
      if (this.before(items[at]!, items[parent]!) >= 0) break;
      [items[at], items[parent]] = [items[parent]!, items[at]!];
      at = parent;
    }
  }

  pop(): number | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    for (let at = 0; ; ) {
      const left = 2 * at + 1;
      const right = left + 1;
      let least = at;
      if (left < items.length && this.before(items[left]!, items[least]!) < 0) least = left;
      if (right < items.length && this.before(items[right]!, items[least]!) < 0) least = right;
      if (least === at) break;
      [items[at], items[least]] = [items[least]!, items[at]!];
      at = least;
    }
    return top;
  }
}
