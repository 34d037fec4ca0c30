import { CATALOG, toolById, toolByMcpName, type CatalogEntry } from '@paysight/contracts';

/** Accepts a tool id (wallet_snapshot), its path slug (wallet-snapshot) or its MCP name (svc_wallet_snapshot). */
export function resolveTool(name: string): CatalogEntry | undefined {
  return toolById(name) ?? toolByMcpName(name) ?? CATALOG.find((t) => t.slug === name);
}
