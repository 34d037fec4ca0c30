import { isJsonObject } from '../helpers.js';
import { mayBacktrack } from '../response-contract-linter/validate.js';

export type SeenValue = string | number | boolean | null;

const typeOf = (value: SeenValue): string => (value === null ? 'null' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value);

/**
 * Compiled patterns of one analysis; null for one that is not valid or may backtrack
 * catastrophically (never run on caller data).
 */
export class PatternCache {
  private readonly compiled = new Map<string, RegExp | null>();
  skipped = 0;

  get(pattern: string): RegExp | null {
    if (!this.compiled.has(pattern)) {
      let regex: RegExp | null = null;
      if (!mayBacktrack(pattern)) {
        try {
          regex = new RegExp(pattern, 'u');
        } catch {
          regex = null;
        }
      }
      if (regex === null) this.skipped += 1;
      this.compiled.set(pattern, regex);
    }
    return this.compiled.get(pattern)!;
  }
}

function numberViolation(schema: Record<string, unknown>, value: number): string | null {
  const bound = (keyword: string) => (typeof schema[keyword] === 'number' ? (schema[keyword] as number) : null);
  const [min, max, xmin, xmax] = [bound('minimum'), bound('maximum'), bound('exclusiveMinimum'), bound('exclusiveMaximum')];
  if (min !== null && value < min) return 'minimum';
  if (max !== null && value > max) return 'maximum';
  if (xmin !== null && value <= xmin) return 'exclusiveMinimum';
  if (xmax !== null && value >= xmax) return 'exclusiveMaximum';
  return null;
}

function stringViolation(schema: Record<string, unknown>, value: string, patterns: PatternCache): string | null {
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) return 'minLength';
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) return 'maxLength';
  const regex = typeof schema.pattern === 'string' ? patterns.get(schema.pattern) : null;
  if (regex !== null && !regex.test(value)) return 'pattern';
  return null;
}

/**
 * The first keyword of a property schema a scalar value breaks (type, enum, const, number bounds,
 * string lengths, pattern), or null when it satisfies them. Other keywords, $ref and combinators
 * are not evaluated.
 */
export function scalarViolation(schema: unknown, value: SeenValue, patterns: PatternCache): string | null {
  if (!isJsonObject(schema)) return null;
  const actual = typeOf(value);
  const admits = (type: string) => schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
  const typed = typeof schema.type === 'string' || Array.isArray(schema.type);
  if (typed && !admits(actual) && !(actual === 'integer' && admits('number'))) return 'type';
  // A scalar equals an enum or const member only when it is identical to it.
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return 'enum';
  if (Object.hasOwn(schema, 'const') && schema.const !== value) return 'const';
  if (typeof value === 'number') return numberViolation(schema, value);
  if (typeof value === 'string') return stringViolation(schema, value, patterns);
  return null;
}
