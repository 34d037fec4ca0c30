import { randomBytes } from 'node:crypto';
import type { ReportStore, SavedReportRecord } from '@paysight/contracts';
import type { Queryable } from '../database.js';
import { StoreError } from '../errors.js';

/** 32 random bytes: 256 bits nobody can guess or enumerate. */
const REPORT_ID_BYTES = 32;
/** The base64url form of REPORT_ID_BYTES, without padding. */
const REPORT_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A report larger than this is refused rather than stored (a deep report is a few hundred kB). */
export const MAX_REPORT_DOCUMENT_BYTES = 4 * 1024 * 1024;

interface ReportRow {
  id: string;
  tool_id: string;
  chain: string;
  subject: string;
  created_at: Date;
  document: unknown;
}

export class SqlReportStore implements ReportStore {
  constructor(private readonly db: Queryable) {}

  async save(report: Pick<SavedReportRecord, 'toolId' | 'chain' | 'subject' | 'document'>): Promise<SavedReportRecord> {
    const params = [newReportId(), text('toolId', report.toolId), text('chain', report.chain), text('subject', report.subject), documentJson(report.document)];
    const [row] = await this.db.query<ReportRow>(
      `INSERT INTO saved_reports (id, tool_id, chain, subject, document) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING *`,
      params,
    );
    if (!row) throw new StoreError('query_failed', 'saving the report returned no row');
    return toRecord(row);
  }

  async get(id: string): Promise<SavedReportRecord | null> {
    // A malformed id cannot name a report: answer as for an unknown one, without asking the database.
    if (typeof id !== 'string' || !REPORT_ID_PATTERN.test(id)) return null;
    const [row] = await this.db.query<ReportRow>('SELECT * FROM saved_reports WHERE id = $1', [id]);
    return row ? toRecord(row) : null;
  }
}

export function newReportId(): string {
  return randomBytes(REPORT_ID_BYTES).toString('base64url');
}

function toRecord(row: ReportRow): SavedReportRecord {
  return { id: row.id, toolId: row.tool_id, chain: row.chain, subject: row.subject, createdAt: row.created_at, document: row.document };
}

function text(field: string, value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw new StoreError('invalid_input', `${field} must be a non-empty string`);
  return value;
}

/** The document as JSON text, refused when it is not JSON or too large to keep. */
function documentJson(document: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(document);
  } catch (error) {
    throw new StoreError('invalid_input', 'document must be serialisable as JSON', { cause: error });
  }
  if (json === undefined) throw new StoreError('invalid_input', 'document must be a JSON value');
  if (Buffer.byteLength(json) > MAX_REPORT_DOCUMENT_BYTES) {
    throw new StoreError('invalid_input', `document must be at most ${MAX_REPORT_DOCUMENT_BYTES} bytes as JSON`);
  }
  return json;
}
