import type { z } from 'zod';
import { paidEnvelope } from '../envelope.js';
import { CORE_TOOLS } from './core.js';
import type { CatalogEntry } from './entry.js';

export * from './entry.js';
export { CORE_TOOLS } from './core.js';

/** Every paid tool. The only list of tools and prices in the project: all surfaces derive from it. */
export const CATALOG: readonly CatalogEntry[] = [...CORE_TOOLS];

export type ToolId = (typeof CORE_TOOLS)[number]['id'];

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

export function toolById(id: string): CatalogEntry | undefined {
  return byId.get(id);
}
export function toolByPath(path: string): CatalogEntry | undefined {
  return byPath.get(path);
}
export function toolByMcpName(name: string): CatalogEntry | undefined {
  return byMcpName.get(name);
}

/** Schema of the whole 200 body of a tool. */
export function responseSchema(entry: CatalogEntry): z.ZodType {
  return entry.envelope === 'paid' ? paidEnvelope(entry.id, entry.result) : entry.result;
}
