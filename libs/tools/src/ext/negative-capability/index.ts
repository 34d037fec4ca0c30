import { catalogEntry, toolByMcpName, PAYLOAD_SIZE_CLASSES, type CatalogEntryOf, type ObservationSummary, type RequestOf, type ResultOf, StoreUnavailableError } from '@paysight/contracts';
import { defineToolModule, type AnalyzeContext, type ToolOutput } from '../../tool-module.js';
import { Reasons } from '../verdict.js';
import { DIMENSIONS, aggregate, limitations, matches, wilsonInterval, type Dimension, type Limitation, type Query } from './aggregate.js';

type Entry = CatalogEntryOf<'negative_capability'>;
export type NegativeCapabilityInput = RequestOf<Entry>;
export type NegativeCapabilityResult = ResultOf<Entry>;

/** The analyzer's defaults and thresholds (docs/tools/ext.md, negative_capability). */
export const NEGATIVE_CAPABILITY_RULES = {
  minimumSampleSize: 20,
  lookbackDays: 30,
  /** Observed failure rate at or above which the agent is blocked for the context. */
  blockFailureRate: 0.5,
  /** ... at or above which it is reviewed. */
  reviewFailureRate: 0.1,
  /** A task context failing more often than this (with enough samples) is a limitation. */
  limitationFailureRate: 0.25,
  /** Most observation groups read per query; more are reported as truncated. */
  maxGroups: 5000,
  /** Most limitations listed, the worst first. */
  maxLimitations: 20,
} as const;

const DAY_MS = 86_400_000;

export interface CapabilityData extends ObservationSummary {
  since: Date;
  until: Date;
  retentionDays: number | null;
}

const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;
const codes = (byCode: Map<string, number>) => Object.fromEntries([...byCode].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const describe = (dimensions: Limitation['dimensions']) =>
  Object.entries(dimensions)
    .map(([d, v]) => `${d} ${String(v)}`)
    .join(', ');

function queryOf(input: NegativeCapabilityInput): Query {
  const query: Query = { ...input.taskContext };
  if (typeof input.serviceVersion === 'string') query.serviceVersion = input.serviceVersion;
  return query;
}

/** Per dimension, how many observations of the agent outside the query carry each value (the 10 most frequent). */
function otherContexts(summary: ObservationSummary, query: Query): Partial<Record<Dimension, Record<string, number>>> {
  const counts = new Map<Dimension, Map<string, number>>();
  for (const group of summary.groups) {
    if (matches(group, query)) continue;
    for (const dimension of DIMENSIONS) {
      const value = group[dimension];
      if (value === null) continue;
      const byValue = counts.get(dimension) ?? new Map<string, number>();
      byValue.set(String(value), (byValue.get(String(value)) ?? 0) + group.count);
      counts.set(dimension, byValue);
    }
  }
  return Object.fromEntries(
    [...counts].map(([dimension, byValue]) => [
      dimension,
      Object.fromEntries([...byValue].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).slice(0, 10)),
    ]),
  );
}

export function analyzeNegativeCapability(input: NegativeCapabilityInput, data: CapabilityData): ToolOutput<NegativeCapabilityResult> {
  const rules = NEGATIVE_CAPABILITY_RULES;
  const minimumSampleSize = input.minimumSampleSize ?? rules.minimumSampleSize;
  const lookbackDays = input.lookbackDays ?? rules.lookbackDays;
  const query = queryOf(input);
  const supplied = DIMENSIONS.filter((d) => query[d] !== undefined);
  const matched = data.groups.filter((g) => matches(g, query));
  const total = aggregate(matched);
  const failureRate = total.samples ? total.failures / total.samples : null;
  const found = total.samples ? limitations(matched, DIMENSIONS.filter((d) => query[d] === undefined), minimumSampleSize, rules.limitationFailureRate) : [];
  const ownTool = toolByMcpName(input.agentId) !== undefined;
  const observedAtAll = data.groups.length > 0;
  const reasons = new Reasons();

  if (total.samples === 0) {
    if (!ownTool) {
      reasons.add('no_matching_observations', 'warning', `${input.agentId} is not a tool of this service: it observes only runs of its own paid tools (named by their MCP names, such as svc_wallet_audit), so it holds nothing on other agents.`);
    } else if (!observedAtAll) {
      reasons.add('no_matching_observations', 'warning', `${input.agentId} has no observed runs in the last ${lookbackDays} days.`);
    } else {
      reasons.add('no_matching_observations', 'warning', `${input.agentId} has observed runs in the last ${lookbackDays} days, but none whose labels equal every dimension asked for (${supplied.join(', ')}).`);
    }
    if (ownTool && query.latencyRequirementMs !== undefined) reasons.add('latency_label_not_recorded', 'info', 'This service records no latencyRequirementMs label on its runs, so a query that gives one matches none of them.');
    if (ownTool && query.payloadSizeClass !== undefined && !PAYLOAD_SIZE_CLASSES.some((c) => c.label === query.payloadSizeClass)) {
      reasons.add('unknown_payload_size_class', 'info', `This service labels payload sizes ${PAYLOAD_SIZE_CLASSES.map((c) => c.label).join(', ')}; ${String(query.payloadSizeClass)} is none of them.`);
    }
  } else if (total.samples < minimumSampleSize) {
    reasons.add('below_minimum_sample_size', 'warning', `${total.samples} matching runs; the query asks for at least ${minimumSampleSize} before judging.`);
  } else {
    const percent = round(failureRate! * 100, 2);
    if (failureRate! >= rules.blockFailureRate) {
      reasons.add('high_failure_rate', 'critical', `${total.failures} of ${total.samples} matching runs failed (${percent}%), at or above ${rules.blockFailureRate * 100}%.`);
    } else if (failureRate! >= rules.reviewFailureRate) {
      reasons.add('elevated_failure_rate', 'warning', `${total.failures} of ${total.samples} matching runs failed (${percent}%), at or above ${rules.reviewFailureRate * 100}%.`);
    }
    if (found.length) {
      const shown = found.slice(0, 5).map((l) => `${describe(l.dimensions)}: ${l.failures}/${l.samples} failed`);
      reasons.add('limitation_found', 'warning', `Task contexts that fail more than ${rules.limitationFailureRate * 100}% of the time: ${shown.join('; ')}${found.length > 5 ? `; ${found.length - 5} more in limitationsFound` : ''}.`);
    }
  }
  if (total.failures > 0) {
    const byCode = Object.entries(codes(total.failuresByCode)).map(([code, n]) => `${n} ${code}`);
    reasons.add('failures_by_code', 'info', `Failed runs by the error their callers got: ${byCode.join(', ')}. chain_unavailable means the chain data source did not answer (503); internal_error, the analysis failed (500).`);
  }
  if (data.truncated) reasons.add('observations_truncated', 'warning', `The agent has more than ${rules.maxGroups} distinct observation groups in the window; only the ${rules.maxGroups} largest were read.`);
  if (data.retentionDays !== null && lookbackDays > data.retentionDays) reasons.add('lookback_exceeds_retention', 'info', `Observations are kept ${data.retentionDays} days; the last ${lookbackDays} days asked for hold at most that.`);

  const decision = total.samples < minimumSampleSize ? 'insufficient_evidence' : reasons.decide();
  if (decision === 'allow') reasons.add('reliable', 'info', `${total.samples} matching runs, ${total.failures} failed: within the thresholds.`);
  const summaries = {
    block: `Block: ${input.agentId} fails too often in this context.`,
    review: `Review: ${input.agentId} has observed limitations in this context.`,
    allow: `${input.agentId} shows no limitation in this context over ${total.samples} observed runs.`,
    insufficient_evidence: `Not enough observations of ${input.agentId} in this context to judge.`,
  } as const;

  const versions = new Map<string, { samples: number; failures: number }>();
  for (const group of matched) {
    const version = group.serviceVersion ?? 'unlabelled';
    const tally = versions.get(version) ?? { samples: 0, failures: 0 };
    tally.samples += group.count;
    if (group.outcome === 'failed') tally.failures += group.count;
    versions.set(version, tally);
  }
  const byServiceVersion = Object.fromEntries([...versions].sort(([a], [b]) => (a < b ? -1 : 1)));
  const interval = wilsonInterval(total.failures, total.samples);

  return {
    result: {
      ...reasons.verdict(decision, summaries[decision]),
      evidence: {
        query: { agentId: input.agentId, dimensions: Object.fromEntries(supplied.map((d) => [d, query[d]])), aggregate: supplied.length === 0 },
        window: { since: data.since.toISOString(), until: data.until.toISOString(), lookbackDays },
        observedByThisService: ownTool,
        matchedGroups: matched.length,
        byServiceVersion,
        failureRateInterval95: interval && interval.map((v) => round(v)),
        meanDurationMs: total.samples ? Math.round(total.totalDurationMs / total.samples) : null,
        maxDurationMs: total.samples ? total.maxDurationMs : null,
        otherContexts: otherContexts(data, query),
        retentionDays: data.retentionDays,
        truncated: data.truncated,
        policyApplied: { minimumSampleSize, lookbackDays, blockFailureRate: rules.blockFailureRate, reviewFailureRate: rules.reviewFailureRate, limitationFailureRate: rules.limitationFailureRate },
      },
      agentId: input.agentId,
      samples: total.samples,
      successes: total.samples - total.failures,
      failures: total.failures,
      failureRate: failureRate === null ? null : round(failureRate),
      failuresByCode: codes(total.failuresByCode),
      limitationsFound: found.slice(0, rules.maxLimitations).map((l) => ({ dimensions: l.dimensions, samples: l.samples, failures: l.failures, failureRate: round(l.failures / l.samples), failuresByCode: codes(l.failuresByCode) })),
      firstSeen: total.firstSeen?.toISOString() ?? null,
      lastSeen: total.lastSeen?.toISOString() ?? null,
    },
    metadata: {
      dataSourceStatus: 'Live',
      dataNotes: ["Read from this service's capability observations: one per run of its own paid tools, recorded by its paid-call pipeline after each answer (docs/tools/ext.md)."],
      limitations: [
        'Only runs of this service\'s own paid tools are observed; any other agent id has no observations.',
        'Observations are labelled with network, resourceType (the tool family), payloadSizeClass and serviceVersion; no latencyRequirementMs label is recorded.',
        'Runs refused before they started (invalid input, payment refused, chain not served) and replays of a paid answer are not runs and are not observed.',
        ...(found.length > rules.maxLimitations ? [`${found.length - rules.maxLimitations} further limitations are not listed.`] : []),
      ],
    },
  };
}

export const negativeCapability = defineToolModule(catalogEntry('negative_capability'), {
  chains: () => [],
  gather: async (input, ports, _progress, context: AnalyzeContext): Promise<CapabilityData> => {
    const until = context.now;
    const since = new Date(until.getTime() - (input.lookbackDays ?? NEGATIVE_CAPABILITY_RULES.lookbackDays) * DAY_MS);
    const summary = await ports.observations.summarize({ agentId: input.agentId, since, until, maxGroups: NEGATIVE_CAPABILITY_RULES.maxGroups }).catch((error: unknown) => {
      throw new StoreUnavailableError('The observations could not be read.', { cause: error });
    });
    return { ...summary, since, until, retentionDays: ports.observations.retentionDays };
  },
  analyze: (input, data) => analyzeNegativeCapability(input, data),
});
