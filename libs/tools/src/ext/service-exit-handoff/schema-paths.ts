/** JSON Schema types, plus 'any' for a schema that does not restrict the type. */
export const JSON_TYPES = ['any', 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** A set of JsonTypes as bits (one per type, in JSON_TYPES order): paths are compared by bit operations. */
export type TypeSet = number;
const BIT = Object.fromEntries(JSON_TYPES.map((t, i) => [t, 1 << i])) as Record<JsonType, number>;

export const typeSet = (...types: JsonType[]): TypeSet => types.reduce((set, t) => set | BIT[t], 0);
/** The names of a set, in alphabetical order. */
export const typeNames = (set: TypeSet): JsonType[] => JSON_TYPES.filter((t) => set & BIT[t]);

export interface SchemaPath {
  /** `a.b[].c`: dots between properties, `[]` for array items. */
  path: string;
  types: TypeSet;
  /** Required at every level from the root: each record has it. */
  required: boolean;
  /** An object that declares no properties and does not forbid extra ones: it takes any member. */
  open: boolean;
  /** No path below it. */
  leaf: boolean;
}

export interface SchemaPaths {
  paths: Map<string, SchemaPath>;
  /** The paths with no path below them, in the order they were read. */
  leaves: SchemaPath[];
  /** Parts deeper than MAX_SCHEMA_DEPTH or past MAX_SCHEMA_PATHS were not read. */
  truncated: boolean;
  /** $refs that are not local JSON pointers into the schema, or point at nothing. */
  unresolvedRefs: string[];
}

export const MAX_SCHEMA_DEPTH = 8;
export const MAX_SCHEMA_PATHS = 2000;
/** Schema nodes visited at most: a schema that expands the same $ref many times over stops here. */
export const MAX_SCHEMA_VISITS = 50_000;

type Node = Record<string, unknown>;
const DECLARABLE = new Set<string>(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

function isEmpty(node: Node): boolean {
  for (const _key in node) return false;
  return true;
}

function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object' ? (typeof value as JsonType) : 'any';
}

/** A local $ref (`#/$defs/x`, `#/definitions/x`, any JSON pointer into the root), or undefined. */
function resolve(root: Node, ref: string): Node | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isNode(at)) return undefined;
    at = at[key];
  }
  return isNode(at) ? at : at === true ? {} : undefined;
}

/**
 * The property paths of a JSON Schema with their types, down to MAX_SCHEMA_DEPTH levels and at most
 * MAX_SCHEMA_PATHS paths: `properties` and `required`, `items` (and `prefixItems`), local `$ref`s
 * (a $ref already being expanded on the way down stops there, so recursive schemas end), `allOf`
 * (members merged), `anyOf`/`oneOf` (types and properties united, none of their members required),
 * `type`, `const` and `enum` (their values' types). `additionalProperties` only decides whether an
 * object without properties is open. O(nodes visited), at most MAX_SCHEMA_VISITS.
 */
export function schemaPaths(schema: Node): SchemaPaths {
  const paths = new Map<string, SchemaPath>();
  const unresolved = new Set<string>();
  let truncated = false;
  let visits = 0;

  /** Paths are recorded before the paths below them, so a new path makes its parent a non-leaf. */
  const record = (path: string, parent: string, types: TypeSet, required: boolean, open: boolean) => {
    const existing = paths.get(path);
    if (existing) {
      existing.types |= types;
      existing.required ||= required;
      existing.open ||= open;
      return;
    }
    if (paths.size >= MAX_SCHEMA_PATHS) {
      truncated = true;
      return;
    }
    paths.set(path, { path, types, required, open, leaf: true });
    const above = paths.get(parent);
    if (above) above.leaf = false;
  };

  /** Types and children of one schema node, following $ref, allOf, anyOf and oneOf. */
  const walk = (node: unknown, path: string, parent: string, required: boolean, depth: number, expanding: ReadonlySet<string>): void => {
    if (++visits > MAX_SCHEMA_VISITS) {
      truncated = true;
      return;
    }
    if (node === true || (isNode(node) && isEmpty(node))) {
      if (path) record(path, parent, BIT.any, required, true);
      return;
    }
    if (!isNode(node)) return;
    if (typeof node.$ref === 'string') {
      const target = expanding.has(node.$ref) ? undefined : resolve(schema, node.$ref);
      if (!target) {
        if (!expanding.has(node.$ref)) unresolved.add(node.$ref);
        if (path) record(path, parent, BIT.any, required, false);
        return;
      }
      walk(target, path, parent, required, depth, new Set([...expanding, node.$ref]));
    }
    for (const member of Array.isArray(node.allOf) ? node.allOf : []) walk(member, path, parent, required, depth, expanding);
    for (const key of ['anyOf', 'oneOf'] as const) {
      for (const member of Array.isArray(node[key]) ? node[key] : []) walk(member, path, parent, false, depth, expanding);
    }

    let types: TypeSet = 0;
    const declared = node.type;
    if (typeof declared === 'string' && DECLARABLE.has(declared)) types |= BIT[declared as JsonType];
    else if (Array.isArray(declared)) for (const t of declared) if (typeof t === 'string' && DECLARABLE.has(t)) types |= BIT[t as JsonType];
    if ('const' in node) types |= BIT[typeOfValue(node.const)];
    if (Array.isArray(node.enum)) for (const v of node.enum) types |= BIT[typeOfValue(v)];
    const properties = isNode(node.properties) ? node.properties : null;
    const items = node.items ?? node.prefixItems;
    if (properties) types |= BIT.object;
    if (items !== undefined) types |= BIT.array;
    const combined = typeof node.$ref === 'string' || Array.isArray(node.allOf) || Array.isArray(node.anyOf) || Array.isArray(node.oneOf);
    if (types === 0 && combined) return; // the members said it all
    if (types === 0) types = BIT.any;
    const open = (types & BIT.object) !== 0 && !properties && node.additionalProperties !== false;
    if (path) record(path, parent, types, required, open);

    if (depth >= MAX_SCHEMA_DEPTH) {
      if (properties || items !== undefined) truncated = true;
      return;
    }
    if (properties) {
      const requiredNames = new Set(Array.isArray(node.required) ? node.required.filter((n): n is string => typeof n === 'string') : []);
      for (const [name, child] of Object.entries(properties)) walk(child, path ? `${path}.${name}` : name, path, required && requiredNames.has(name), depth + 1, expanding);
    }
    for (const child of Array.isArray(items) ? items : items === undefined ? [] : [items]) walk(child, `${path}[]`, path, false, depth + 1, expanding);
  };

  walk(schema, '', '', true, 0, new Set());
  return { paths, leaves: [...paths.values()].filter((p) => p.leaf), truncated, unresolvedRefs: [...unresolved].sort() };
}

/** `a.b[].c` -> `a.b[]` -> `a.b` -> `a` -> null. */
export function parentOf(path: string): string | null {
  if (path.endsWith('[]')) return path.slice(0, -2) || null;
  const dot = path.lastIndexOf('.');
  return dot === -1 ? null : path.slice(0, dot);
}

/**
 * Whether values of `source` types fit `target` types: every source type is a target type, an
 * integer fits a number, and 'any' on the target takes everything ('any' on the source fits only
 * 'any': an untyped export may hold values the import refuses).
 */
export function typesFit(source: TypeSet, target: TypeSet): boolean {
  if (target & BIT.any) return true;
  // An integer fits where a number does.
  const accepted = target & BIT.number ? target | BIT.integer : target;
  return (source & ~accepted) === 0;
}
