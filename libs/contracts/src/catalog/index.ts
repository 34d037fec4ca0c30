import { CORE_TOOLS } from './core.js';
import { bodyLimitOf, type CatalogEntry } from './entry.js';
import { EXPANSION_TOOLS } from './expansion.js';
import { EXT_TOOLS } from './ext.js';
import { X402_TOOLS } from './x402.js';

export * from './entry.js';
export * from './json-schema.js';
export { CORE_TOOLS } from './core.js';
export { EXPANSION_TOOLS } from './expansion.js';
export { EXT_TOOLS } from './ext.js';
export { X402_TOOLS, X402_FAMILY_PRICE, x402Identity, defineX402Tool } from './x402.js';

/** Every paid tool. The only list of tools and prices in the project: all surfaces derive from it. */
export const CATALOG: readonly CatalogEntry[] = [...CORE_TOOLS, ...EXPANSION_TOOLS, ...EXT_TOOLS, ...X402_TOOLS];

/** Every catalog entry with its own request and result schema types. */
export type CatalogTool = (typeof CORE_TOOLS)[number] | (typeof EXPANSION_TOOLS)[number] | (typeof EXT_TOOLS)[number] | (typeof X402_TOOLS)[number];
export type ToolId = CatalogTool['id'];
/** The catalog entry of one tool id, typed by its own schemas. */
export type CatalogEntryOf<Id extends ToolId> = Extract<CatalogTool, { id: Id }>;

function indexBy<K extends keyof CatalogEntry>(key: K): ReadonlyMap<CatalogEntry[K], CatalogEntry> {
  const map = new Map<CatalogEntry[K], CatalogEntry>();
  for (const entry of CATALOG) {
    if (map.has(entry[key])) throw new Error(`catalog: duplicate ${String(key)} ${String(entry[key])}`);
    map.set(entry[key], entry);
  }
  return map;
}

const byId = indexBy('id');
const byPath = indexBy('path');
const byMcpName = indexBy('mcpName');

/** The largest body any tool's route reads (an endpoint serving every tool, /api/mcp, reads up to it). */
export function largestBodyLimit(serviceLimitBytes: number): number {
  return Math.max(...CATALOG.map((entry) => bodyLimitOf(entry, serviceLimitBytes)));
}

export function toolById(id: string): CatalogEntry | undefined {
  return byId.get(id);
}
export function toolByPath(path: string): CatalogEntry | undefined {
  return byPath.get(path);
}
export function toolByMcpName(name: string): CatalogEntry | undefined {
  return byMcpName.get(name);
}

/** The catalog entry of a known tool id, typed by its own schemas (for declaring tool modules). */
export function catalogEntry<Id extends ToolId>(id: Id): CatalogEntryOf<Id> {
  const entry = [...CORE_TOOLS, ...EXPANSION_TOOLS, ...EXT_TOOLS, ...X402_TOOLS].find((t): t is CatalogEntryOf<Id> => t.id === id);
  if (!entry) throw new Error(`catalog: no tool ${id}`);
  return entry;
}
