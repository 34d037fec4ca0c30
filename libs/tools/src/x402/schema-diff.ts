import { isDeepStrictEqual } from 'node:util';
import { SCHEMA_CHANGE_CLASSES, canonicalJson, type SchemaChangeClass, type SchemaChangeKind } from '@paysight/contracts';
import { pointer } from './helpers.js';

/**
 * SDIFF(before, after, side): the family's JSON-Schema compatibility classifier (design sheet §0,
 * "Shared helpers"; docs/tools/x402/schema-diff.md). Pure classification: what a caller does with
 * the classes (a decision, a consumer match, a semver rule) is the caller's own logic.
 *
 * - `input`: the schema of what callers SEND (an MCP inputSchema, a request body). Narrowing what
 *   is accepted breaks callers; loosening does not.
 * - `output`: the schema of what callers READ (an outputSchema, a response). Losing a property or
 *   a type breaks readers; new values they may not handle are risky; narrowing is safe.
 */
export type SchemaSide = 'input' | 'output';

export interface SchemaChange {
  kind: SchemaChangeKind;
  class: SchemaChangeClass;
  /** JSON pointer to the keyword in the after schema (the before schema for removals), following $ref sites, not $defs. */
  schema_path: string;
  /** JSON pointer of the instance location the change applies to: property names, `*` for any array item or additional property, numbers for tuple positions. */
  instance_path: string;
  before?: unknown;
  after?: unknown;
}

export interface SchemaDiff {
  /** The most severe class of any change, or `unchanged`. */
  class: SchemaChangeClass | 'unchanged';
  /** Sorted by class (breaking first), ties in walk order (keyword order below, properties in before-then-after order). */
  changes: SchemaChange[];
  /** True when the depth or node budget stopped the walk: deeper changes were not seen. */
  truncated: boolean;
  /** $ref values that are not local JSON pointers resolvable in their own document: compared as strings only, sorted. */
  unresolved_refs: string[];
  /** Schema node pairs visited (the cost measure, at most maxNodes). */
  nodes: number;
}

export interface SchemaDiffOptions {
  /** Most nested schema levels walked, counting $ref hops (default 32). */
  maxDepth?: number;
  /** Most schema node pairs visited in one diff (default 5000). */
  maxNodes?: number;
}

export const SCHEMA_DIFF_DEFAULTS = { maxDepth: 32, maxNodes: 5000 } as const;

type Schema = Record<string, unknown>;
/** The boolean schema `false` (nothing is valid); `true` and an absent schema are `{}`. */
const REJECT_ALL = Symbol('false');
type Node = Schema | typeof REJECT_ALL;
type Segment = string | number;

/** The class of a kind per side: [input, output]. Where §0 lists a rule it is copied; the rest follow the same variance (docs). */
const CLASS_OF: Record<SchemaChangeKind, readonly [SchemaChangeClass, SchemaChangeClass]> = {
  property_added: ['nonbreaking', 'nonbreaking'],
  // On input, a removed property is breaking only when additionalProperties is false (see removedClass).
  property_removed: ['risky', 'breaking'],
  property_required: ['breaking', 'nonbreaking'],
  property_optional: ['nonbreaking', 'breaking'],
  type_narrowed: ['breaking', 'breaking'],
  type_widened: ['nonbreaking', 'breaking'],
  type_changed: ['breaking', 'breaking'],
  enum_values_added: ['nonbreaking', 'risky'],
  enum_values_removed: ['breaking', 'nonbreaking'],
  enum_added: ['breaking', 'nonbreaking'],
  enum_removed: ['nonbreaking', 'risky'],
  const_added: ['breaking', 'nonbreaking'],
  const_removed: ['nonbreaking', 'risky'],
  const_changed: ['breaking', 'breaking'],
  bound_tightened: ['breaking', 'nonbreaking'],
  bound_loosened: ['nonbreaking', 'risky'],
  pattern_added: ['breaking', 'nonbreaking'],
  pattern_changed: ['breaking', 'risky'],
  pattern_removed: ['nonbreaking', 'risky'],
  format_added: ['breaking', 'nonbreaking'],
  format_changed: ['breaking', 'risky'],
  format_removed: ['nonbreaking', 'risky'],
  additional_properties_closed: ['breaking', 'nonbreaking'],
  additional_properties_opened: ['nonbreaking', 'risky'],
  schema_rejects_all: ['breaking', 'breaking'],
  schema_accepts_all: ['nonbreaking', 'risky'],
  unclassified_change: ['risky', 'risky'],
  annotation_changed: ['cosmetic', 'cosmetic'],
};

const COSMETIC = ['title', 'description', 'examples'] as const;
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;
/** Keywords classified by their own rule, and identifiers or containers reached only through $ref. Every other keyword that differs is an unclassified change. */
const HANDLED: ReadonlySet<string> = new Set([
  ...COSMETIC,
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  'type',
  'enum',
  'const',
  'pattern',
  'format',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  '$schema',
  '$id',
  '$anchor',
  '$defs',
  'definitions',
  '$comment',
]);

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);
const same = (a: unknown, b: unknown): boolean => a === b || isDeepStrictEqual(a, b);

function toNode(value: unknown): Node {
  if (value === false) return REJECT_ALL;
  return isSchema(value) ? value : {};
}

/** A local `#...` JSON pointer resolved in `root`; undefined when it is not one or points nowhere. */
function resolveLocal(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return undefined;
  let current: unknown = root;
  for (const raw of fragment.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (isSchema(current) && Object.hasOwn(current, key)) current = current[key];
    else return undefined;
  }
  return current;
}

interface Walk {
  side: SchemaSide;
  roots: { before: unknown; after: unknown };
  maxDepth: number;
  maxNodes: number;
  nodes: number;
  truncated: boolean;
  changes: SchemaChange[];
  unresolved: Set<string>;
  /** $ref pairs being expanded on the current path: meeting one again is a cycle, compared once already. */
  expanding: Set<string>;
}

/** Follows local $refs (sibling keywords of a $ref apply too, the outer ones win); an unresolvable $ref stays as a keyword. */
function deref(walk: Walk, value: unknown, root: unknown): { node: Node; via: string } {
  let node = toNode(value);
  let siblings: Schema = {};
  const via: string[] = [];
  while (node !== REJECT_ALL && typeof node.$ref === 'string' && via.length < walk.maxDepth) {
    const { $ref: ref, ...rest } = node as Schema & { $ref: string };
    const target = via.includes(ref) ? undefined : resolveLocal(root, ref);
    if (target === undefined) {
      if (!via.includes(ref)) walk.unresolved.add(ref);
      break;
    }
    siblings = { ...rest, ...siblings };
    via.push(ref);
    node = toNode(target);
  }
  if (node === REJECT_ALL) return { node, via: via.join(' ') };
  return { node: via.length === 0 ? node : { ...node, ...siblings }, via: via.join(' ') };
}

function record(walk: Walk, kind: SchemaChangeKind, schemaPath: Segment[], instancePath: Segment[], values: { before?: unknown; after?: unknown } = {}, cls?: SchemaChangeClass): void {
  const [input, output] = CLASS_OF[kind];
  walk.changes.push({ kind, class: cls ?? (walk.side === 'input' ? input : output), schema_path: pointer(...schemaPath), instance_path: pointer(...instancePath), ...values });
}

type JsonType = string;
function typesOf(schema: Schema): Set<JsonType> | null {
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.filter((t): t is string => typeof t === 'string'));
  return null;
}
/** Whether `types` admits every value of type `t` (integer values are numbers). */
function covers(outer: Set<JsonType>, inner: Set<JsonType>): boolean {
  for (const t of inner) if (!outer.has(t) && !(t === 'integer' && outer.has('number'))) return false;
  return true;
}

function compareType(walk: Walk, b: Schema, a: Schema, sp: Segment[], ip: Segment[]): void {
  const before = typesOf(b);
  const after = typesOf(a);
  if (before === null && after === null) return;
  const narrowed = after !== null && (before === null || covers(before, after));
  const widened = before !== null && (after === null || covers(after, before));
  if (narrowed && widened) return;
  const kind: SchemaChangeKind = narrowed ? 'type_narrowed' : widened ? 'type_widened' : 'type_changed';
  record(walk, kind, [...sp, 'type'], ip, { before: b.type ?? null, after: a.type ?? null });
}

const enumKey = (value: unknown) => canonicalJson(value ?? null);

function compareEnum(walk: Walk, b: Schema, a: Schema, sp: Segment[], ip: Segment[]): void {
  const before = Array.isArray(b.enum) ? b.enum : null;
  const after = Array.isArray(a.enum) ? a.enum : null;
  if (before === null && after === null) return;
  if (before === null) return record(walk, 'enum_added', [...sp, 'enum'], ip, { after });
  if (after === null) return record(walk, 'enum_removed', [...sp, 'enum'], ip, { before });
  if (same(before, after)) return;
  const beforeKeys = before.map(enumKey);
  const afterKeys = after.map(enumKey);
  const beforeSet = new Set(beforeKeys);
  const afterSet = new Set(afterKeys);
  const removed = before.filter((_, i) => !afterSet.has(beforeKeys[i]!));
  const added = after.filter((_, i) => !beforeSet.has(afterKeys[i]!));
  if (removed.length > 0) record(walk, 'enum_values_removed', [...sp, 'enum'], ip, { before: removed });
  if (added.length > 0) record(walk, 'enum_values_added', [...sp, 'enum'], ip, { after: added });
}

/** The before and after values of a keyword, each only where the keyword is present. */
function valuesOf(keyword: string, b: Schema, a: Schema): { before?: unknown; after?: unknown } {
  const values: { before?: unknown; after?: unknown } = {};
  if (Object.hasOwn(b, keyword)) values.before = b[keyword];
  if (Object.hasOwn(a, keyword)) values.after = a[keyword];
  return values;
}

/** const, pattern and format: a keyword that is added, removed or changed as a whole. */
function compareValueKeyword(walk: Walk, keyword: 'const' | 'pattern' | 'format', b: Schema, a: Schema, sp: Segment[], ip: Segment[]): void {
  const had = Object.hasOwn(b, keyword);
  const has = Object.hasOwn(a, keyword);
  if (!had && !has) return;
  if (had && has && same(b[keyword], a[keyword])) return;
  const suffix = !had ? 'added' : !has ? 'removed' : 'changed';
  record(walk, `${keyword}_${suffix}` as SchemaChangeKind, [...sp, keyword], ip, valuesOf(keyword, b, a));
}

const BOUND_GROUPS = [
  [LOWER_BOUNDS, true],
  [UPPER_BOUNDS, false],
] as const;

function compareBounds(walk: Walk, b: Schema, a: Schema, sp: Segment[], ip: Segment[]): void {
  for (const [keywords, lower] of BOUND_GROUPS) {
    for (const keyword of keywords) {
      const before = typeof b[keyword] === 'number' ? b[keyword] : null;
      const after = typeof a[keyword] === 'number' ? a[keyword] : null;
      if (before === after) continue;
      // An added bound tightens; a removed one loosens; a lower bound tightens upwards, an upper one downwards.
      const tightened = before === null || (after !== null && (lower ? after > before : after < before));
      record(walk, tightened ? 'bound_tightened' : 'bound_loosened', [...sp, keyword], ip, { before, after });
    }
  }
}

const closed = (schema: Schema) => schema.additionalProperties === false;
const NONE: ReadonlySet<string> = new Set();
const requiredOf = (schema: Schema): ReadonlySet<string> => (Array.isArray(schema.required) ? new Set(schema.required.filter((r): r is string => typeof r === 'string')) : NONE);
/** Tuples: 2020-12 prefixItems, or the draft-07 array form of items. */
const tupleOf = (schema: Schema): { key: string; list: unknown[] } | null =>
  Array.isArray(schema.prefixItems) ? { key: 'prefixItems', list: schema.prefixItems } : Array.isArray(schema.items) ? { key: 'items', list: schema.items } : null;

function compareObject(walk: Walk, b: Schema, a: Schema, sp: Segment[], ip: Segment[], depth: number): void {
  const beforeProps = isSchema(b.properties) ? b.properties : {};
  const afterProps = isSchema(a.properties) ? a.properties : {};
  const names = [...new Set([...Object.keys(beforeProps), ...Object.keys(afterProps)])];
  for (const name of names) {
    const inBefore = Object.hasOwn(beforeProps, name);
    const inAfter = Object.hasOwn(afterProps, name);
    const at = [...sp, 'properties', name];
    if (inBefore && inAfter) diffNode(walk, beforeProps[name], afterProps[name], at, [...ip, name], depth + 1);
    else if (inBefore) record(walk, 'property_removed', at, [...ip, name], {}, walk.side === 'input' && closed(a) ? 'breaking' : undefined);
    else record(walk, 'property_added', at, [...ip, name]);
  }
  const beforeRequired = requiredOf(b);
  const afterRequired = requiredOf(a);
  for (const name of afterRequired) if (!beforeRequired.has(name)) record(walk, 'property_required', [...sp, 'required'], [...ip, name], { after: name });
  for (const name of beforeRequired) {
    // A property removed outright was reported as removed; this is the one that stays but may now be absent.
    const removed = Object.hasOwn(beforeProps, name) && !Object.hasOwn(afterProps, name);
    if (!afterRequired.has(name) && !removed) record(walk, 'property_optional', [...sp, 'required'], [...ip, name], { before: name });
  }
  if (!closed(b) && closed(a)) record(walk, 'additional_properties_closed', [...sp, 'additionalProperties'], ip, { before: b.additionalProperties ?? true, after: false });
  else if (closed(b) && !closed(a)) record(walk, 'additional_properties_opened', [...sp, 'additionalProperties'], ip, { before: false, after: a.additionalProperties ?? true });
  else if (!closed(b) && (isSchema(b.additionalProperties) || isSchema(a.additionalProperties))) {
    diffNode(walk, b.additionalProperties, a.additionalProperties, [...sp, 'additionalProperties'], [...ip, '*'], depth + 1);
  }
}

function compareItems(walk: Walk, b: Schema, a: Schema, sp: Segment[], ip: Segment[], depth: number): void {
  const beforeTuple = tupleOf(b);
  const afterTuple = tupleOf(a);
  if (beforeTuple || afterTuple) {
    const shared = Math.min(beforeTuple?.list.length ?? 0, afterTuple?.list.length ?? 0);
    for (let i = 0; i < shared; i += 1) diffNode(walk, beforeTuple!.list[i], afterTuple!.list[i], [...sp, afterTuple!.key, i], [...ip, i], depth + 1);
    if ((beforeTuple?.list.length ?? 0) !== (afterTuple?.list.length ?? 0)) {
      record(walk, 'unclassified_change', [...sp, (afterTuple ?? beforeTuple)!.key], ip, { before: beforeTuple?.list.length ?? null, after: afterTuple?.list.length ?? null });
    }
  }
  const before = Array.isArray(b.items) ? undefined : b.items;
  const after = Array.isArray(a.items) ? undefined : a.items;
  if (before !== undefined || after !== undefined) diffNode(walk, before, after, [...sp, 'items'], [...ip, '*'], depth + 1);
}

function compareRest(walk: Walk, b: Schema, a: Schema, sp: Segment[], ip: Segment[]): void {
  for (const keyword of COSMETIC) if (!same(b[keyword], a[keyword])) record(walk, 'annotation_changed', [...sp, keyword], ip);
  for (const keyword of Object.keys(b)) if (!HANDLED.has(keyword) && !same(b[keyword], a[keyword])) recordOther(walk, keyword, b, a, sp, ip);
  for (const keyword of Object.keys(a)) if (!HANDLED.has(keyword) && !Object.hasOwn(b, keyword)) recordOther(walk, keyword, b, a, sp, ip);
}

function recordOther(walk: Walk, keyword: string, b: Schema, a: Schema, sp: Segment[], ip: Segment[]): void {
  record(walk, 'unclassified_change', [...sp, keyword], ip, valuesOf(keyword, b, a));
}

function diffNode(walk: Walk, beforeValue: unknown, afterValue: unknown, sp: Segment[], ip: Segment[], depth: number): void {
  if (walk.nodes >= walk.maxNodes || depth > walk.maxDepth) {
    walk.truncated = true;
    return;
  }
  walk.nodes += 1;
  const before = deref(walk, beforeValue, walk.roots.before);
  const after = deref(walk, afterValue, walk.roots.after);
  const pair = `${before.via}\u0000${after.via}`;
  const viaRef = before.via !== '' || after.via !== '';
  if (viaRef && walk.expanding.has(pair)) return;
  const b = before.node;
  const a = after.node;
  if (b === REJECT_ALL || a === REJECT_ALL) {
    if (b !== a) record(walk, a === REJECT_ALL ? 'schema_rejects_all' : 'schema_accepts_all', sp, ip);
    return;
  }
  if (viaRef) walk.expanding.add(pair);
  compareType(walk, b, a, sp, ip);
  compareEnum(walk, b, a, sp, ip);
  compareValueKeyword(walk, 'const', b, a, sp, ip);
  compareBounds(walk, b, a, sp, ip);
  compareValueKeyword(walk, 'pattern', b, a, sp, ip);
  compareValueKeyword(walk, 'format', b, a, sp, ip);
  compareObject(walk, b, a, sp, ip, depth);
  compareItems(walk, b, a, sp, ip, depth);
  compareRest(walk, b, a, sp, ip);
  if (viaRef) walk.expanding.delete(pair);
}

const RANK: Record<SchemaChangeClass, number> = Object.fromEntries(SCHEMA_CHANGE_CLASSES.map((c, i) => [c, i])) as Record<SchemaChangeClass, number>;

/** The most severe of some classes (breaking > risky > nonbreaking > cosmetic), or `unchanged` for none. */
export function worstClass(classes: Iterable<SchemaChangeClass>): SchemaChangeClass | 'unchanged' {
  let worst: SchemaChangeClass | 'unchanged' = 'unchanged';
  for (const c of classes) if (worst === 'unchanged' || RANK[c] < RANK[worst]) worst = c;
  return worst;
}

/**
 * SDIFF: classifies every difference between two JSON Schemas for one side of an interface.
 * Absent or `true` schemas accept anything; `false` rejects everything. Local $refs (`#`, `#/$defs/x`,
 * `#/definitions/x`) are followed in their own document with cycle detection; other $refs are
 * compared as strings. Cost: one visit per schema node pair, bounded by maxNodes and maxDepth
 * (`truncated` says when a bound stopped the walk).
 */
export function schemaDiff(before: unknown, after: unknown, side: SchemaSide, options: SchemaDiffOptions = {}): SchemaDiff {
  const walk: Walk = {
    side,
    roots: { before, after },
    maxDepth: options.maxDepth ?? SCHEMA_DIFF_DEFAULTS.maxDepth,
    maxNodes: options.maxNodes ?? SCHEMA_DIFF_DEFAULTS.maxNodes,
    nodes: 0,
    truncated: false,
    changes: [],
    unresolved: new Set(),
    expanding: new Set(),
  };
  diffNode(walk, before, after, [], [], 0);
  const changes = walk.changes.map((change, i) => ({ change, i })).sort((x, y) => RANK[x.change.class] - RANK[y.change.class] || x.i - y.i).map(({ change }) => change);
  return {
    class: worstClass(changes.map((c) => c.class)),
    changes,
    truncated: walk.truncated,
    unresolved_refs: [...walk.unresolved].sort(),
    nodes: walk.nodes,
  };
}
