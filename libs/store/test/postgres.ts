import { randomBytes } from 'node:crypto';
import pg from 'pg';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Runs `body` against TEST_DATABASE_URL; without it the tests are skipped, saying so. */
export function describePostgres(title: string, body: (databaseUrl: string) => void): void {
  if (!TEST_DATABASE_URL) {
    // Straight to stderr: jest's default reporter drops console output of files whose tests are all skipped.
    process.stderr.write(`Skipping "${title}": TEST_DATABASE_URL is not set (for example postgres://postgres@127.0.0.1:5432/test).\n`);
    describe.skip(title, () => body(''));
    return;
  }
  describe(title, () => body(TEST_DATABASE_URL));
}

/** A schema no other run uses, so test files never see each other's rows. */
export function freshSchema(label: string): string {
  return `test_${label}_${randomBytes(6).toString('hex')}`;
}

export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
