import type { Hex } from 'viem';
import { canonicalSignature, formatSignature, parseSignature, selectorOf, type SelectorKind } from './signature.js';

/** selector -> candidate signatures (normalized human-readable lines), in data set order. */
export type SelectorTable = Record<Hex, string[]>;

/** The committed index: what `data/selector-index.json` holds. */
export interface SelectorIndex {
  about: string;
  counts: { functions: number; errors: number; collisions: number };
  functions: SelectorTable;
  errors: SelectorTable;
}

/** One signature file of `data/signatures/`. */
export interface SignatureSource {
  name: string;
  text: string;
}

export const SELECTOR_INDEX_ABOUT =
  'Generated from libs/tools/data/signatures/*.txt by libs/tools/data/generate-selector-index.ts; do not edit by hand.';

/** A line of a signature file that is not a valid signature. */
export class SignatureSyntaxError extends Error {
  override readonly name = 'SignatureSyntaxError';
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
  }
}

/** Non-empty lines that are not `#` comments, with their line numbers. */
function signatureLines(source: SignatureSource): { line: number; text: string }[] {
  return source.text.split('\n').flatMap((raw, i) => {
    const text = raw.replace(/#.*$/, '').trim();
    return text ? [{ line: i + 1, text }] : [];
  });
}

function sortedTable(table: Map<Hex, string[]>): SelectorTable {
  return Object.fromEntries([...table.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Builds the index from the signature files, in the order given (earlier files first among
 * candidates). A signature listed twice (same canonical types, whatever the parameter names) is kept
 * once, as first written; different signatures that share a selector are all kept.
 */
export function buildSelectorIndex(sources: readonly SignatureSource[]): SelectorIndex {
  const tables: Record<SelectorKind, Map<Hex, string[]>> = { function: new Map(), error: new Map() };
  const seen = new Set<string>();
  for (const source of sources) {
    for (const { line, text } of signatureLines(source)) {
      let item;
      try {
        item = parseSignature(text);
      } catch (error) {
        throw new SignatureSyntaxError(source.name, line, error instanceof Error ? error.message.split('\n')[0]! : String(error));
      }
      const key = `${item.type} ${canonicalSignature(item)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const table = tables[item.type];
      const selector = selectorOf(item);
      table.set(selector, [...(table.get(selector) ?? []), formatSignature(item)]);
    }
  }
  const countEntries = (table: Map<Hex, string[]>) => [...table.values()].reduce((n, list) => n + list.length, 0);
  const collisions = [...tables.function.values(), ...tables.error.values()].filter((list) => list.length > 1).length;
  return {
    about: SELECTOR_INDEX_ABOUT,
    counts: { functions: countEntries(tables.function), errors: countEntries(tables.error), collisions },
    functions: sortedTable(tables.function),
    errors: sortedTable(tables.error),
  };
}

/** The index as committed: stable key order, two-space indentation, trailing newline. */
export function serializeSelectorIndex(index: SelectorIndex): string {
  return `${JSON.stringify(index, null, 2)}\n`;
}
