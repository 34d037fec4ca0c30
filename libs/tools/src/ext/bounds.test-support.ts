import type { z } from 'zod';

/** A deep copy of `value` with the member at `path` (dot-separated; numbers index arrays) replaced. */
export function withValue<T>(value: T, path: string, replacement: unknown): T {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1]!;
  if (replacement === undefined) delete node[last];
  else node[last] = replacement;
  return copy as T;
}

/** For table tests: [path, value, accepted] -> whether the schema accepts `base` with that value. */
export function boundCase(schema: z.ZodType, base: unknown) {
  return (path: string, value: unknown) => schema.safeParse(withValue(base, path, value)).success;
}

export const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

/** A value as a test name shows it: its JSON, cut to 40 characters with the full length said (long bound values would flood the report). */
export function shortly(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 40 ? `${text.slice(0, 37)}… (${text.length} characters)` : text;
}

/** Table rows [path, value, accepted] as named cases whose titles show a long array by its length, not its items. */
export function boundRows(rows: readonly (readonly [string, unknown, boolean])[]) {
  const shown = (value: unknown) => (Array.isArray(value) && value.length > 3 ? `[${value.length} items]` : shortly(value));
  return rows.map(([path, value, accepted]) => ({ path, value, accepted, shown: shown(value) }));
}
