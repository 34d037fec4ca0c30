import { catalogEntry, type CatalogEntryOf, type RequestOf, type ResultOf, type TemporalItemKind } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { Reasons, defineRequestOnlyTool, requestOnlyMetadata, type Severity } from '../verdict.js';
import { overlappingWindows } from './overlaps.js';
import { buildReferenceGraph, causalOrder, dependantsOf, referenceCycles } from './references.js';
import { checkSequences } from './sequences.js';

type Entry = CatalogEntryOf<'temporal_consistency_gate'>;
export type TemporalInput = RequestOf<Entry>;
export type TemporalResult = ResultOf<Entry>;
type Item = TemporalInput['items'][number];

/** The policy's defaults (docs/tools/ext.md, temporal_consistency_gate). */
export const TEMPORAL_DEFAULTS = {
  clockSkewToleranceSeconds: 120,
  expiryWarningSeconds: 0,
  allowSequenceGaps: false,
  maxAgeSeconds: { quote: 300, offer: 300, observation: 3600, attestation: 2_592_000, mandate: null, receipt: null, other: null } satisfies Record<TemporalItemKind, number | null>,
} as const;

/** Most item ids a reason's message names; the evidence lists them all (up to LISTED per finding). */
const NAMED = 5;
const LISTED = 100;

/** The per-item rules: code, severity and what the evidence records. In the order they run. */
const ITEM_RULES = {
  future_dated: 'critical',
  observed_after_issued: 'critical',
  inverted_validity: 'critical',
  not_yet_valid: 'critical',
  not_yet_valid_within_skew: 'warning',
  expired: 'critical',
  expired_within_skew: 'warning',
  stale: 'critical',
  issued_after_expiry: 'warning',
  expiring_soon: 'warning',
  missing_validity_window: 'warning',
} as const satisfies Record<string, Severity>;
type ItemRule = keyof typeof ITEM_RULES;

const ITEM_MESSAGES: Record<ItemRule, string> = {
  future_dated: 'issued or observed after evaluatedAt by more than the clock-skew tolerance',
  observed_after_issued: 'observed after it was issued, by more than the clock-skew tolerance',
  inverted_validity: 'validFrom is not before validUntil: the item is never valid',
  not_yet_valid: 'not valid yet at evaluatedAt, beyond the clock-skew tolerance',
  not_yet_valid_within_skew: 'valid only from a moment within the clock-skew tolerance after evaluatedAt',
  expired: 'expired before evaluatedAt, beyond the clock-skew tolerance',
  expired_within_skew: 'expired within the clock-skew tolerance before evaluatedAt',
  stale: 'older than the policy\'s maximum age for its kind',
  issued_after_expiry: 'issued at or after its own validUntil',
  expiring_soon: 'expires within expiryWarningSeconds of evaluatedAt',
  missing_validity_window: 'has no validUntil although the policy requires one for its kind',
};

interface Timed {
  item: Item;
  issued: number;
  observed: number;
  from: number;
  until: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** The first NAMED of `list`, rendered, and how many more of `total`: a message never renders a whole large list. */
function listOf<T>(list: readonly T[], render: (item: T) => string, total = list.length): string {
  const named = list.slice(0, NAMED).map(render).join(', ');
  return total > NAMED ? `${named} and ${total - NAMED} more` : named;
}

/** Per-item findings at evaluatedAt `at` with tolerance `skew` (ms). O(n). */
function itemFindings(timed: readonly Timed[], input: TemporalInput, at: number, skew: number): Map<ItemRule, { index: number; detail: Record<string, unknown> }[]> {
  const policy = input.policy;
  const warnWithin = (policy.expiryWarningSeconds ?? TEMPORAL_DEFAULTS.expiryWarningSeconds) * 1000;
  const required = new Set(policy.requireValidityWindow ?? []);
  const findings = new Map<ItemRule, { index: number; detail: Record<string, unknown> }[]>();
  const flag = (rule: ItemRule, index: number, detail: Record<string, unknown>) => {
    const list = findings.get(rule);
    if (list) list.push({ index, detail });
    else findings.set(rule, [{ index, detail }]);
  };
  timed.forEach(({ item, issued, observed, from, until }, index) => {
    if (issued > at + skew || observed > at + skew) flag('future_dated', index, { issuedAt: item.issuedAt, observedAt: item.observedAt ?? null, aheadBySeconds: Math.round((Math.max(issued, observed) - at) / 1000) });
    if (observed > issued + skew) flag('observed_after_issued', index, { issuedAt: item.issuedAt, observedAt: item.observedAt });
    if (item.validFrom && from >= until) {
      flag('inverted_validity', index, { validFrom: iso(from), validUntil: item.validUntil });
      return;
    }
    // Without validFrom an item is valid from its issue: one issued ahead of time is future_dated, said once.
    if (item.validFrom && from > at + skew) flag('not_yet_valid', index, { validFrom: item.validFrom });
    else if (item.validFrom && from > at) flag('not_yet_valid_within_skew', index, { validFrom: item.validFrom });
    if (until <= at - skew) flag('expired', index, { validUntil: item.validUntil, expiredSecondsAgo: Math.round((at - until) / 1000) });
    else if (until <= at) flag('expired_within_skew', index, { validUntil: item.validUntil });
    else if (until <= at + warnWithin) flag('expiring_soon', index, { validUntil: item.validUntil, secondsLeft: Math.round((until - at) / 1000) });
    const maxAge = policy.maxAgeSeconds?.[item.kind] ?? TEMPORAL_DEFAULTS.maxAgeSeconds[item.kind];
    if (maxAge !== null && at - observed > maxAge * 1000) flag('stale', index, { ageSeconds: Math.round((at - observed) / 1000), maxAgeSeconds: maxAge });
    if (issued >= until) flag('issued_after_expiry', index, { issuedAt: item.issuedAt, validUntil: item.validUntil });
    if (required.has(item.kind) && !item.validUntil) flag('missing_validity_window', index, { kind: item.kind });
  });
  return findings;
}

export function analyzeTemporalConsistency(input: TemporalInput): ToolOutput<TemporalResult> {
  const policy = input.policy;
  const at = Date.parse(input.evaluatedAt);
  const skew = (policy.clockSkewToleranceSeconds ?? TEMPORAL_DEFAULTS.clockSkewToleranceSeconds) * 1000;
  const reasons = new Reasons();

  const seen = new Set<string>();
  const items = input.items.filter((item) => !seen.has(item.itemId) && seen.add(item.itemId));
  const duplicateIds = input.items.length - items.length;
  const timed: Timed[] = items.map((item) => {
    const issued = Date.parse(item.issuedAt);
    return {
      item,
      issued,
      observed: item.observedAt ? Date.parse(item.observedAt) : issued,
      from: item.validFrom ? Date.parse(item.validFrom) : issued,
      until: item.validUntil ? Date.parse(item.validUntil) : Number.POSITIVE_INFINITY,
    };
  });
  const id = (index: number) => items[index]!.itemId;

  // 1. Each item at evaluatedAt.
  const findings = itemFindings(timed, input, at, skew);
  const critical = new Set<number>();
  for (const rule of Object.keys(ITEM_RULES) as ItemRule[]) {
    const list = findings.get(rule);
    if (!list) continue;
    const severity = ITEM_RULES[rule];
    if (severity === 'critical') list.forEach((f) => critical.add(f.index));
    reasons.add(rule, severity, `${list.length} item${list.length > 1 ? 's' : ''} ${ITEM_MESSAGES[rule]}: ${listOf(list, (f) => id(f.index))}.`);
  }

  // 2. References: causality, cycles, dangling references.
  const nodes = timed.map((t) => ({ itemId: t.item.itemId, issuedAt: t.issued, references: t.item.references ?? [] }));
  const graph = buildReferenceGraph(nodes);
  const causality = graph.references.flatMap((refs, i) => refs.filter((j) => timed[j]!.issued > timed[i]!.issued + skew).map((j) => [i, j] as const));
  if (causality.length) {
    causality.forEach(([i]) => critical.add(i));
    reasons.add('causality_violation', 'critical', `${causality.length} reference${causality.length > 1 ? 's' : ''} to an item issued later than the item that references it: ${listOf(causality, ([i, j]) => `${id(i)} -> ${id(j)}`)}.`);
  }
  // Kahn's order exists exactly when there is no cycle: Tarjan runs only to name the cycles.
  const order = causalOrder(nodes, graph);
  const cycles = order ? [] : referenceCycles(nodes, graph);
  if (cycles.length) {
    cycles.flat().forEach((i) => critical.add(i));
    reasons.add('reference_cycle', 'critical', `Items that reference each other in a cycle, so none can precede the others: ${listOf(cycles, (c) => c.map(id).join(' -> '))}.`);
  }
  const unverifiable = new Set(graph.dangling.map((d) => d.from));
  if (graph.dangling.length) {
    reasons.add('dangling_reference', 'warning', `${graph.dangling.length} reference${graph.dangling.length > 1 ? 's' : ''} to items not in the bundle, whose times cannot be checked: ${listOf(graph.dangling, (d) => `${id(d.from)} -> ${d.itemId}`)}.`);
  }

  // 3. Sequence numbers per issuer stream.
  const sequenced = timed.flatMap((t, index) => (t.item.sequence == null ? [] : [{ index, issuer: t.item.issuer, scope: t.item.sequenceScope ?? t.item.kind, sequence: t.item.sequence, issuedAt: t.issued }]));
  const streams = checkSequences(sequenced, skew);
  const duplicates = streams.flatMap((s) => s.duplicates);
  const regressions = streams.flatMap((s) => s.regressions);
  const gaps = streams.filter((s) => s.missingCount > 0);
  if (duplicates.length) {
    duplicates.flat().forEach((i) => critical.add(i));
    reasons.add('sequence_duplicate', 'critical', `Items holding the same sequence number of one issuer stream: ${listOf(duplicates, ([a, b]) => `${id(a)} = ${id(b)}`)}.`);
  }
  if (regressions.length) {
    regressions.forEach(([later]) => critical.add(later));
    reasons.add('sequence_regression', 'critical', `Items issued later than an item of the same stream with a higher sequence number: ${listOf(regressions, ([later, earlier]) => `${id(later)} after ${id(earlier)}`)}.`);
  }
  if (gaps.length) {
    const allowGaps = policy.allowSequenceGaps ?? TEMPORAL_DEFAULTS.allowSequenceGaps;
    const missing = gaps.reduce((sum, s) => sum + s.missingCount, 0);
    reasons.add('sequence_gap', allowGaps ? 'info' : 'warning', `${missing} sequence number${missing > 1 ? 's' : ''} missing between the lowest and highest of ${listOf(gaps, (s) => `${s.issuer}/${s.scope}`)}: items may have been left out.`);
  }

  // 4. Overlapping validity for one kind and subject.
  const referencesOf = graph.references.map((refs) => new Set(refs));
  const windows = timed.flatMap((t, index) => (t.item.subject != null && (t.item.validFrom || t.item.validUntil) && t.from < t.until ? [{ index, kind: t.item.kind, subject: t.item.subject, from: t.from, until: t.until }] : []));
  const overlaps = overlappingWindows(windows, (a, b) => referencesOf[a]!.has(b) || referencesOf[b]!.has(a), LISTED);
  if (overlaps.total) {
    reasons.add('overlapping_validity', 'warning', `${overlaps.total} pair${overlaps.total > 1 ? 's' : ''} of items of one kind and subject valid at the same time, neither referencing the other: ${listOf(overlaps.pairs, ([a, b]) => `${id(a)} & ${id(b)}`, overlaps.total)}.`);
  }
  if (duplicateIds) reasons.add('duplicate_item_ids', 'warning', `${duplicateIds} item${duplicateIds > 1 ? 's' : ''} reused an itemId already listed; only the first of each was checked.`);

  // 5. What builds on a rejected or unverifiable item, and the causal order.
  const tainted = dependantsOf(critical, graph);
  const rejected = new Set([...critical, ...tainted]);
  const buildsOnRejected = [...tainted].filter((i) => !critical.has(i));
  if (buildsOnRejected.length) reasons.add('builds_on_rejected', 'info', `Items that build, through references, on a rejected item: ${listOf(buildsOnRejected.sort((a, b) => a - b), id)}.`);
  const unverified = new Set([...unverifiable, ...dependantsOf(unverifiable, graph)]);
  const actionable = timed.flatMap((_, i) => (rejected.has(i) || unverified.has(i) ? [] : [i]));
  const actBefore = actionable.reduce((min, i) => Math.min(min, timed[i]!.until), Number.POSITIVE_INFINITY);

  const decision = reasons.has('critical') ? 'block' : graph.dangling.length ? 'insufficient_evidence' : reasons.decide();
  if (decision === 'allow') reasons.add('consistent', 'info', `All ${items.length} items are in force, fresh, in causal order and in sequence at ${input.evaluatedAt}.`);
  const summaries = {
    block: `Block: ${rejected.size} of ${items.length} items cannot be acted on at ${input.evaluatedAt}.`,
    insufficient_evidence: 'Items reference evidence missing from the bundle: their order cannot be checked.',
    review: 'Review the bundle before acting: it is usable but has timing warnings.',
    allow: 'The evidence is temporally consistent at evaluatedAt.',
  } as const;
  const detailed = (rule: ItemRule) => (findings.get(rule) ?? []).slice(0, LISTED).map((f) => ({ itemId: id(f.index), ...f.detail }));

  return {
    result: {
      ...reasons.verdict(decision, summaries[decision]),
      evidence: {
        itemsExamined: items.length,
        findings: Object.fromEntries((Object.keys(ITEM_RULES) as ItemRule[]).filter((rule) => findings.has(rule)).map((rule) => [rule, detailed(rule)])),
        causalityViolations: causality.slice(0, LISTED).map(([i, j]) => ({ itemId: id(i), issuedAt: items[i]!.issuedAt, referencedId: id(j), referencedIssuedAt: items[j]!.issuedAt })),
        referenceCycles: cycles.slice(0, LISTED).map((c) => c.map(id)),
        danglingReferences: graph.dangling.slice(0, LISTED).map((d) => ({ itemId: id(d.from), missingId: d.itemId })),
        sequenceStreams: streams.map((s) => ({
          issuer: s.issuer,
          scope: s.scope,
          items: s.items,
          duplicates: s.duplicates.slice(0, LISTED).map((p) => p.map(id)),
          regressions: s.regressions.slice(0, LISTED).map(([later, earlier]) => ({ itemId: id(later), after: id(earlier) })),
          missing: s.missing.slice(0, LISTED),
          missingCount: s.missingCount,
        })),
        overlaps: overlaps.pairs.map(([a, b]) => ({ kind: items[a]!.kind, subject: items[a]!.subject, itemIds: [id(a), id(b)] })),
        overlapPairs: overlaps.total,
        unverifiableItemIds: [...unverified].sort((a, b) => a - b).map(id),
        policyApplied: {
          clockSkewToleranceSeconds: skew / 1000,
          maxAgeSeconds: { ...TEMPORAL_DEFAULTS.maxAgeSeconds, ...Object.fromEntries(Object.entries(policy.maxAgeSeconds ?? {}).filter(([, v]) => v != null)) },
          expiryWarningSeconds: policy.expiryWarningSeconds ?? TEMPORAL_DEFAULTS.expiryWarningSeconds,
          requireValidityWindow: policy.requireValidityWindow ?? [],
          allowSequenceGaps: policy.allowSequenceGaps ?? TEMPORAL_DEFAULTS.allowSequenceGaps,
        },
      },
      consistent: decision === 'allow',
      actionableItemIds: actionable.map(id),
      rejectedItemIds: [...rejected].sort((a, b) => a - b).map(id),
      causalOrder: order ? order.map(id) : [],
      actBefore: Number.isFinite(actBefore) ? iso(actBefore) : null,
    },
    metadata: requestOnlyMetadata([
      'Judges the times, references and sequence numbers as submitted: no signature, hash or issuer is verified, and no clock but evaluatedAt is read.',
      'Only references between items of the bundle can be ordered; a reference to an item left out is reported, not assumed.',
      'Overlapping validity is checked among items that carry a subject and a validity window; a reference between two items is taken as supersession.',
      'Sequence gaps are counted between the lowest and the highest number seen in a stream; items before the lowest cannot be missed.',
    ]),
  };
}

export const temporalConsistencyGate = defineRequestOnlyTool(catalogEntry('temporal_consistency_gate'), analyzeTemporalConsistency);
