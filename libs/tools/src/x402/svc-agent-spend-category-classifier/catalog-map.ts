import { CATALOG, SPEND_CATEGORY_BY_FAMILY, SPEND_CATEGORY_BY_TOOL_ID, type SpendCategory } from '@paysight/contracts';

export interface CatalogMatch {
  id: string;
  category: SpendCategory;
  /** Why: the tool's catalog family, or its own exception. */
  via: string;
}

/**
 * This service's built-in catalog map, read from CATALOG: every tool id and MCP name, and for x402-*
 * tools the id without `x402_` as well, so that names stripped of `svc_` or `svc_x402_` find their tool.
 */
const BY_KEY: ReadonlyMap<string, CatalogMatch> = (() => {
  const map = new Map<string, CatalogMatch>();
  for (const entry of CATALOG) {
    const own = SPEND_CATEGORY_BY_TOOL_ID[entry.id];
    const match: CatalogMatch = { id: entry.id, category: own ?? SPEND_CATEGORY_BY_FAMILY[entry.family], via: own ? 'tool exception' : `family ${entry.family}` };
    for (const key of [entry.id, entry.mcpName.toLowerCase(), entry.id.replace(/^x402_/, '')]) if (!map.has(key)) map.set(key, match);
  }
  return map;
})();

/** The catalog tool a tool id or MCP name names (lowercased; as written, else with `svc_` stripped), or null. */
export function catalogMatch(name: string): CatalogMatch | null {
  const key = name.trim().toLowerCase();
  return BY_KEY.get(key) ?? BY_KEY.get(key.replace(/^svc_/, '')) ?? null;
}
