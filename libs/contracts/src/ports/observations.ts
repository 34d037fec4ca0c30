/**
 * Capability observations: one row per run of one of this service's own paid tools, recorded by the
 * paid-call pipeline and read by the negative-capability tool (docs/tools/ext.md). An observation
 * names the tool (agentId = its MCP name), the service version and the task context of the call, and
 * how the run ended; never the payer, the request body or the payment.
 */

export const OBSERVATION_OUTCOMES = ['succeeded', 'failed'] as const;
export type ObservationOutcome = (typeof OBSERVATION_OUTCOMES)[number];

/**
 * The task-context dimensions an observation is labelled with (the negative-capability request's
 * taskContext). null: the observation has no label for that dimension, so a query that supplies the
 * dimension does not match it.
 */
export interface ObservationDimensions {
  network: string | null;
  resourceType: string | null;
  payloadSizeClass: string | null;
  latencyRequirementMs: number | null;
}

export interface CapabilityObservation extends ObservationDimensions {
  agentId: string;
  serviceVersion: string | null;
  outcome: ObservationOutcome;
  /** The stable error code the caller got when the run failed (chain_unavailable, internal_error); null on success. */
  errorCode: string | null;
  /** The HTTP status the caller got for the run (200 when it succeeded). */
  httpStatus: number;
  /** Milliseconds the run took (gather and analysis), whole. */
  durationMs: number;
  observedAt: Date;
}

/** Observations sharing every dimension, the service version, the outcome and the error code, counted. */
export interface ObservationGroup extends ObservationDimensions {
  serviceVersion: string | null;
  outcome: ObservationOutcome;
  errorCode: string | null;
  count: number;
  totalDurationMs: number;
  maxDurationMs: number;
  firstSeen: Date;
  lastSeen: Date;
}

export interface ObservationSummaryQuery {
  agentId: string;
  /** Observations at or after `since` and at or before `until`. */
  since: Date;
  until: Date;
  /** Most groups returned; `truncated` says when there were more. */
  maxGroups: number;
}

export interface ObservationSummary {
  /** Ordered by count (most first), then by their fields, so the same rows give the same list. */
  groups: ObservationGroup[];
  truncated: boolean;
}

/** What a tool may read: grouped observations of one agent in a time window, and how long rows are kept. */
export interface ObservationReader {
  summarize(query: ObservationSummaryQuery): Promise<ObservationSummary>;
  /** Days observations are kept before they are pruned (OBSERVATION_RETENTION_DAYS); null when not pruned. */
  readonly retentionDays: number | null;
}

/** The store's side: write, group and prune. */
export interface ObservationStore {
  /** Inserts the observations in one statement (at most MAX_OBSERVATION_BATCH). */
  record(observations: readonly CapabilityObservation[]): Promise<void>;
  summarize(query: ObservationSummaryQuery): Promise<ObservationSummary>;
  /** Deletes up to `limit` observations older than `before`; resolves with how many it deleted. */
  prune(before: Date, limit: number): Promise<number>;
}

/** Most observations one `record` call takes. */
export const MAX_OBSERVATION_BATCH = 500;
/** Most groups one `summarize` call may ask for. */
export const MAX_OBSERVATION_GROUPS = 10_000;

/**
 * The payloadSizeClass labels this service records: the size of the request in canonical JSON (the
 * bytes inputFingerprint hashes), below each upper bound. The last class has no bound.
 */
export const PAYLOAD_SIZE_CLASSES = [
  { label: 'tiny', belowBytes: 1024 },
  { label: 'small', belowBytes: 16 * 1024 },
  { label: 'medium', belowBytes: 64 * 1024 },
  { label: 'large', belowBytes: 256 * 1024 },
  { label: 'huge', belowBytes: Number.POSITIVE_INFINITY },
] as const;
export type PayloadSizeClass = (typeof PAYLOAD_SIZE_CLASSES)[number]['label'];

export function payloadSizeClassOf(bytes: number): PayloadSizeClass {
  return PAYLOAD_SIZE_CLASSES.find((c) => bytes < c.belowBytes)!.label;
}
