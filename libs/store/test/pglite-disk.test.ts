import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../src/index.js';
import { MIGRATIONS } from '../src/migrations/index.js';
import type { SqlStore } from '../src/store.js';
import { OPEN_TIMEOUT_MS, assertPgliteCanLoad, claimedEntry, newClaim, newReport } from './fixtures.js';

describe('PGlite on disk', () => {
  let root: string;
  beforeAll(async () => {
    assertPgliteCanLoad();
    root = await mkdtemp(join(tmpdir(), 'paysight-store-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  test(
    'a reopened data directory keeps its payments and reports and applies no migration twice',
    async () => {
      const dataDir = join(root, 'not', 'yet', 'there');
      const first = await openStore({ dataDir });
      let settled, report;
      try {
        expect(first.kind).toBe('pglite');
        const entry = claimedEntry(await first.ledger.claim(newClaim()));
        settled = await first.ledger.transition(entry.x402RequestId, ['claimed'], 'settled', { settlementTx: `0x${'cd'.repeat(32)}` });
        expect(settled).not.toBeNull();
        report = await first.reports.save(newReport());
      } finally {
        await first.close();
      }

      const second = await openStore({ dataDir });
      try {
        await expect(second.ledger.get(settled!.x402RequestId)).resolves.toEqual(settled);
        await expect(second.reports.get(report.id)).resolves.toEqual(report);
        const applied = await (second as SqlStore).db.query('SELECT version FROM schema_migrations ORDER BY version');
        expect(applied).toEqual(MIGRATIONS.map(({ version }) => ({ version })));
      } finally {
        await second.close();
      }
    },
    OPEN_TIMEOUT_MS,
  );
});
