import { CATALOG, SPEND_CATEGORY_BY_FAMILY, SPEND_CATEGORY_BY_TOOL_ID, UPSELL_PATH_LIMITS, WORKFLOWS } from '@paysight/contracts';

export interface BuiltinLadderTool {
  tool_id: string;
  price: string;
  covers: readonly string[];
  next: readonly string[];
}

/** Next edges of this service's tools: each workflow step points at the step after it (first five, in workflow order). */
function workflowEdges(): ReadonlyMap<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const workflow of WORKFLOWS) {
    for (const [i, step] of workflow.steps.entries()) {
      const following = workflow.steps[i + 1]?.tool;
      if (following === undefined || following === step.tool) continue;
      const next = edges.get(step.tool) ?? [];
      if (!next.includes(following) && next.length < UPSELL_PATH_LIMITS.next) next.push(following);
      edges.set(step.tool, next);
    }
  }
  return edges;
}

/**
 * This service's own catalog as a ladder (design sheet §R, "this service's own catalog"): catalog
 * prices; each tool covers its spend category (#14's catalog map) and its own tool id; next edges
 * are the designed workflows' consecutive steps.
 */
export const BUILTIN_LADDER: readonly BuiltinLadderTool[] = (() => {
  const edges = workflowEdges();
  return CATALOG.map((entry) => ({
    tool_id: entry.id,
    price: entry.price,
    covers: [SPEND_CATEGORY_BY_TOOL_ID[entry.id] ?? SPEND_CATEGORY_BY_FAMILY[entry.family], entry.id],
    next: edges.get(entry.id) ?? [],
  }));
})();
