import type { Migration } from './migration.js';

/**
 * Capability observations: one row per run of one of this service's paid tools (the negative-
 * capability tool reads them, grouped). Only labels and outcomes: no payer, body or payment. The
 * dimensions are nullable because an observation without a label for a dimension must not match a
 * query that supplies it. Pruned by age (OBSERVATION_RETENTION_DAYS), hence the time index.
 */
export const capabilityObservations: Migration = {
  version: 7,
  name: 'capability_observations',
  sql: `
CREATE TABLE capability_observations (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agent_id               text NOT NULL CHECK (agent_id <> ''),
  service_version        text,
  network                text,
  resource_type          text,
  payload_size_class     text,
  latency_requirement_ms double precision CHECK (latency_requirement_ms >= 0),
  outcome                text NOT NULL CHECK (outcome IN ('succeeded', 'failed')),
  error_code             text,
  http_status            smallint NOT NULL CHECK (http_status BETWEEN 100 AND 599),
  duration_ms            integer NOT NULL CHECK (duration_ms >= 0),
  observed_at            timestamptz NOT NULL,
  CONSTRAINT capability_observations_error_code CHECK ((outcome = 'failed') = (error_code IS NOT NULL))
);
CREATE INDEX capability_observations_agent_time ON capability_observations (agent_id, observed_at);
CREATE INDEX capability_observations_time ON capability_observations (observed_at);
`,
};
