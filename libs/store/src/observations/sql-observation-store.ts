import {
  MAX_OBSERVATION_BATCH,
  MAX_OBSERVATION_GROUPS,
  OBSERVATION_OUTCOMES,
  type CapabilityObservation,
  type ObservationGroup,
  type ObservationStore,
  type ObservationSummary,
  type ObservationSummaryQuery,
} from '@paysight/contracts';
import type { Queryable } from '../database.js';
import { StoreError, requireValidDate } from '../errors.js';
import { requirePruneLimit } from '../ledger/sql-ledger.js';

// One statement whatever the batch size: each column travels as one array parameter.
const INSERT_SQL = `
INSERT INTO capability_observations (agent_id, service_version, network, resource_type, payload_size_class, latency_requirement_ms,
                                     outcome, error_code, http_status, duration_ms, observed_at)
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::text[], $8::text[], $9::int[], $10::int[], $11::timestamptz[])`;

const GROUP_COLUMNS = 'service_version, network, resource_type, payload_size_class, latency_requirement_ms, outcome, error_code';
// COLLATE "C": PGlite and PostgreSQL then break ties in the same order, whatever the database's locale.
const TIE_ORDER = ['service_version', 'network', 'resource_type', 'payload_size_class', 'outcome', 'error_code'].map((c) => `${c} COLLATE "C" NULLS FIRST`).join(', ');

const SUMMARY_SQL = `
SELECT ${GROUP_COLUMNS}, count(*)::int AS count, sum(duration_ms)::float8 AS total_duration_ms, max(duration_ms) AS max_duration_ms,
       min(observed_at) AS first_seen, max(observed_at) AS last_seen
  FROM capability_observations
 WHERE agent_id = $1 AND observed_at >= $2 AND observed_at <= $3
 GROUP BY ${GROUP_COLUMNS}
 ORDER BY count DESC, ${TIE_ORDER}, latency_requirement_ms NULLS FIRST
 LIMIT $4`;

// SKIP LOCKED: instances pruning together delete different rows instead of waiting on each other.
const PRUNE_SQL = `
WITH pruned AS (
  DELETE FROM capability_observations
   WHERE id IN (SELECT id FROM capability_observations WHERE observed_at < $1 ORDER BY observed_at LIMIT $2 FOR UPDATE SKIP LOCKED)
  RETURNING 1
)
SELECT count(*)::int AS n FROM pruned`;

interface GroupRow {
  service_version: string | null;
  network: string | null;
  resource_type: string | null;
  payload_size_class: string | null;
  latency_requirement_ms: number | null;
  outcome: ObservationGroup['outcome'];
  error_code: string | null;
  count: number;
  total_duration_ms: number;
  max_duration_ms: number;
  first_seen: Date;
  last_seen: Date;
}

export class SqlObservationStore implements ObservationStore {
  constructor(private readonly db: Queryable) {}

  async record(observations: readonly CapabilityObservation[]): Promise<void> {
    if (observations.length === 0) return;
    if (observations.length > MAX_OBSERVATION_BATCH) throw new StoreError('invalid_input', `at most ${MAX_OBSERVATION_BATCH} observations per call`);
    observations.forEach(checkObservation);
    const column = <T>(pick: (o: CapabilityObservation) => T) => observations.map(pick);
    await this.db.query(INSERT_SQL, [
      column((o) => o.agentId),
      column((o) => o.serviceVersion),
      column((o) => o.network),
      column((o) => o.resourceType),
      column((o) => o.payloadSizeClass),
      column((o) => o.latencyRequirementMs),
      column((o) => o.outcome),
      column((o) => o.errorCode),
      column((o) => o.httpStatus),
      column((o) => o.durationMs),
      column((o) => o.observedAt.toISOString()),
    ]);
  }

  async summarize(query: ObservationSummaryQuery): Promise<ObservationSummary> {
    if (typeof query.agentId !== 'string' || query.agentId.length === 0) throw new StoreError('invalid_input', 'agentId must be a non-empty string');
    requireValidDate('since', query.since);
    requireValidDate('until', query.until);
    if (!Number.isInteger(query.maxGroups) || query.maxGroups < 1 || query.maxGroups > MAX_OBSERVATION_GROUPS) {
      throw new StoreError('invalid_input', `maxGroups must be an integer from 1 to ${MAX_OBSERVATION_GROUPS}`);
    }
    // One row more than asked tells whether there were more.
    const rows = await this.db.query<GroupRow>(SUMMARY_SQL, [query.agentId, query.since, query.until, query.maxGroups + 1]);
    return { groups: rows.slice(0, query.maxGroups).map(toGroup), truncated: rows.length > query.maxGroups };
  }

  async prune(before: Date, limit: number): Promise<number> {
    requireValidDate('before', before);
    requirePruneLimit(limit);
    const [row] = await this.db.query<{ n: number }>(PRUNE_SQL, [before, limit]);
    return row?.n ?? 0;
  }
}

function toGroup(row: GroupRow): ObservationGroup {
  return {
    serviceVersion: row.service_version,
    network: row.network,
    resourceType: row.resource_type,
    payloadSizeClass: row.payload_size_class,
    latencyRequirementMs: row.latency_requirement_ms,
    outcome: row.outcome,
    errorCode: row.error_code,
    count: row.count,
    totalDurationMs: row.total_duration_ms,
    maxDurationMs: row.max_duration_ms,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
  };
}


/** Refused here with a clear message rather than by a constraint with a database one. */
function checkObservation(o: CapabilityObservation): void {
  if (typeof o.agentId !== 'string' || o.agentId.length === 0) throw new StoreError('invalid_input', 'agentId must be a non-empty string');
  if (!OBSERVATION_OUTCOMES.includes(o.outcome)) throw new StoreError('invalid_input', `outcome must be one of ${OBSERVATION_OUTCOMES.join(', ')}`);
  if ((o.outcome === 'failed') !== (typeof o.errorCode === 'string' && o.errorCode.length > 0)) throw new StoreError('invalid_input', 'a failed observation needs an errorCode, a succeeded one none');
  if (!Number.isInteger(o.durationMs) || o.durationMs < 0 || o.durationMs > 2_147_483_647) throw new StoreError('invalid_input', 'durationMs must be a non-negative integer');
  if (!Number.isInteger(o.httpStatus) || o.httpStatus < 100 || o.httpStatus > 599) throw new StoreError('invalid_input', 'httpStatus must be an HTTP status');
  if (o.latencyRequirementMs !== null && !(Number.isFinite(o.latencyRequirementMs) && o.latencyRequirementMs >= 0)) throw new StoreError('invalid_input', 'latencyRequirementMs must be null or a non-negative number');
  requireValidDate('observedAt', o.observedAt);
}
