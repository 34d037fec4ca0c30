import { z } from 'zod';

/**
 * Objects and arrays nested deeper than this in a document a tool reads but does not define (a
 * discovery document, a 402 challenge) are refused: the request body limit bounds their size, this
 * bounds their depth. Paysight's own discovery documents nest 25 levels at most.
 */
export const JSON_DOCUMENT_MAX_DEPTH = 64;

/** Levels of objects and arrays in a JSON value (a scalar is 0); stops counting past `limit`. Iterative: no deep recursion on hostile input. */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, level]);
  }
  return deepest;
}

/** A JSON object of any shape, nested at most JSON_DOCUMENT_MAX_DEPTH levels. */
export const jsonDocument = z
  .record(z.string(), z.unknown())
  .refine((value) => jsonDepth(value, JSON_DOCUMENT_MAX_DEPTH) <= JSON_DOCUMENT_MAX_DEPTH, { message: `must not nest objects and arrays more than ${JSON_DOCUMENT_MAX_DEPTH} levels deep` });
