import type { Abi } from 'viem';
import { canonicalSignature, formatSignature, type SelectorItem } from '../src/decoding/signature.js';

/** What makes two signatures the same entry: kind and canonical types (parameter names do not count). */
export const selectorKey = (item: SelectorItem) => `${item.type} ${canonicalSignature(item)}`;

const isSelectorItem = (item: Abi[number]): item is SelectorItem => item.type === 'function' || item.type === 'error';

/**
 * Signature-file lines for the functions and custom errors of published contract ABIs: one `# Contract`
 * heading per contract that adds something, each signature once, leaving out those in `known`.
 */
export function abiSignatureLines(contracts: readonly { name: string; abi: Abi }[], known: ReadonlySet<string>): string[] {
  const seen = new Set(known);
  const lines: string[] = [];
  for (const contract of contracts) {
    const fresh = contract.abi.filter(isSelectorItem).flatMap((item) => {
      const key = selectorKey(item);
      if (seen.has(key)) return [];
      seen.add(key);
      return [formatSignature(item)];
    });
    if (fresh.length) lines.push('', `# ${contract.name}`, ...fresh.sort());
  }
  return lines;
}
