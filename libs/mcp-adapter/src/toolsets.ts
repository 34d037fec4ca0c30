import { CATALOG, TOOL_FAMILIES, type CatalogEntry, type ToolFamily } from '@paysight/contracts';

/** A toolset is a catalog family: hosts that cap tool counts load only the families they need. */
export type Toolset = ToolFamily;
export const TOOLSETS: readonly Toolset[] = TOOL_FAMILIES;

export type ToolsetSelection = { ok: true; toolsets: readonly Toolset[] } | { ok: false; problem: string };

/**
 * Reads a comma-separated toolset list (`wallet,tx,trust`). Absent, empty or `all` selects every
 * family. Unknown names are refused rather than ignored: a typo would silently hide tools.
 */
export function parseToolsets(value: string | null | undefined): ToolsetSelection {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0 || names.includes('all')) return { ok: true, toolsets: TOOLSETS };
  const unknown = names.filter((name) => !(TOOLSETS as readonly string[]).includes(name));
  if (unknown.length) {
    return { ok: false, problem: `unknown toolset ${unknown.map((n) => JSON.stringify(n)).join(', ')}; choose from ${TOOLSETS.join(', ')} or all` };
  }
  return { ok: true, toolsets: TOOLSETS.filter((t) => names.includes(t)) };
}

/** The catalog entries of the selected toolsets, in catalog order. */
export function entriesOf(toolsets: readonly Toolset[], catalog: readonly CatalogEntry[] = CATALOG): CatalogEntry[] {
  return catalog.filter((entry) => toolsets.includes(entry.family));
}
