import type { Migration } from './migration.js';

/**
 * The ledger of paid calls: one row per payment, unique on its payment key (network, asset, payer,
 * nonce), so the same payment can never occupy two rows. Addresses and hex are stored lower-case.
 *
 * The state list is written out, not generated from LEDGER_STATES: an applied migration must never
 * change. A new state needs a new migration; the store tests fail until every LEDGER_STATE is accepted.
 * `seq` orders rows inserted within the same clock tick (PGlite's clock has millisecond resolution).
 */
export const paymentLedger: Migration = {
  version: 1,
  name: 'payment_ledger',
  sql: `
CREATE TABLE payment_ledger (
  x402_request_id     text PRIMARY KEY CHECK (x402_request_id <> ''),
  seq                 bigint GENERATED ALWAYS AS IDENTITY,
  request_id          text NOT NULL,
  tool_id             text NOT NULL,
  network             text NOT NULL,
  asset               text NOT NULL CHECK (asset ~ '^0x[0-9a-f]{40}$'),
  payer               text NOT NULL CHECK (payer ~ '^0x[0-9a-f]{40}$'),
  pay_to              text NOT NULL CHECK (pay_to ~ '^0x[0-9a-f]{40}$'),
  nonce               text NOT NULL CHECK (nonce ~ '^0x[0-9a-f]+$'),
  amount              numeric(78, 0) NOT NULL CHECK (amount >= 0),
  protocol_version    smallint NOT NULL CHECK (protocol_version IN (1, 2)),
  request_fingerprint text NOT NULL,
  state               text NOT NULL,
  settlement_tx       text CHECK (settlement_tx ~ '^0x[0-9a-f]{64}$'),
  error_code          text,
  result_hash         text,
  attempts            integer NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payment_ledger_state_check CHECK (state IN ('claimed', 'settling', 'settled', 'settle_failed', 'released')),
  CONSTRAINT payment_ledger_payment_key UNIQUE (network, asset, payer, nonce)
);
CREATE INDEX payment_ledger_created_idx ON payment_ledger (created_at DESC, seq DESC);
CREATE INDEX payment_ledger_state_created_idx ON payment_ledger (state, created_at DESC, seq DESC);
`,
};
