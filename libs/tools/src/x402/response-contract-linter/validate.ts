import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** One failed keyword of a sample against a JSON Schema, at a JSON pointer of the validated value. */
export interface SchemaViolation {
  keyword: string;
  path: string;
  message: string;
  expected?: string;
  observed?: string;
}

export interface ValidationNote {
  flag: string;
  text: string;
}

export type SchemaValidation = { usable: true; violations: SchemaViolation[]; notes: ValidationNote[] } | { usable: false; reason: string; notes: ValidationNote[] };

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
/** Only validates caller schemas against the 2020-12 meta-schema (compiled once); it never holds a caller's schema. */
const META = new Ajv2020({ strict: false, logger: false });
const clip = (value: string) => (value.length <= 120 ? value : `${value.slice(0, 119)}…`);

/**
 * Whether a regular expression may backtrack catastrophically: a repeated group (*, + or {…})
 * that itself contains a repetition or an alternation, as in (a+)+ or (a|aa)*. Such patterns are
 * not run against the sample: they are the caller's to fix, not ours to spend a core on.
 */
export function mayBacktrack(pattern: string): boolean {
  const groups: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '\\') {
      i += 1;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(') {
      groups.push(false);
    } else if (c === ')') {
      const inner = groups.pop() ?? false;
      const next = pattern[i + 1];
      const repeated = next === '*' || next === '+' || next === '{';
      if (inner && repeated) return true;
      if (groups.length > 0 && (inner || repeated)) groups[groups.length - 1] = true;
    } else if ((c === '*' || c === '+' || c === '{' || c === '|') && groups.length > 0) {
      groups[groups.length - 1] = true;
    }
  }
  return false;
}

const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value);
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Errors inside a failed anyOf/oneOf branch are noise (another branch may hold); the combinator's own error stays. `if` is reported by its then/else errors. */
const relevant = (error: ErrorObject) => error.keyword !== 'if' && !/\/(?:anyOf|oneOf)\/\d+\//.test(error.schemaPath);

/** What the keyword expected and what the value was, where the keyword says. */
function expectation(error: ErrorObject, params: Record<string, unknown>, child: unknown): [string, string] | null {
  switch (error.keyword) {
    case 'type':
      return [text(params.type), jsonType(error.data)];
    case 'enum':
      return [text(params.allowedValues), text(error.data)];
    case 'const':
      return [text(params.allowedValue), text(error.data)];
    case 'pattern':
    case 'format':
      return [text(params[error.keyword]), text(error.data)];
    case 'required':
    case 'dependentRequired':
      return [String(child), 'absent'];
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return ['no other properties', String(child)];
    default:
      return 'limit' in params ? [`${error.keyword} ${text(params.limit)}`, text(error.data)] : null;
  }
}

function violationOf(error: ErrorObject): SchemaViolation {
  const params = error.params as Record<string, unknown>;
  const child = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
  const path = typeof child === 'string' ? `${error.instancePath}/${escape(child)}` : error.instancePath;
  const violation: SchemaViolation = { keyword: error.keyword, path, message: error.message ?? 'failed' };
  const values = expectation(error, params, child);
  if (values) [violation.expected, violation.observed] = values;
  return violation;
}

/**
 * Validates `value` against a caller's JSON Schema with Ajv (2020-12 dialect, all errors, formats
 * of ajv-formats). A fresh validator per call: a caller's $id never meets another caller's. Nothing
 * is fetched (no loadSchema), so a remote $ref makes the schema unusable. When `present` is false
 * the schema is only compiled (the value it applies to is absent).
 */
export function validateAgainstSchema(schema: Record<string, unknown>, value: unknown, present: boolean): SchemaValidation {
  const notes: ValidationNote[] = [];
  const skipped = new Set<string>();
  const regExp = Object.assign(
    (pattern: string, flags: string) => {
      if (!mayBacktrack(pattern)) return new RegExp(pattern, flags);
      skipped.add(pattern);
      return { test: () => true };
    },
    { code: 'new RegExp' },
  );
  const { $schema, ...applied } = schema;
  if ($schema !== undefined && (typeof $schema !== 'string' || $schema.replace(/#$/, '') !== DRAFT_2020_12)) {
    notes.push({ flag: 'schema_dialect_assumed', text: `schema_sample declares ${clip(text($schema))}; it was applied as JSON Schema 2020-12.` });
  }
  if (!META.validateSchema(applied)) return { usable: false, reason: META.errorsText(META.errors), notes };
  // Checked against the meta-schema above, once compiled for the process; the fresh validator skips it.
  // No optimization pass over the generated code: a validator used once costs its compile, and the pass was a third of it (tools/bench).
  const ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true, logger: false, meta: false, validateSchema: false, code: { regExp, optimize: false } });
  addFormats.default(ajv);
  let validate;
  try {
    validate = ajv.compile(applied);
  } catch (error) {
    return { usable: false, reason: error instanceof Error ? error.message : String(error), notes };
  }
  const violations = present && !validate(value) ? (validate.errors ?? []).filter(relevant).map(violationOf) : [];
  if (skipped.size > 0) {
    notes.push({ flag: 'pattern_not_evaluated', text: `${skipped.size} pattern${skipped.size === 1 ? '' : 's'} of schema_sample may backtrack catastrophically (a repeated group containing a repetition or alternation) and were not evaluated.` });
  }
  return { usable: true, violations, notes };
}
