import type { Migration } from './migration.js';

/**
 * Who may get a kept answer. `signature_hash` (sha-256 of the payment's signature) lets a replay serve
 * the answer only to the holder of the signed payment, not to anyone who read payer and nonce on chain.
 * `payment_identifiers` remembers each client payment identifier (x402 `payment-identifier` extension),
 * per payer, with the request it was first used for and the payment answering for it.
 */
export const paymentIdentity: Migration = {
  version: 5,
  name: 'payment_identity',
  sql: `
ALTER TABLE payment_ledger ADD COLUMN signature_hash text;
CREATE TABLE payment_identifiers (
  payer               text        NOT NULL CHECK (payer ~ '^0x[0-9a-f]{40}$'),
  payment_id          text        NOT NULL CHECK (char_length(payment_id) BETWEEN 16 AND 128),
  request_fingerprint text        NOT NULL,
  x402_request_id     text        NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (payer, payment_id)
);
`,
};
