/**
 * The task graph of the loop breaker: agents as dense integer nodes, one arc per (caller, callee)
 * pair with its calls merged. Adjacency lists are sorted by the callee's id, so every search below
 * visits agents in the same order whatever order the request listed its edges in.
 */
export interface Arc {
  from: number;
  to: number;
  /** Calls made so far on this pair (callCount summed over the request's edges). */
  calls: bigint;
  /** Highest per-call amount on this pair, in micro-USDC: a loop is costed at its dearest price. */
  maxAmount: bigint;
  /** Money moved so far on this pair: amount x callCount summed, in micro-USDC. */
  spent: bigint;
}

export interface TaskGraph {
  ids: readonly string[];
  index: ReadonlyMap<string, number>;
  /** Outgoing arcs of each node, sorted by callee id. */
  out: readonly Arc[][];
  arc(from: number, to: number): Arc | undefined;
}

export interface EdgeInput {
  fromAgentId: string;
  toAgentId: string;
  amount: bigint;
  callCount: bigint;
}

/** O(E log E): ids sorted once, parallel edges merged through a hash map, adjacency sorted. */
export function buildTaskGraph(edges: readonly EdgeInput[], extraIds: readonly string[]): TaskGraph {
  const ids = [...new Set([...extraIds, ...edges.flatMap((e) => [e.fromAgentId, e.toAgentId])])].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const arcs = new Map<string, Arc>();
  for (const edge of edges) {
    const from = index.get(edge.fromAgentId)!;
    const to = index.get(edge.toAgentId)!;
    const key = `${from}>${to}`;
    const arc = arcs.get(key) ?? { from, to, calls: 0n, maxAmount: 0n, spent: 0n };
    arc.calls += edge.callCount;
    arc.spent += edge.amount * edge.callCount;
    if (edge.amount > arc.maxAmount) arc.maxAmount = edge.amount;
    arcs.set(key, arc);
  }
  const out: Arc[][] = ids.map(() => []);
  for (const arc of arcs.values()) out[arc.from]!.push(arc);
  for (const list of out) list.sort((a, b) => a.to - b.to);
  return { ids, index, out, arc: (from, to) => arcs.get(`${from}>${to}`) };
}

/** Breadth-first distances (in arcs) from `source`; -1 where it does not reach. O(V + E). */
export function distancesFrom(graph: TaskGraph, source: number): Int32Array {
  const dist = new Int32Array(graph.ids.length).fill(-1);
  const queue = [source];
  dist[source] = 0;
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const { to } of graph.out[node]!) {
      if (dist[to] !== -1) continue;
      dist[to] = dist[node]! + 1;
      queue.push(to);
    }
  }
  return dist;
}

/** A shortest path (fewest arcs) from `source` to `target` as node indexes, or null. O(V + E). */
export function shortestPath(graph: TaskGraph, source: number, target: number): number[] | null {
  const parent = new Int32Array(graph.ids.length).fill(-1);
  const seen = new Uint8Array(graph.ids.length);
  const queue = [source];
  seen[source] = 1;
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    if (node === target) {
      const path = [node];
      for (let at = node; at !== source; ) path.push((at = parent[at]!));
      return path.reverse();
    }
    for (const { to } of graph.out[node]!) {
      if (seen[to]) continue;
      seen[to] = 1;
      parent[to] = node;
      queue.push(to);
    }
  }
  return null;
}

/**
 * Tarjan's strongly connected components, iterative (no recursion, so a 2,000-agent chain cannot
 * overflow the stack). Returns the components that hold a loop: two or more agents, or one agent
 * that calls itself. Each component's agents are sorted, and components are ordered by their first
 * agent. O(V + E).
 */
export function loopingComponents(graph: TaskGraph): number[][] {
  const n = graph.ids.length;
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (order[root] !== -1) continue;
    const frames: [node: number, next: number][] = [[root, 0]];
    order[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (frames.length) {
      const frame = frames[frames.length - 1]!;
      const [node, next] = frame;
      const arcs = graph.out[node]!;
      if (next < arcs.length) {
        frame[1]++;
        const to = arcs[next]!.to;
        if (order[to] === -1) {
          order[to] = low[to] = counter++;
          stack.push(to);
          onStack[to] = 1;
          frames.push([to, 0]);
        } else if (onStack[to]) {
          low[node] = Math.min(low[node]!, order[to]!);
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]]!, low[node]!);
      if (low[node] !== order[node]) continue;
      const component: number[] = [];
      let member: number;
      do {
        member = stack.pop()!;
        onStack[member] = 0;
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.arc(node, node)) components.push(component.sort((a, b) => a - b));
    }
  }
  return components.sort((a, b) => a[0]! - b[0]!);
}
