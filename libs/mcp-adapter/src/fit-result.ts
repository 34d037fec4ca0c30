/**
 * Characters of JSON allowed in an MCP tool result's structuredContent (the ok wrapper around the REST
 * body). Claude Code refuses tool results above 25,000 tokens (other hosts truncate them), and the
 * result carries this JSON twice (structuredContent and its text copy) besides a short summary. Hex
 * (hashes, calldata, revert data) is the densest text we return, 1.7 to 1.8 characters a token with
 * Claude's and OpenAI's tokenizers (wallet results as a whole: 2.7). So the two copies come to at most
 * about 21,000 tokens, leaving room for the summary and a tokenizer that counts a little higher;
 * a wallet result comes to about 13,000.
 */
export const MAX_STRUCTURED_RESULT_CHARS = 18_000;

/** Arrays keep at least their first item: no result schema asks for more (a risk flag's evidence asks for one). */
const MIN_KEPT_ITEMS = 1;

/**
 * Strings longer than this may be shortened, never below it, and only when cutting arrays is not
 * enough. No field with a format (amounts, hashes, addresses, dates, enums) comes close.
 */
export const MIN_SHORTENED_STRING_CHARS = 1_000;

/** What fitResponse left out of one array (items) or one string (characters): the first `kept` of `total` remain. */
export interface Omission {
  /** JSON path in the response body, e.g. result.report.flows or result.riskFlags[0].evidence. */
  path: string;
  unit: 'items' | 'characters';
  kept: number;
  total: number;
}

export interface FittedResponse {
  body: unknown;
  omissions: Omission[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A subtree without arrays or long strings has a fixed serialized size. */
interface FixedNode {
  kind: 'fixed';
  size: number;
}
/** An object: its braces, keys and fixed children, plus the children that can be cut. */
interface ObjectNode {
  kind: 'object';
  fixedSize: number;
  children: SizedNode[];
}
interface ArrayNode {
  kind: 'array';
  path: string;
  value: Json[];
  items: SizedNode[];
  /** How many items the last measure kept. */
  kept: number;
}
interface LongStringNode {
  kind: 'string';
  path: string;
  value: string;
  jsonSize: number;
  /** Whether JSON escapes any character (then a prefix's size must be measured, not computed). */
  escaped: boolean;
  replace: (text: string) => void;
  /** How many characters the last measure kept; the whole value when it was not shortened. */
  kept: number;
}
type SizedNode = FixedNode | ObjectNode | ArrayNode | LongStringNode;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (!IDENTIFIER.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent ? `${parent}.${key}` : key;
}

const jsonLength = (value: Json): number => JSON.stringify(value).length;

const marker = (cut: number): string => `…[${cut} more characters]`;

/** Sizes every subtree once, so that a cut is measured without serializing the body again. */
function sizeTree(value: Json, path: string, replace: (text: string) => void): SizedNode {
  if (typeof value === 'string' && value.length > MIN_SHORTENED_STRING_CHARS) {
    const jsonSize = jsonLength(value);
    return { kind: 'string', path, value, jsonSize, escaped: jsonSize !== value.length + 2, replace, kept: value.length };
  }
  if (value === null || typeof value !== 'object') return { kind: 'fixed', size: jsonLength(value) };
  if (Array.isArray(value)) {
    const items = value.map((item, i) => sizeTree(item, childPath(path, i), (text) => (value[i] = text)));
    return { kind: 'array', path, value, items, kept: value.length };
  }
  const entries = Object.entries(value);
  let fixedSize = 2 + Math.max(entries.length - 1, 0);
  const children: SizedNode[] = [];
  for (const [key, child] of entries) {
    fixedSize += JSON.stringify(key).length + 1;
    const node = sizeTree(child, childPath(path, key), (text) => (value[key] = text));
    if (node.kind === 'fixed') fixedSize += node.size;
    else children.push(node);
  }
  return children.length ? { kind: 'object', fixedSize, children } : { kind: 'fixed', size: fixedSize };
}

/** How many characters of a long string a cap keeps (never half a surrogate pair). */
function keptCharacters(value: string, cap: number): number {
  const keep = Math.max(MIN_SHORTENED_STRING_CHARS, cap);
  return /[\uD800-\uDBFF]/.test(value.charAt(keep - 1)) ? keep - 1 : keep;
}

function shortenedSize(node: LongStringNode, kept: number): number {
  const prefix = node.escaped ? jsonLength(node.value.slice(0, kept)) : kept + 2;
  return prefix + marker(node.value.length - kept).length;
}

interface Measured {
  size: number;
  /** The part of `size` inside arrays nested in the node, which those arrays' own caps govern. */
  inNestedArrays: number;
}

/**
 * Serialized size when every array keeps the longest prefix whose own characters (not counting the
 * contents of arrays nested in its items, which are capped in turn) are at most `cap`, keeping at
 * least MIN_KEPT_ITEMS items, and, with `shortenStrings`, every long string keeps `cap` characters
 * (at least MIN_SHORTENED_STRING_CHARS) when that makes it smaller. Records what each node kept.
 */
function measure(node: SizedNode, cap: number, shortenStrings: boolean): Measured {
  switch (node.kind) {
    case 'fixed':
      return { size: node.size, inNestedArrays: 0 };
    case 'object':
      return node.children.reduce(
        (sum, child) => {
          const { size, inNestedArrays } = measure(child, cap, shortenStrings);
          return { size: sum.size + size, inNestedArrays: sum.inNestedArrays + inNestedArrays };
        },
        { size: node.fixedSize, inNestedArrays: 0 },
      );
    case 'string':
      return { size: measureString(node, cap, shortenStrings), inNestedArrays: 0 };
    case 'array': {
      let size = 2;
      let own = 2;
      let kept = 0;
      for (const item of node.items) {
        const comma = kept ? 1 : 0;
        const measured = measure(item, cap, shortenStrings);
        const itemOwn = measured.size - measured.inNestedArrays + comma;
        if (kept >= MIN_KEPT_ITEMS && own + itemOwn > cap) break;
        own += itemOwn;
        size += measured.size + comma;
        kept += 1;
      }
      node.kept = kept;
      return { size, inNestedArrays: size - 2 };
    }
  }
}

function measureString(node: LongStringNode, cap: number, shortenStrings: boolean): number {
  node.kept = node.value.length;
  if (!shortenStrings || node.value.length <= cap) return node.jsonSize;
  const kept = keptCharacters(node.value, cap);
  const size = shortenedSize(node, kept);
  if (size >= node.jsonSize) return node.jsonSize;
  node.kept = kept;
  return size;
}

/** Cuts the copy to what the last measure kept and lists each cut, in document order. */
function applyCuts(node: SizedNode, omissions: Omission[]): void {
  switch (node.kind) {
    case 'fixed':
      return;
    case 'object':
      for (const child of node.children) applyCuts(child, omissions);
      return;
    case 'string':
      if (node.kept < node.value.length) {
        node.replace(node.value.slice(0, node.kept) + marker(node.value.length - node.kept));
        omissions.push({ path: node.path, unit: 'characters', kept: node.kept, total: node.value.length });
      }
      return;
    case 'array':
      if (node.kept < node.items.length) {
        node.value.length = node.kept;
        omissions.push({ path: node.path, unit: 'items', kept: node.kept, total: node.items.length });
      }
      for (const item of node.items.slice(0, node.kept)) applyCuts(item, omissions);
  }
}

/** The largest cap in [0, high] at which `fits` holds, given that it holds at 0 (by bisection). */
function largestFittingCap(high: number, fits: (cap: number) => boolean): number {
  let fitting = 0;
  let tooBig = high + 1;
  while (tooBig - fitting > 1) {
    const middle = Math.floor((fitting + tooBig) / 2);
    if (fits(middle)) fitting = middle;
    else tooBig = middle;
  }
  return fitting;
}

/**
 * Cuts an ok response body (a JSON value) so that its JSON is at most `maxChars` characters, without
 * removing a key or changing a value that a schema checks. Arrays lose their tail, the largest
 * first: every array keeps the longest prefix whose own characters (its items, less the contents of
 * arrays nested in them, which are capped in their turn) fit one common cap, the largest at which the
 * body fits, and at least its first item. So small arrays stay whole, and a short list whose items
 * hold a long list keeps every item while the inner list is cut. Only if arrays cut to their first
 * items still do not fit are strings longer than MIN_SHORTENED_STRING_CHARS cut to the same cap
 * too, ending in a visible marker. A body that fits is returned as given, otherwise a cut copy (the
 * input is never changed). If keys and short values alone exceed the budget, the result is as small
 * as these rules allow, still over it.
 *
 * For structuredContent, pass MAX_STRUCTURED_RESULT_CHARS less the JSON length of the wrapper
 * around the body.
 */
export function fitResponse(body: unknown, maxChars: number): FittedResponse {
  const json = JSON.stringify(body);
  if (json.length <= maxChars) return { body, omissions: [] };
  const copy = { body: JSON.parse(json) as Json };
  const tree = sizeTree(copy.body, '', (text) => (copy.body = text));
  const shortenStrings = measure(tree, 0, false).size > maxChars;
  const fits = (cap: number) => measure(tree, cap, shortenStrings).size <= maxChars;
  measure(tree, fits(0) ? largestFittingCap(json.length, fits) : 0, shortenStrings);
  const omissions: Omission[] = [];
  applyCuts(tree, omissions);
  return { body: copy.body, omissions };
}

export interface OmissionNoteOptions {
  /** The response body, fitted or not (a saved report URL is never shortened). */
  body: unknown;
  /** The tool's REST endpoint, which answers with the whole body (a new paid call). */
  restEndpoint: string;
}

/** Where a saved report is kept, when the body has one (deep_wallet_report, saved_report; wallet_audit's is null). */
function savedReportUrlOf(body: unknown): string | null {
  const result = (body as { result?: { savedReportUrl?: unknown } } | null)?.result;
  return typeof result?.savedReportUrl === 'string' && result.savedReportUrl ? result.savedReportUrl : null;
}

/**
 * One sentence per omission: what was left out and where to get it, which is the saved report when
 * the body names one, otherwise the REST endpoint. Empty when nothing was left out.
 */
export function omissionNote(omissions: readonly Omission[], { body, restEndpoint }: OmissionNoteOptions): string {
  const url = savedReportUrlOf(body);
  const source = url
    ? `the full report is saved at ${url} (as JSON with Accept: application/json).`
    : `the REST endpoint POST ${restEndpoint} returns the whole body (a new paid call).`;
  return omissions.map(({ path, unit, kept, total }) => `${path} shows the first ${kept} of ${total} ${unit}; ${source}`).join(' ');
}
