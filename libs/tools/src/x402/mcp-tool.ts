import { AMT, isJsonObject, type JsonObject } from './helpers.js';

/**
 * Reading the x402 side of an MCP tool definition as a tools/list entry carries it: whether the tool
 * is paid and at what price (`_meta.x402Required`, `_meta.price`), and which annotation changes make
 * a tool less safe than before. Parsing only; the tools that read these decide what they mean.
 */

/** The tool's `_meta`, or {} when it has none. */
export const mcpMetaOf = (tool: JsonObject): JsonObject => (isJsonObject(tool._meta) ? tool._meta : {});

/** Paid when `_meta.x402Required` is true or `_meta.price` is present. */
export function mcpToolPaid(tool: JsonObject): boolean {
  const meta = mcpMetaOf(tool);
  return meta.x402Required === true || meta.price !== undefined;
}

/** `_meta.price` as atomic USDC: a decimal string ("0.01", "$0.01") or an object with one as `amount`; null when absent or unreadable. */
export function mcpToolPrice(tool: JsonObject): bigint | null {
  const price = mcpMetaOf(tool).price;
  const amount = isJsonObject(price) ? price.amount : price;
  return typeof amount === 'string' ? AMT.toAtomic(amount.replace(/^\$/, '')) : null;
}

const hintOf = (tool: JsonObject, hint: string): unknown => (isJsonObject(tool.annotations) ? tool.annotations[hint] : undefined);

/**
 * Annotation changes towards the unsafe side (MCP defaults: readOnlyHint false, destructiveHint
 * true): a tool that was read-only and no longer says so, or was non-destructive and no longer says
 * so. Either needs the user's consent again. JSON pointers into the after definition.
 */
export function annotationSafetyFlips(before: JsonObject, after: JsonObject): string[] {
  const flips: string[] = [];
  if (hintOf(before, 'readOnlyHint') === true && hintOf(after, 'readOnlyHint') !== true) flips.push('/annotations/readOnlyHint');
  if (hintOf(before, 'destructiveHint') === false && hintOf(after, 'destructiveHint') !== false) flips.push('/annotations/destructiveHint');
  return flips;
}
