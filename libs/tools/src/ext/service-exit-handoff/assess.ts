import { parentOf, typeNames, typeSet, typesFit, type SchemaPaths, type TypeSet } from './schema-paths.js';

export type Status = 'covered' | 'not_covered' | 'unknown' | 'not_required';

/** Most paths a list in the answer names; the counts are exact. */
export const LISTED_PATHS = 50;

export interface FieldCoverage {
  status: Status;
  sourcePaths: number;
  coveredPaths: number;
  coveragePercent: number | null;
  missingPaths: string[];
  typeMismatches: { path: string; sourceTypes: string[]; targetTypes: string[] }[];
  targetRequiredUnmet: string[];
  targetRequiredOptionalInSource: string[];
  /** Exported leaf paths the target takes (all of them, for the plan and the key checks). */
  covered: Set<string>;
}

const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((part / whole) * 10_000) / 100);

/**
 * Where an exported path lands in the import schema: the same path with fitting types, or below an
 * open object (which takes any member); the nearest ancestor the import declares decides.
 */
function landing(target: SchemaPaths, path: string, types: TypeSet): { fits: true } | { fits: false; targetTypes: TypeSet | null } {
  const node = target.paths.get(path);
  if (node) return typesFit(types, node.types) ? { fits: true } : { fits: false, targetTypes: node.types };
  for (let at = parentOf(path); at; at = parentOf(at)) {
    const ancestor = target.paths.get(at);
    if (ancestor) return ancestor.open || ancestor.types & typeSet('any') ? { fits: true } : { fits: false, targetTypes: null };
  }
  return { fits: false, targetTypes: null };
}

/**
 * Coverage of the export by the import: each exported leaf path must land with fitting types
 * (hash look-ups, walking up at most MAX_SCHEMA_DEPTH ancestors); each path the import requires
 * must be exported (required there too, or some records may lack it) with fitting types.
 * O(S + T) for S exported and T imported paths.
 */
export function fieldCoverage(source: SchemaPaths | null, target: SchemaPaths | null): FieldCoverage {
  const empty = { sourcePaths: 0, coveredPaths: 0, coveragePercent: null, missingPaths: [], typeMismatches: [], targetRequiredUnmet: [], targetRequiredOptionalInSource: [], covered: new Set<string>() };
  if (!source || !target) return { status: 'unknown', ...empty };
  const leaves = source.leaves;
  const covered = new Set<string>();
  const missingPaths: string[] = [];
  const typeMismatches: FieldCoverage['typeMismatches'] = [];
  for (const leaf of leaves) {
    const landed = landing(target, leaf.path, leaf.types);
    if (landed.fits) covered.add(leaf.path);
    else if (landed.targetTypes !== null) typeMismatches.push({ path: leaf.path, sourceTypes: typeNames(leaf.types), targetTypes: typeNames(landed.targetTypes) });
    else missingPaths.push(leaf.path);
  }
  const targetRequiredUnmet: string[] = [];
  const targetRequiredOptionalInSource: string[] = [];
  for (const wanted of target.paths.values()) {
    if (!wanted.required) continue;
    const exported = source.paths.get(wanted.path);
    if (!exported || !typesFit(exported.types, wanted.types)) targetRequiredUnmet.push(wanted.path);
    else if (!exported.required) targetRequiredOptionalInSource.push(wanted.path);
  }
  const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  // A schema with a $ref to another document was not read in full: its figures are a partial view.
  const unread = source.unresolvedRefs.length > 0 || target.unresolvedRefs.length > 0;
  return {
    status: unread ? 'unknown' : missingPaths.length || typeMismatches.length ? 'not_covered' : 'covered',
    sourcePaths: leaves.length,
    coveredPaths: covered.size,
    coveragePercent: percent(covered.size, leaves.length),
    missingPaths: missingPaths.sort(byPath),
    typeMismatches: typeMismatches.sort((a, b) => byPath(a.path, b.path)),
    targetRequiredUnmet: targetRequiredUnmet.sort(byPath),
    targetRequiredOptionalInSource: targetRequiredOptionalInSource.sort(byPath),
    covered,
  };
}

export interface CapabilityCoverage {
  status: Status;
  required: number;
  covered: number;
  missing: string[];
  coveragePercent: number | null;
}

/** Required capabilities the target lists, compared exactly. O(R + C) through a set. */
export function capabilityCoverage(required: readonly string[] | null | undefined, offered: readonly string[] | null | undefined): CapabilityCoverage {
  const wanted = [...new Set(required ?? [])];
  if (wanted.length === 0) return { status: 'not_required', required: 0, covered: 0, missing: [], coveragePercent: null };
  if (!offered) return { status: 'unknown', required: wanted.length, covered: 0, missing: [], coveragePercent: null };
  const has = new Set(offered);
  const missing = wanted.filter((c) => !has.has(c)).sort();
  return { status: missing.length ? 'not_covered' : 'covered', required: wanted.length, covered: wanted.length - missing.length, missing, coveragePercent: percent(wanted.length - missing.length, wanted.length) };
}

/** Exported leaf paths with a segment named like `pattern` (receipt, idempotency key). */
export function namedPaths(source: SchemaPaths | null, pattern: RegExp): string[] {
  if (!source) return [];
  return source.leaves.filter((p) => p.path.split(/\.|\[\]/).some((segment) => pattern.test(segment))).map((p) => p.path).sort();
}

/**
 * Whether records named by `paths` cross over: unknown without both schemas, not covered when the
 * export has none of them (nothing to carry) or the import drops or retypes one.
 */
export function carriedOver(paths: readonly string[], fields: FieldCoverage): Status {
  if (fields.status === 'unknown') return 'unknown';
  return paths.length > 0 && paths.every((p) => fields.covered.has(p)) ? 'covered' : 'not_covered';
}
