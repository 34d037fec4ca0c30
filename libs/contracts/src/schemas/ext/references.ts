import type { z } from 'zod';
import { DECIMAL_PATTERN, decimalToAtomic } from '../../money.js';
import { decimalString } from '../common.js';

/**
 * Checks a list of items that name each other: every id is listed once and every reference (when
 * the items have any) names an id of the list other than the item's own. A dangling or duplicate
 * id is a typo the caller should hear about for free (400), not in a paid answer. O(n + r).
 */
export function uniqueIds<T>(idField: string, idOf: (item: T) => string, references?: { field: string; of: (item: T) => readonly string[] | null | undefined }) {
  return (items: readonly T[], ctx: z.core.$RefinementCtx<readonly T[]>): void => {
    const ids = new Set<string>();
    items.forEach((item, index) => {
      const id = idOf(item);
      if (ids.has(id)) ctx.addIssue({ code: 'custom', message: `${idField} ${id} is listed more than once`, path: [index, idField] });
      ids.add(id);
    });
    if (!references) return;
    items.forEach((item, index) => {
      (references.of(item) ?? []).forEach((reference, at) => {
        const path = [index, references.field, at];
        if (reference === idOf(item)) ctx.addIssue({ code: 'custom', message: `${idField} ${reference} names itself in ${references.field}`, path });
        else if (!ids.has(reference)) ctx.addIssue({ code: 'custom', message: `${references.field} names ${reference}, which is not a listed ${idField}`, path });
      });
    });
  };
}

/** A decimal USDC amount with an upper bound (so sums of many stay exact integers of micro-USDC). */
export function usdcAtMost(max: string) {
  const limit = BigInt(decimalToAtomic(max));
  // Refinements run after a failed format check too: only a well-formed amount is compared.
  return decimalString.refine((value) => !DECIMAL_PATTERN.test(value) || BigInt(decimalToAtomic(value)) <= limit, `must be at most ${max} USDC`);
}
