import { isDeepStrictEqual } from 'node:util';
import { SCHEMA_CHANGE_CLASSES, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { groupBy } from '../../shared/group-by.js';
import { x402Answer } from '../answer.js';
import { AMT, HASH, isJsonObject, pointer, type JsonObject } from '../helpers.js';
import { annotationSafetyFlips, mcpToolPrice } from '../mcp-tool.js';
import { schemaDiff, type SchemaChange } from '../schema-diff.js';
import { PatternCache, scalarViolation, type SeenValue } from './values.js';

type Entry = CatalogEntryOf<'x402_mcp_tool_change_blast_radius_analyzer'>;
export type BlastRadiusInput = RequestOf<Entry>;
export type BlastRadiusResult = ResultOf<Entry>;
type Decision = BlastRadiusResult['decision'];
type Change = BlastRadiusResult['changes'][number];
type Affected = BlastRadiusResult['affected_consumers'][number];
type Reason = Affected['reasons'][number];
type Consumer = BlastRadiusInput['consumers'][number];
type Definition = JsonObject & { name: string };

const listOf = (defs: BlastRadiusInput['before']): Definition[] => (Array.isArray(defs) ? defs : [defs]);
const clip = (text: string, max = 200) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const show = (value: unknown) => clip(JSON.stringify(value) ?? 'absent');

/** What happened to one before tool. */
type Fate =
  | { kind: 'removed' }
  | { kind: 'renamed'; to: string }
  | { kind: 'kept'; after: Definition; input: SchemaChange[]; output: SchemaChange[]; flips: string[]; price: bigint | null; changedArguments: Set<string>; valueVerdicts: Map<string, Map<SeenValue, string | null>> };

const propertiesOf = (def: JsonObject): JsonObject => (isJsonObject(def.inputSchema) && isJsonObject(def.inputSchema.properties) ? def.inputSchema.properties : {});

/** The top-level input properties whose schema differs between two definitions (compared once per tool, not per consumer). */
function changedArguments(before: JsonObject, after: JsonObject): Set<string> {
  const [was, is] = [propertiesOf(before), propertiesOf(after)];
  return new Set([...new Set([...Object.keys(was), ...Object.keys(is)])].filter((name) => !isDeepStrictEqual(was[name], is[name])));
}

/** Step 1: by name; a removed tool whose input and output schemas equal an added tool's (at least one present) was renamed to it. */
function fates(before: Map<string, Definition>, after: Map<string, Definition>): Map<string, Fate> {
  const schemasOf = (def: Definition) => (def.inputSchema === undefined && def.outputSchema === undefined ? null : HASH({ input: def.inputSchema ?? null, output: def.outputSchema ?? null }));
  const keyed = [...after].flatMap(([name, def]) => {
    const key = before.has(name) ? null : schemasOf(def);
    return key === null ? [] : [{ key, name }];
  });
  const added = new Map([...groupBy(keyed, (k) => k.key)].map(([key, items]) => [key, items.map((k) => k.name)]));
  const result = new Map<string, Fate>();
  for (const [name, def] of before) {
    const next = after.get(name);
    if (next) {
      const input = schemaDiff(def.inputSchema, next.inputSchema, 'input').changes;
      const output = schemaDiff(def.outputSchema, next.outputSchema, 'output').changes;
      result.set(name, { kind: 'kept', after: next, input, output, flips: annotationSafetyFlips(def, next), price: mcpToolPrice(next), changedArguments: changedArguments(def, next), valueVerdicts: new Map() });
      continue;
    }
    const key = schemasOf(def);
    const to = key === null ? undefined : added.get(key)?.shift();
    result.set(name, to === undefined ? { kind: 'removed' } : { kind: 'renamed', to });
  }
  return result;
}

/** Step 2 as reported: tool fates, SDIFF changes of both schemas, the price delta and safety flips. */
function changesOf(before: Map<string, Definition>, after: Map<string, Definition>, fateOf: Map<string, Fate>): Change[] {
  const changes: Change[] = [];
  const renamedTo = new Set<string>();
  for (const [name, fate] of fateOf) {
    if (fate.kind === 'removed') changes.push({ tool: name, path: '', kind: 'tool_removed', class: 'breaking', detail: `${name} is not in after` });
    if (fate.kind === 'renamed') {
      renamedTo.add(fate.to);
      changes.push({ tool: name, path: '/name', kind: 'tool_renamed', class: 'breaking', detail: `renamed to ${fate.to} (same schemas)` });
    }
    if (fate.kind !== 'kept') continue;
    for (const [field, list] of [
      ['inputSchema', fate.input],
      ['outputSchema', fate.output],
    ] as const) {
      for (const c of list) changes.push({ tool: name, path: `/${field}${c.schema_path}`, kind: c.kind, class: c.class, detail: clip(`at ${c.instance_path || '/'}: ${show(c.before)} → ${show(c.after)}`) });
    }
    const was = mcpToolPrice(before.get(name)!);
    if (was !== null && fate.price !== null && was !== fate.price) {
      const up = fate.price > was;
      changes.push({ tool: name, path: '/_meta/price', kind: up ? 'price_up' : 'price_down', class: up ? 'breaking' : 'nonbreaking', detail: `${AMT.toDecimal(was)} → ${AMT.toDecimal(fate.price)}` });
    }
    for (const path of fate.flips) changes.push({ tool: name, path, kind: 'annotation_safety_flip', class: 'breaking', detail: `${path.split('/').pop()} no longer declares the safe value` });
  }
  for (const name of after.keys()) if (!before.has(name) && !renamedTo.has(name)) changes.push({ tool: name, path: '', kind: 'tool_added', class: 'nonbreaking', detail: `${name} is new` });
  const rank = (c: Change) => SCHEMA_CHANGE_CLASSES.indexOf(c.class);
  return changes.map((c, i) => ({ c, i })).sort((x, y) => rank(x.c) - rank(y.c) || x.i - y.i).map(({ c }) => c);
}

/** A consumer's output path as JSON pointer segments: "/a/b" or "a.b". */
function segmentsOf(path: string): string[] {
  if (path.startsWith('/')) return path.slice(1).split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  return path.split('.');
}
const instanceSegments = (instancePath: string) => (instancePath === '' ? [] : segmentsOf(instancePath));
/** Whether a removed instance path covers a read path: a segment-wise prefix, where `*` (any item) matches any segment. */
const covers = (removed: string[], read: string[]) => removed.length <= read.length && removed.every((segment, i) => segment === '*' || segment === read[i]);
/** The argument a change is about when it is a top-level property ("/chain"), else null. */
function topLevelName(c: SchemaChange): string | null {
  const segments = instanceSegments(c.instance_path);
  return segments.length === 1 ? segments[0]! : null;
}

/** Step 3: why one consumer of a kept tool breaks, in the sheet's order. */
function keptReasons(consumer: Consumer, def: Definition, fate: Extract<Fate, { kind: 'kept' }>, patterns: PatternCache): Reason[] {
  const reasons: Reason[] = [];
  const args = consumer.arguments_used;
  const sent = new Set((args ?? []).map((a) => a.name));
  if (args !== undefined) {
    for (const c of fate.input) {
      const name = c.kind === 'property_required' || (c.kind === 'property_removed' && c.class === 'breaking') ? topLevelName(c) : null;
      if (name === null) continue;
      if (c.kind === 'property_required' && !sent.has(name)) reasons.push({ reason: 'missing_required_argument', evidence: `${name} is newly required (/inputSchema/required)` });
      if (c.kind === 'property_removed' && sent.has(name)) reasons.push({ reason: 'removed_argument_sent', evidence: `${name} was removed and the input no longer accepts other properties (/inputSchema${c.schema_path})` });
    }
    const [was, is] = [propertiesOf(def), propertiesOf(fate.after)];
    for (const arg of args) {
      if (!fate.changedArguments.has(arg.name)) continue;
      // One reason per argument: its seen values the old schema accepted and the new one refuses (judged once per tool, argument and value).
      const verdicts = fate.valueVerdicts.get(arg.name) ?? fate.valueVerdicts.set(arg.name, new Map()).get(arg.name)!;
      const broken: { value: SeenValue; keyword: string }[] = [];
      for (const value of arg.values_seen ?? []) {
        if (!verdicts.has(value)) {
          const keyword = scalarViolation(is[arg.name], value, patterns);
          verdicts.set(value, keyword !== null && scalarViolation(was[arg.name], value, patterns) === null ? keyword : null);
        }
        const keyword = verdicts.get(value);
        if (keyword) broken.push({ value, keyword });
      }
      if (broken.length === 0) continue;
      const keyword = broken[0]!.keyword;
      reasons.push({ reason: 'value_out_of_range', evidence: `${arg.name} = ${clip(broken.map((b) => show(b.value)).join(', '), 120)} breaks the new ${keyword} (${pointer('inputSchema', 'properties', arg.name, keyword)})` });
    }
  }
  const lost = fate.output.filter((c) => c.kind === 'property_removed' || c.kind === 'property_optional').map((c) => ({ c, segments: instanceSegments(c.instance_path) }));
  for (const path of lost.length === 0 ? [] : (consumer.output_paths_read ?? [])) {
    const read = segmentsOf(path);
    const hit = lost.find(({ segments }) => covers(segments, read))?.c;
    if (hit) reasons.push({ reason: 'output_path_removed', evidence: `${path} reads ${hit.instance_path}, ${hit.kind === 'property_removed' ? 'removed' : 'no longer required'} (/outputSchema${hit.schema_path})` });
  }
  const pin = consumer.pinned_max_price === undefined ? null : AMT.toAtomic(consumer.pinned_max_price);
  if (pin !== null && fate.price !== null && fate.price > pin) reasons.push({ reason: 'price_above_pin', evidence: `new price ${AMT.toDecimal(fate.price)} > pinned_max_price ${consumer.pinned_max_price} (/_meta/price)` });
  for (const path of fate.flips) reasons.push({ reason: 'safety_flip', evidence: `${path} flipped away from the safe value` });
  return reasons;
}

const HINTS: Record<Reason['reason'], (tool: string, fate: Fate) => string> = {
  tool_removed: (tool) => `${tool} is gone: move to a replacement before the release`,
  tool_renamed: (tool, fate) => `call ${fate.kind === 'renamed' ? fate.to : tool} instead of ${tool}`,
  missing_required_argument: () => 'send the newly required arguments',
  removed_argument_sent: () => 'stop sending the removed arguments',
  value_out_of_range: () => 'send only values the new schema accepts',
  output_path_removed: () => 'stop reading the removed output paths, or treat them as optional',
  price_above_pin: () => 'raise pinned_max_price to the new price or stop calling',
  safety_flip: (tool) => `ask the user to consent again to ${tool}, whose safety annotations changed`,
};

const NEXT_ACTION: Record<Decision, string> = {
  breaking_for_all: 'Do not ship as is: keep the removed or renamed tools as aliases for a deprecation window (or ship the change under new names) and tell every consumer in affected_consumers how to migrate.',
  wide: 'Ship only with a migration window: send each affected consumer its migration_hint and keep the old definition until they move.',
  contained: 'Contact the few affected consumers with their migration_hint before shipping.',
  safe_change: 'No known consumer breaks: ship, and keep the consumer list current.',
};

const LIMITATIONS = [
  'Only the declared consumers were judged; callers not in the list are invisible.',
  'Values are checked against type, enum, const, number bounds, string lengths and pattern of the top-level property schema; $ref, combinators and nested arguments are not evaluated.',
  'Schema changes are classified by SDIFF (docs/tools/x402/schema-diff.md); remote $refs are compared as strings, never fetched.',
];

/** x402-mcp-tool-change-blast-radius-analyzer (design sheet §29): match tools, classify changes, judge each consumer, the share, then the decision in the sheet's order. */
export function analyzeBlastRadius(input: BlastRadiusInput): ToolOutput<BlastRadiusResult> {
  const flags = new Set<string>();
  const limitations = [...LIMITATIONS];
  const byName = (defs: Definition[]) => {
    const map = new Map<string, Definition>();
    for (const def of defs) {
      if (map.has(def.name)) flags.add('duplicate_tool_name');
      else map.set(def.name, def);
    }
    return map;
  };
  const before = byName(listOf(input.before));
  const after = byName(listOf(input.after));
  const fateOf = fates(before, after);
  const changes = changesOf(before, after, fateOf);

  const patterns = new PatternCache();
  const affected: Affected[] = [];
  let [affectedCalls, allCalls] = [0, 0];
  for (const consumer of input.consumers) {
    allCalls += consumer.calls_per_day ?? 0;
    const fate = fateOf.get(consumer.tool_name);
    if (fate === undefined) {
      flags.add(after.has(consumer.tool_name) ? 'consumer_of_new_tool' : 'unknown_consumer_tool');
      continue;
    }
    const reasons: Reason[] =
      fate.kind === 'kept' ? keptReasons(consumer, before.get(consumer.tool_name)!, fate, patterns) : [fate.kind === 'removed' ? { reason: 'tool_removed', evidence: `${consumer.tool_name} is not in after` } : { reason: 'tool_renamed', evidence: `${consumer.tool_name} → ${fate.to}` }];
    if (reasons.length === 0) continue;
    affectedCalls += consumer.calls_per_day ?? 0;
    const hints = [...new Set(reasons.map((r) => HINTS[r.reason](consumer.tool_name, fate)))];
    affected.push({ consumer_id: consumer.consumer_id, tool: consumer.tool_name, reasons, migration_hint: clip(hints.join('; '), 300) });
  }

  // Step 4: by calls when every consumer states them (and some are non-zero), else by consumer count.
  const byCalls = input.consumers.every((c) => c.calls_per_day !== undefined) && allCalls > 0;
  const share = byCalls ? Number(AMT.ratio(BigInt(affectedCalls), BigInt(allCalls))) : Number(AMT.ratio(BigInt(affected.length), BigInt(input.consumers.length)));
  if (!byCalls) limitations.push('Not every consumer states calls_per_day (or all state 0): affected_share counts consumers, not calls.');
  if (patterns.skipped > 0) limitations.push(`${patterns.skipped} pattern(s) of the new schema are invalid or may backtrack catastrophically and were not evaluated.`);

  const toolGone = changes.some((c) => c.kind === 'tool_removed' || c.kind === 'tool_renamed');
  const decision: Decision = toolGone || share === 1 ? 'breaking_for_all' : share > 0.1 ? 'wide' : share > 0 ? 'contained' : 'safe_change';
  const declared = input.consumers.every((c) => c.arguments_used !== undefined && c.output_paths_read !== undefined);
  const confidence = declared ? 'high' : 'medium';
  if (!declared) limitations.push('Some consumers do not declare arguments_used or output_paths_read: argument and output rules could not be applied to them.');

  for (const c of changes) if (c.class === 'breaking') flags.add(c.kind === 'tool_removed' || c.kind === 'tool_renamed' || c.kind === 'annotation_safety_flip' || c.kind === 'price_up' ? c.kind : c.path.startsWith('/inputSchema') ? 'breaking_input_change' : 'breaking_output_change');
  for (const a of affected) for (const r of a.reasons) flags.add(`consumer_${r.reason}`);

  const breaking = changes.filter((c) => c.class === 'breaking').length;
  const summary = `${decision.replaceAll('_', ' ')}: ${affected.length} of ${input.consumers.length} consumer(s) break (share ${share} by ${byCalls ? 'calls per day' : 'consumer count'}); ${changes.length} change(s), ${breaking} breaking, across ${before.size} tool(s).`;
  return x402Answer(
    { decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    { changes, affected_consumers: affected, affected_share: share, share_basis: byCalls ? 'calls_per_day' : 'consumers' },
  );
}
