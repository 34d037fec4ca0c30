import { NOTARY_RETENTION_CLASSES, type NotaryRecord, type NotaryStore } from '@paysight/contracts';
import type { Queryable } from '../database.js';
import { StoreError, requireValidDate } from '../errors.js';
import { requirePruneLimit } from '../ledger/sql-ledger.js';

const COLUMNS = 'notary_id, key_hash, context_hash, challenge_hash, receipt_hash, response_hash, metadata_hash, secret_hash, secret_key_id, retention_class, created_at, expires_at';

/**
 * One statement: insert, or take the place of an expired record with the same id (its creator's
 * content no longer counts); a live record stays as it is and no row comes back. Concurrent inserts
 * of one id serialize on the primary key, so exactly one of them writes.
 */
const CREATE_SQL = `
INSERT INTO notary_records AS r (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
ON CONFLICT (notary_id) DO UPDATE SET ${COLUMNS.split(', ')
  .filter((c) => c !== 'notary_id')
  .map((c) => `${c} = EXCLUDED.${c}`)
  .join(', ')}
 WHERE r.expires_at <= EXCLUDED.created_at
RETURNING ${COLUMNS}`;

const FIND_SQL = `SELECT ${COLUMNS} FROM notary_records WHERE notary_id = $1 AND expires_at > $2`;

// SKIP LOCKED: instances purging together delete different rows instead of waiting on each other.
const PURGE_SQL = `
WITH purged AS (
  DELETE FROM notary_records
   WHERE notary_id IN (SELECT notary_id FROM notary_records WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
  RETURNING 1
)
SELECT count(*)::int AS n FROM purged`;

interface NotaryRow {
  notary_id: string;
  key_hash: string;
  context_hash: string;
  challenge_hash: string | null;
  receipt_hash: string | null;
  response_hash: string | null;
  metadata_hash: string | null;
  secret_hash: string;
  secret_key_id: string;
  retention_class: NotaryRecord['retentionClass'];
  created_at: Date;
  expires_at: Date;
}

export class SqlNotaryStore implements NotaryStore {
  constructor(private readonly db: Queryable) {}

  async create(record: NotaryRecord): Promise<{ created: boolean; record: NotaryRecord }> {
    checkRecord(record);
    const params = [
      record.notaryId,
      record.keyHash,
      record.contextHash,
      record.challengeHash,
      record.receiptHash,
      record.responseHash,
      record.metadataHash,
      record.secretHash,
      record.secretKeyId,
      record.retentionClass,
      record.createdAt,
      record.expiresAt,
    ];
    const [written] = await this.query(CREATE_SQL, params);
    if (written) return { created: true, record: toRecord(written) };
    // A live record holds the id: the caller gets it (replay or mismatch is the tool's call).
    const existing = await this.find(record.notaryId, record.createdAt);
    if (!existing) throw new StoreError('query_failed', 'the notary record holding this id vanished during the create');
    return { created: false, record: existing };
  }

  async find(notaryId: string, now: Date): Promise<NotaryRecord | null> {
    requireValidDate('now', now);
    const [row] = await this.query(FIND_SQL, [notaryId, now]);
    return row ? toRecord(row) : null;
  }

  async purgeExpired(now: Date, limit: number): Promise<number> {
    requireValidDate('now', now);
    requirePruneLimit(limit);
    const [row] = await this.db.query<{ n: number }>(PURGE_SQL, [now, limit]);
    return row?.n ?? 0;
  }

  private query(sql: string, params: readonly unknown[]): Promise<NotaryRow[]> {
    return this.db.query<NotaryRow>(sql, params);
  }
}

function toRecord(row: NotaryRow): NotaryRecord {
  return {
    notaryId: row.notary_id,
    keyHash: row.key_hash,
    contextHash: row.context_hash,
    challengeHash: row.challenge_hash,
    receiptHash: row.receipt_hash,
    responseHash: row.response_hash,
    metadataHash: row.metadata_hash,
    secretHash: row.secret_hash,
    secretKeyId: row.secret_key_id,
    retentionClass: row.retention_class,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}


/** Refused here with a clear message rather than by a check constraint with a database one. */
function checkRecord(record: NotaryRecord): void {
  if (!NOTARY_RETENTION_CLASSES.includes(record.retentionClass)) throw new StoreError('invalid_input', `retentionClass must be one of ${NOTARY_RETENTION_CLASSES.join(', ')}`);
  requireValidDate('createdAt', record.createdAt);
  requireValidDate('expiresAt', record.expiresAt);
  if (record.expiresAt <= record.createdAt) throw new StoreError('invalid_input', 'expiresAt must be after createdAt');
}
