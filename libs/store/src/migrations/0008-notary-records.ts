import type { Migration } from './migration.js';

/**
 * Hash-only provenance records of x402-response-provenance-notary (design sheet x402-family.md §A.4).
 * Only hashes, the retention class and times: no label, body or lookup secret in clear (secret_hash is
 * the SHA-256 of the secret; secret_key_id names the server notary key that derived it). notary_id is
 * derived from key_hash, so the primary key is also the idempotency key: concurrent creates write one
 * row. Expired rows are never served and are purged by expires_at, hence its index.
 */
export const notaryRecords: Migration = {
  version: 8,
  name: 'notary_records',
  sql: `
CREATE TABLE notary_records (
  notary_id       text PRIMARY KEY CHECK (notary_id ~ '^ntr_[a-z2-7]{32}$'),
  key_hash        text NOT NULL CHECK (key_hash ~ '^sha256:[0-9a-f]{64}$'),
  context_hash    text NOT NULL CHECK (context_hash ~ '^sha256:[0-9a-f]{64}$'),
  challenge_hash  text CHECK (challenge_hash ~ '^sha256:[0-9a-f]{64}$'),
  receipt_hash    text CHECK (receipt_hash ~ '^sha256:[0-9a-f]{64}$'),
  response_hash   text CHECK (response_hash ~ '^sha256:[0-9a-f]{64}$'),
  metadata_hash   text CHECK (metadata_hash ~ '^sha256:[0-9a-f]{64}$'),
  secret_hash     text NOT NULL CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
  secret_key_id   text NOT NULL CHECK (secret_key_id <> ''),
  retention_class text NOT NULL CHECK (retention_class IN ('short', 'standard', 'support')),
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  CONSTRAINT notary_records_expiry CHECK (expires_at > created_at)
);
CREATE INDEX notary_records_expires_at ON notary_records (expires_at);
`,
};
