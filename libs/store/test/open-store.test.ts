import { openStore } from '../src/index.js';
import { MIGRATIONS } from '../src/migrations/index.js';

describe('openStore refuses what it cannot use, without leaking secrets', () => {
  test.each(['Public', 'drop table x', '1schema', 'a'.repeat(64)])('schema %p', async (schema) => {
    await expect(openStore({ dataDir: 'memory://', schema })).rejects.toMatchObject({ name: 'StoreError', code: 'invalid_config' });
  });

  test.each(['mysql://paysight:s3cret-pw@127.0.0.1/db', 'paysight:s3cret-pw@127.0.0.1'])('databaseUrl %p', async (databaseUrl) => {
    const error = await openStore({ databaseUrl }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'StoreError', code: 'invalid_config' });
    expect((error as Error).message).not.toContain('s3cret-pw');
  });

  test('an unreachable PostgreSQL is reported unavailable', async () => {
    // Port 1 on the loopback: refused at once.
    const error = await openStore({ databaseUrl: 'postgres://paysight:s3cret-pw@127.0.0.1:1/paysight' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'StoreError', code: 'unavailable' });
    expect((error as Error).message).not.toContain('s3cret-pw');
  });
});

test('migrations are numbered 1, 2, 3, ... with distinct names', () => {
  expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  expect(new Set(MIGRATIONS.map((m) => m.name)).size).toBe(MIGRATIONS.length);
});
