import type { Hex } from 'viem';
import indexJson from '../../data/selector-index.json' with { type: 'json' };
import type { SelectorIndex } from './selector-index.js';
import { parseSignature, type SelectorItem, type SelectorKind } from './signature.js';

/** The shipped signature data set (data/selector-index.json), bundled into the library. */
export const SELECTOR_INDEX: SelectorIndex = indexJson as unknown as SelectorIndex;

const parsed = new Map<string, SelectorItem>();

function parsedSignature(text: string): SelectorItem {
  let item = parsed.get(text);
  if (!item) {
    item = parseSignature(text);
    parsed.set(text, item);
  }
  return item;
}

/** Every data set signature of this kind whose selector is `selector`, in data set order. */
export function datasetCandidates(kind: SelectorKind, selector: Hex): SelectorItem[] {
  const table = kind === 'function' ? SELECTOR_INDEX.functions : SELECTOR_INDEX.errors;
  return (table[selector.toLowerCase() as Hex] ?? []).map(parsedSignature);
}
