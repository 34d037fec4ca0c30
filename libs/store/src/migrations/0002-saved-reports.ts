import type { Migration } from './migration.js';

/**
 * Saved reports, reached only through their unguessable id (43 base64url characters: 32 random
 * bytes). The id check keeps anything else out of the primary key; the document is the report as
 * the tool produced it.
 */
export const savedReports: Migration = {
  version: 2,
  name: 'saved_reports',
  sql: `
CREATE TABLE saved_reports (
  id         text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{43}$'),
  tool_id    text NOT NULL CHECK (tool_id <> ''),
  chain      text NOT NULL CHECK (chain <> ''),
  subject    text NOT NULL CHECK (subject <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  document   jsonb NOT NULL
);
`,
};
