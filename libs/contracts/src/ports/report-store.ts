/** A report kept under an unguessable id, reachable only by whoever holds its URL. */
export interface SavedReportRecord {
  /** At least 128 random bits, URL-safe. */
  id: string;
  toolId: string;
  chain: string;
  /** What the report is about, e.g. the wallet address. */
  subject: string;
  createdAt: Date;
  /** The report itself (JSON), as the tool produced it. */
  document: unknown;
}

export interface ReportStore {
  /** Stores a report under a fresh random id. */
  save(report: Pick<SavedReportRecord, 'toolId' | 'chain' | 'subject' | 'document'>): Promise<SavedReportRecord>;
  /** null for an unknown id (never says whether an id ever existed). */
  get(id: string): Promise<SavedReportRecord | null>;
}
