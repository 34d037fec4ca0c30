/**
 * Hash-only provenance records of x402-response-provenance-notary (design sheet x402-family.md §A.4),
 * the one x402-* tool that keeps state. A record holds hashes and times only: no label, body or
 * lookup secret in clear.
 */

export const NOTARY_RETENTION_CLASSES = ['short', 'standard', 'support'] as const;
export type NotaryRetentionClass = (typeof NOTARY_RETENTION_CLASSES)[number];
/** Days a record is served, by retention class; an expired record is answered as unknown and purged. */
export const NOTARY_RETENTION_DAYS: Readonly<Record<NotaryRetentionClass, number>> = { short: 7, standard: 30, support: 180 };

export interface NotaryRecord {
  /** "ntr_" + 32 base32 characters, derived from keyHash. */
  notaryId: string;
  /** HASH({scope_hash, idempotency_key}): the idempotency key as scoped by its caller. */
  keyHash: string;
  /** HASH of the normalized labels the record was created with. */
  contextHash: string;
  challengeHash: string | null;
  receiptHash: string | null;
  responseHash: string | null;
  metadataHash: string | null;
  /** Hex SHA-256 of the lookup secret: the secret itself is given to the caller once and never kept. */
  secretHash: string;
  /** Id of the server notary key that derived the lookup secret (key rotation). */
  secretKeyId: string;
  retentionClass: NotaryRetentionClass;
  createdAt: Date;
  expiresAt: Date;
}

/** What the notary tool may do with the records. */
export interface NotaryRecords {
  /**
   * Writes the record unless a live record with its notaryId exists (an expired one is replaced).
   * Concurrent creates of one notaryId write exactly one record: every caller gets that record, and
   * `created` is true for the one that wrote it.
   */
  create(record: NotaryRecord): Promise<{ created: boolean; record: NotaryRecord }>;
  /** The live record (expiresAt after `now`); null when unknown or expired. */
  find(notaryId: string, now: Date): Promise<NotaryRecord | null>;
}

/** The store's side: the tool's operations and the purge of expired records. */
export interface NotaryStore extends NotaryRecords {
  /** Deletes up to `limit` records expired at `now` (expiresAt at or before it); resolves with how many. */
  purgeExpired(now: Date, limit: number): Promise<number>;
}

/** The server notary key (NOTARY_KEY, NOTARY_KEY_ID): derives lookup secrets; only its id is stored with a record. */
export interface NotaryKey {
  readonly id: string;
  /** base64url(HMAC-SHA256(key, notaryId)), 43 characters. */
  lookupSecret(notaryId: string): string;
}

/** What the notary tool is given: its records and the key. */
export interface NotaryPort {
  records: NotaryRecords;
  key: NotaryKey;
}
