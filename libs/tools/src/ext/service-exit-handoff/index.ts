import { catalogEntry, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { Reasons, defineRequestOnlyTool, requestOnlyMetadata } from '../verdict.js';
import { LISTED_PATHS, capabilityCoverage, carriedOver, fieldCoverage, namedPaths, type Status } from './assess.js';
import { HANDOFF_MODEL_MS, downtimeOf, planSteps, strategyFor, type PlanStep, type Strategy } from './plan.js';
import { MAX_SCHEMA_DEPTH, MAX_SCHEMA_PATHS, schemaPaths, type SchemaPaths } from './schema-paths.js';

type Entry = CatalogEntryOf<'service_exit_handoff'>;
export type ExitHandoffInput = RequestOf<Entry>;
export type ExitHandoffResult = ResultOf<Entry>;
type Target = ExitHandoffInput['targetCandidates'][number];
type Assessment = ExitHandoffResult['ranking'][number] & { steps: PlanStep[]; strategy: Strategy };

const RECEIPT_FIELD = /receipt/i;
const IDEMPOTENCY_FIELD = /idempoten/i;

/** What each miss and unknown code means, for the reasons about the best target. */
const MISS_MESSAGES = {
  capabilities_missing: 'does not list required capabilities',
  fields_not_covered: 'cannot take every exported field with its type',
  target_requires_optional_fields: 'requires fields the source exports only optionally, so some records may be refused',
  receipts_not_preservable: 'cannot take the receipt fields of the export, so receipts would not be preserved',
  idempotency_keys_not_preservable: 'cannot take the idempotency-key fields of the export, so keys would not be preserved',
  downtime_over_budget: 'needs more downtime, by the planning estimate, than maximumDowntimeMs',
  capabilities_unknown: 'lists no capabilities, so the required ones cannot be checked',
  fields_unknown: 'cannot be compared field by field: the export or the import schema is missing',
  receipts_unknown: 'cannot be judged on receipts: no receipt index hashes or no schemas to compare',
  idempotency_keys_unknown: 'cannot be judged on idempotency keys: the export or the import schema is missing',
} as const;
type Finding = keyof typeof MISS_MESSAGES;

const normalizedHash = (hash: string) => hash.replace(/^sha256:/, '').toLowerCase();
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Coverage for ranking: a requirement not asked for counts as met, one that cannot be judged as worst. */
const rankPercent = (percent: number | null, status: Status) => percent ?? (status === 'not_required' ? 100 : -1);

function assess(target: Target, imported: SchemaPaths | null, input: ExitHandoffInput, source: SchemaPaths | null, named: { receipts: string[]; keys: string[] }): Assessment {
  const req = input.requirements;
  const receiptHashes = input.sourceService.receiptIndexHashes ?? null;
  const fields = fieldCoverage(source, imported);
  const capabilities = capabilityCoverage(req.requiredCapabilities, target.capabilities);
  const receipts: Status = !req.preserveReceipts ? 'not_required' : receiptHashes === null ? 'unknown' : receiptHashes.length === 0 ? 'covered' : carriedOver(named.receipts, fields);
  const keysCarried = carriedOver(named.keys, fields) === 'covered';
  const keys: Status = req.preserveIdempotencyKeys ? carriedOver(named.keys, fields) : 'not_required';
  const strategy = strategyFor(keysCarried);
  const steps = planSteps(
    {
      sourceId: input.sourceService.serviceId,
      sourceManifestHash: input.sourceService.manifestHash,
      stateSummaryHash: input.sourceService.stateSummaryHash,
      targetId: target.serviceId,
      targetManifestHash: target.manifestHash,
      fieldPaths: fields.coveredPaths,
      receiptIndexHashes: req.preserveReceipts ? (receiptHashes ?? []) : [],
      idempotencyKeyPaths: keysCarried ? named.keys : [],
      droppedPaths: fields.missingPaths.length + fields.typeMismatches.length,
    },
    strategy,
  );
  const estimateMs = downtimeOf(steps);
  const maximumMs = req.maximumDowntimeMs ?? null;

  const blockers: string[] = [];
  if (target.serviceId === input.sourceService.serviceId) blockers.push('target_is_source');
  if (fields.targetRequiredUnmet.length) blockers.push('target_requires_unexported_fields');
  const misses: Finding[] = [];
  const unknowns: Finding[] = [];
  const judge = (status: Status, miss: Finding, unknown: Finding) => (status === 'not_covered' ? misses.push(miss) : status === 'unknown' ? unknowns.push(unknown) : 0);
  judge(capabilities.status, 'capabilities_missing', 'capabilities_unknown');
  judge(fields.status, 'fields_not_covered', 'fields_unknown');
  if (fields.targetRequiredOptionalInSource.length) misses.push('target_requires_optional_fields');
  judge(receipts, 'receipts_not_preservable', 'receipts_unknown');
  judge(keys, 'idempotency_keys_not_preservable', 'idempotency_keys_unknown');
  if (maximumMs !== null && estimateMs > maximumMs) misses.push('downtime_over_budget');

  return {
    rank: 0,
    serviceId: target.serviceId,
    manifestHash: target.manifestHash,
    blockers,
    misses,
    unknowns,
    capabilities,
    fields: {
      status: fields.status,
      sourcePaths: fields.sourcePaths,
      coveredPaths: fields.coveredPaths,
      coveragePercent: fields.coveragePercent,
      missingPaths: fields.missingPaths.slice(0, LISTED_PATHS),
      typeMismatches: fields.typeMismatches.slice(0, LISTED_PATHS),
      targetRequiredUnmet: fields.targetRequiredUnmet.slice(0, LISTED_PATHS),
      targetRequiredOptionalInSource: fields.targetRequiredOptionalInSource.slice(0, LISTED_PATHS),
    },
    receipts: { status: receipts, receiptIndexHashes: receiptHashes?.length ?? null, fieldPaths: named.receipts.slice(0, LISTED_PATHS) },
    idempotencyKeys: { status: keys, fieldPaths: named.keys.slice(0, LISTED_PATHS) },
    downtime: { strategy, estimateMs, maximumMs, withinBudget: maximumMs === null ? null : estimateMs <= maximumMs },
    steps,
    strategy,
  };
}

/**
 * Targets best first: able to take the handoff at all, fewest misses, fewest unknowns, highest
 * capability then field coverage, least downtime, then serviceId. O(T log T).
 */
function rank(assessments: Assessment[]): Assessment[] {
  return [...assessments]
    .sort(
      (a, b) =>
        Number(a.blockers.length > 0) - Number(b.blockers.length > 0) ||
        a.misses.length - b.misses.length ||
        a.unknowns.length - b.unknowns.length ||
        rankPercent(b.capabilities.coveragePercent, b.capabilities.status) - rankPercent(a.capabilities.coveragePercent, a.capabilities.status) ||
        rankPercent(b.fields.coveragePercent, b.fields.status) - rankPercent(a.fields.coveragePercent, a.fields.status) ||
        a.downtime.estimateMs - b.downtime.estimateMs ||
        byId(a.serviceId, b.serviceId),
    )
    .map((a, i) => ({ ...a, rank: i + 1 }));
}

function findingDetail(code: Finding, best: Assessment): string {
  switch (code) {
    case 'capabilities_missing':
      return `: ${best.capabilities.missing.join(', ')}`;
    case 'fields_not_covered':
      return `: ${best.fields.missingPaths.length} missing, ${best.fields.typeMismatches.length} of another type (${[...best.fields.missingPaths, ...best.fields.typeMismatches.map((m) => m.path)].slice(0, 5).join(', ')})`;
    case 'target_requires_optional_fields':
      return `: ${best.fields.targetRequiredOptionalInSource.slice(0, 5).join(', ')}`;
    case 'receipts_not_preservable':
      return best.receipts.fieldPaths.length ? ` (${best.receipts.fieldPaths.slice(0, 5).join(', ')})` : ': the export has no receipt field';
    case 'idempotency_keys_not_preservable':
      return best.idempotencyKeys.fieldPaths.length ? ` (${best.idempotencyKeys.fieldPaths.slice(0, 5).join(', ')})` : ': the export has no idempotency-key field';
    case 'downtime_over_budget':
      return `: ${best.downtime.estimateMs} ms (${best.downtime.strategy}) against ${best.downtime.maximumMs} ms`;
    default:
      return '';
  }
}

export function analyzeExitHandoff(input: ExitHandoffInput): ToolOutput<ExitHandoffResult> {
  const { sourceService, requirements } = input;
  const reasons = new Reasons();
  const source = sourceService.exportSchema ? schemaPaths(sourceService.exportSchema) : null;
  const named = { receipts: namedPaths(source, RECEIPT_FIELD), keys: namedPaths(source, IDEMPOTENCY_FIELD) };

  const seen = new Set<string>();
  const targets = input.targetCandidates.filter((t) => !seen.has(t.serviceId) && seen.add(t.serviceId));
  const imported = targets.map((t) => (t.importSchema ? schemaPaths(t.importSchema) : null));
  const ranking = rank(targets.map((t, i) => assess(t, imported[i]!, input, source, named)));
  const best = ranking[0]!;
  const usable = best.blockers.length === 0;

  const listed = new Set<string>();
  const repeated = [...new Set((sourceService.receiptIndexHashes ?? []).map(normalizedHash).filter((h) => listed.has(h) || !listed.add(h)))].sort();
  const receiptIndexBroken = Boolean(requirements.preserveReceipts) && repeated.length > 0;
  if (receiptIndexBroken) {
    reasons.add('receipt_index_duplicates', 'critical', `The source's receipt index lists ${repeated.length} hash${repeated.length > 1 ? 'es' : ''} more than once (${repeated.slice(0, 3).join(', ')}): receipts cannot be verified one to one, so no handoff that must preserve them can be planned.`);
  }
  const blocked = ranking.filter((a) => a.blockers.length);
  if (blocked.length) {
    reasons.add('targets_blocked', usable ? 'info' : 'critical', `${blocked.length} of ${ranking.length} targets cannot take the handoff: ${blocked.map((a) => `${a.serviceId} (${a.blockers.join(', ')}${a.fields.targetRequiredUnmet.length ? `: ${a.fields.targetRequiredUnmet.slice(0, 3).join(', ')}` : ''})`).join('; ')}.`);
  }
  if (usable) {
    for (const code of [...best.misses, ...best.unknowns] as Finding[]) reasons.add(code, 'warning', `${best.serviceId} ${MISS_MESSAGES[code]}${findingDetail(code, best)}.`);
  }
  if (targets.length < input.targetCandidates.length) reasons.add('duplicate_target_ids', 'info', `${input.targetCandidates.length - targets.length} targets repeated a serviceId; only the first of each was assessed.`);
  if (requirements.maximumPriceIncreasePercent !== undefined) reasons.add('reserved_field_not_enforced', 'info', `maximumPriceIncreasePercent (${requirements.maximumPriceIncreasePercent}) is reserved: recorded, not enforced; no price was compared.`);
  const schemas = [...(source ? [['source', source] as const] : []), ...targets.flatMap((t, i) => (imported[i] ? [[t.serviceId, imported[i]] as const] : []))];
  const truncated = schemas.filter(([, s]) => s.truncated).map(([id]) => id);
  if (truncated.length) reasons.add('schema_truncated', 'info', `Schemas read only to depth ${MAX_SCHEMA_DEPTH} and ${MAX_SCHEMA_PATHS} paths: ${truncated.join(', ')}.`);
  const unresolved = Object.fromEntries(schemas.filter(([, s]) => s.unresolvedRefs.length).map(([id, s]) => [id, s.unresolvedRefs]));
  if (Object.keys(unresolved).length) reasons.add('unresolved_schema_refs', 'info', `Schemas with $refs outside themselves (not fetched), so their fields cannot be compared: ${Object.keys(unresolved).join(', ')}.`);
  reasons.add('outbound_actions_disabled', 'info', 'Planned only: no service was contacted, nothing was exported, imported or switched.');

  const decision = receiptIndexBroken ? 'block' : !usable ? 'failed' : best.misses.length ? 'partial' : best.unknowns.length ? 'insufficient_evidence' : 'completed';
  if (decision === 'completed') reasons.add('plan_complete', 'info', `${best.serviceId} covers every requirement; the plan below takes about ${best.downtime.estimateMs} ms of downtime (${best.strategy}).`);
  const summaries = {
    block: 'Block: the source\'s receipt index is inconsistent, so the handoff cannot be planned to preserve receipts.',
    failed: 'No candidate can take the handoff.',
    partial: `Best target ${best.serviceId} misses ${best.misses.length} requirement${best.misses.length > 1 ? 's' : ''}; the plan leaves those unmet.`,
    insufficient_evidence: `${best.serviceId} meets every requirement that can be judged, but ${best.unknowns.length} cannot be judged from the request.`,
    completed: `A full handoff plan to ${best.serviceId}.`,
  } as const;

  return {
    result: {
      ...reasons.verdict(decision, summaries[decision]),
      evidence: {
        source: {
          serviceId: sourceService.serviceId,
          manifestHash: sourceService.manifestHash,
          stateSummaryHash: sourceService.stateSummaryHash,
          exportedLeafPaths: source ? source.leaves.length : null,
          receiptFieldPaths: named.receipts,
          idempotencyKeyPaths: named.keys,
          receiptIndexHashes: sourceService.receiptIndexHashes?.length ?? null,
          repeatedReceiptIndexHashes: repeated,
        },
        targetsAssessed: targets.length,
        requirementsApplied: {
          requiredCapabilities: requirements.requiredCapabilities ?? [],
          maximumDowntimeMs: requirements.maximumDowntimeMs ?? null,
          preserveReceipts: requirements.preserveReceipts ?? false,
          preserveIdempotencyKeys: requirements.preserveIdempotencyKeys ?? false,
        },
        reservedNotEnforced: { maximumPriceIncreasePercent: requirements.maximumPriceIncreasePercent ?? null },
        downtimeModelMs: HANDOFF_MODEL_MS,
        schemaLimits: { maxDepth: MAX_SCHEMA_DEPTH, maxPaths: MAX_SCHEMA_PATHS, truncated },
        unresolvedSchemaRefs: unresolved,
        outboundActions: 'disabled',
      },
      bestTargetId: usable ? best.serviceId : null,
      ranking: ranking.map(({ steps: _steps, strategy: _strategy, ...a }) => a),
      plan: usable && decision !== 'block' ? { targetId: best.serviceId, strategy: best.strategy, estimatedDowntimeMs: best.downtime.estimateMs, outboundActions: 'disabled' as const, steps: best.steps } : null,
    },
    metadata: requestOnlyMetadata([
      'Compares the declared export and import JSON Schemas (property paths and types, to a bounded depth); records themselves and the services behind the hashes were not seen.',
      'Capabilities are compared as exact strings; a capability listed is taken as provided.',
      'Receipt and idempotency-key fields are recognised by name (receipt, idempoten…) in the export schema.',
      'The downtime estimate is a planning model with fixed costs per step, field and receipt index hash, not a measurement; maximumDowntimeMs caps the estimate only.',
      'maximumPriceIncreasePercent is reserved and not enforced.',
    ]),
  };
}

export const serviceExitHandoff = defineRequestOnlyTool(catalogEntry('service_exit_handoff'), analyzeExitHandoff);
