import { z } from 'zod';
import { responseSchema } from '../envelopes/index.js';
import type { CatalogEntry } from './entry.js';

/** A JSON Schema (draft 2020-12 vocabulary, without the `$schema` keyword) with an object at its root. */
export type JsonObjectSchema = { [key: string]: unknown; type: 'object'; properties?: Record<string, object>; required?: string[] };

/**
 * A zod schema as JSON Schema. `io: 'input'` describes what a caller may send (defaults optional),
 * `'output'` what the service answers. No `$schema` keyword: the documents that embed these schemas
 * (OpenAPI 3.1, MCP, manifests) declare the dialect themselves.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObjectSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...json, type: 'object' };
}

const cache = new WeakMap<CatalogEntry, { request?: JsonObjectSchema; response?: JsonObjectSchema; result?: JsonObjectSchema }>();

function memo(entry: CatalogEntry, key: 'request' | 'response' | 'result', build: () => JsonObjectSchema): JsonObjectSchema {
  let schemas = cache.get(entry);
  if (!schemas) cache.set(entry, (schemas = {}));
  return (schemas[key] ??= build());
}

/** The JSON body a tool's endpoint accepts: the one input schema of every surface that describes the tool. */
export function requestJsonSchema(entry: CatalogEntry): JsonObjectSchema {
  return memo(entry, 'request', () => jsonSchemaOf(entry.request, 'input'));
}

/** The whole 200 body of a tool: its result inside its envelope. */
export function responseJsonSchema(entry: CatalogEntry): JsonObjectSchema {
  return memo(entry, 'response', () => jsonSchemaOf(responseSchema(entry), 'output'));
}

/** What the tool's analyzer returns (the `result` of the paid envelope, or the family envelope's own part). */
export function resultJsonSchema(entry: CatalogEntry): JsonObjectSchema {
  return memo(entry, 'result', () => jsonSchemaOf(entry.result, 'output'));
}
