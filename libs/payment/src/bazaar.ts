import { type CatalogEntry, requestJsonSchema, responseJsonSchema } from '@paysight/contracts';
import { type BodyDiscoveryExtension, type DeclareBodyDiscoveryExtensionConfig, declareDiscoveryExtension } from '@x402/extensions/bazaar';

/*
 * The x402 Bazaar discovery extension of a paid tool: how to call it (POST, a JSON body, the catalog's
 * example and request schema) and what it answers (the 200 body's schema), so that facilitators that
 * list services can list ours. Everything comes from the catalog entry.
 */

/** Key of the Bazaar extension in a PaymentRequired's `extensions`. */
export const BAZAAR_EXTENSION_KEY = 'bazaar';


/**
 * Schema keywords that only annotate (they never change what validates). Dropped from the copies that
 * must fit in a header; the complete declaration keeps them.
 */
const ANNOTATIONS = new Set(['description', 'title', 'examples', '$comment']);
/** Keywords whose value is a map of names to subschemas (the names are data, never annotations). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, not a subschema: left exactly as they are. */
const DATA = new Set(['const', 'enum', 'default', 'required']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON Schema without its annotation keywords, at every depth; property names are kept whatever they are. */
export function withoutAnnotations<T>(schema: T): T {
  return strip(schema as Json) as T;
}

function strip(node: Json): Json {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== 'object') return node;
  const kept: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key)) continue;
    if (DATA.has(key)) kept[key] = value;
    else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      kept[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, strip(sub)]));
    } else kept[key] = strip(value);
  }
  return kept;
}

/** Subschema keywords that nest one level deeper in the value (an object's fields, an array's items). */
const NESTING = new Set(['properties', 'patternProperties', 'additionalProperties', 'items', 'prefixItems']);
/** Subschema keywords that describe the same value (alternatives, conditions). */
const SAME_LEVEL = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else']);

/**
 * A looser copy of a schema that describes `depth` levels of fields: below that, a subschema keeps
 * only its `type`. Every value the schema accepts, the outline accepts too, so it never misleads.
 */
export function schemaOutline<T>(schema: T, depth: number): T {
  return outline(schema as Json, depth) as T;
}

function outline(node: Json, depth: number): Json {
  if (Array.isArray(node)) return node.map((item) => outline(item, depth));
  if (node === null || typeof node !== 'object') return node;
  if (depth === 0) return 'type' in node ? { type: node.type } : {};
  const kept: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (value === null || typeof value !== 'object') kept[key] = value;
    else if (SAME_LEVEL.has(key)) kept[key] = outline(value, depth);
    else if (!NESTING.has(key)) kept[key] = value;
    else if (SCHEMA_MAPS.has(key) && !Array.isArray(value)) kept[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, outline(sub, depth - 1)]));
    else kept[key] = outline(value, depth - 1);
  }
  return kept;
}

/** The shortest response outline: the names of the top-level fields and nothing about them (it accepts every response). */
export function schemaFieldNames(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  return { type: 'object', properties: Object.fromEntries(Object.keys(properties).map((name) => [name, {}])) };
}

/**
 * The declaration of a tool with the given request and response schemas. The response schema goes in
 * the library's own output slot (the schema of `info.output.example`) with no example: the catalog has
 * no example response, and `declareDiscoveryExtension` writes the output schema only beside an example.
 * A facilitator validating `info` against `schema` accepts it, and lists the response schema.
 */
function declaration(entry: CatalogEntry, requestSchema: Record<string, unknown>, responseSchema: Record<string, unknown> | null): BodyDiscoveryExtension {
  // `method` is typed away from the input because the library's server middleware fills it in from the
  // request; without that middleware we state it, as the library's own body builder accepts.
  const config: DeclareBodyDiscoveryExtensionConfig = {
    method: entry.method,
    bodyType: 'json',
    input: structuredClone(entry.example) as Record<string, unknown>,
    inputSchema: requestSchema,
  };
  const declared = declareDiscoveryExtension(config)[BAZAAR_EXTENSION_KEY] as BodyDiscoveryExtension;
  if (!responseSchema) return declared;
  return {
    ...declared,
    info: { ...declared.info, output: { type: 'json' } },
    schema: {
      ...declared.schema,
      properties: {
        ...declared.schema.properties,
        output: {
          type: 'object',
          properties: { type: { type: 'string' }, example: { ...responseSchema, type: 'object' } },
          required: ['type'],
        },
      },
    },
  };
}

/** Depths of the response outlines tried in a header, deepest first. */
const OUTLINE_DEPTHS = [3, 2, 1];

interface Declarations {
  complete: BodyDiscoveryExtension;
  /** Ever shorter forms of `complete`, for a header with a size budget: most complete first. */
  compact: readonly BodyDiscoveryExtension[];
}

const declarations = new WeakMap<CatalogEntry, Declarations>();

function declarationsOf(entry: CatalogEntry): Declarations {
  let found = declarations.get(entry);
  if (!found) {
    // Copies: challenges are frozen once cached, and the catalog's own schemas must stay as they are.
    const complete = declaration(entry, structuredClone(requestJsonSchema(entry)), structuredClone(responseJsonSchema(entry)));
    const request = withoutAnnotations(requestJsonSchema(entry));
    const response = withoutAnnotations(responseJsonSchema(entry));
    found = {
      complete,
      compact: [
        complete,
        declaration(entry, request, response),
        ...OUTLINE_DEPTHS.map((depth) => declaration(entry, request, schemaOutline(response, depth))),
        declaration(entry, request, schemaFieldNames(response)),
        declaration(entry, request, null),
      ],
    };
    declarations.set(entry, found);
  }
  return found;
}

/** The complete Bazaar declaration of a tool: example body, request schema and response schema, with their descriptions. */
export function bazaarExtension(entry: CatalogEntry): BodyDiscoveryExtension {
  return declarationsOf(entry).complete;
}

/**
 * The most complete form of the tool's declaration that `fits`: the complete one; then without schema
 * annotations; then with an outline of the response schema, three, two, then one level deep; then
 * only the names of the response's fields; then without the response schema. Null when not even the last one fits.
 */
export function fittingBazaarExtension(entry: CatalogEntry, fits: (extension: BodyDiscoveryExtension) => boolean): BodyDiscoveryExtension | null {
  return declarationsOf(entry).compact.find(fits) ?? null;
}
