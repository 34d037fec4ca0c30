import type { Store } from '@paysight/contracts';
import { openStore } from '../src/index.js';
import { MIGRATIONS } from '../src/migrations/index.js';
import type { SqlStore } from '../src/store.js';
import { claimOf, claimedEntry, newClaim, newReport } from './fixtures.js';
import { describePostgres, dropSchema, freshSchema } from './postgres.js';

const INSTANCES = 5;

describePostgres('PostgreSQL shared by several API instances', (databaseUrl) => {
  const schema = freshSchema('instances');
  const stores: Store[] = [];
  const open = () => openStore({ databaseUrl, schema });

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await dropSchema(databaseUrl, schema);
  });

  test('instances starting at once on a fresh schema migrate it exactly once', async () => {
    const opened = await Promise.allSettled(Array.from({ length: INSTANCES }, open));
    for (const result of opened) if (result.status === 'fulfilled') stores.push(result.value);
    expect(opened.map((result) => result.status)).toEqual(Array(INSTANCES).fill('fulfilled'));
    const applied = await (stores[0] as SqlStore).db.query('SELECT version FROM schema_migrations ORDER BY version');
    expect(applied).toEqual(MIGRATIONS.map(({ version }) => ({ version })));
  });

  test('opening again keeps the rows', async () => {
    const entry = claimedEntry(await stores[0]!.ledger.claim(newClaim()));
    const again = await open();
    stores.push(again);
    await expect(again.ledger.get(entry.x402RequestId)).resolves.toEqual(entry);
  });

  test('20 claims of one payment spread over the instances: exactly one wins', async () => {
    const claim = newClaim();
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => stores[i % stores.length]!.ledger.claim({ ...claim, requestId: `req_${i}` })));
    expect(outcomes.filter((outcome) => outcome.claimed)).toHaveLength(1);
  });

  test('many payments, each claimed 20 times at once over the instances: exactly one claim wins each, none errs', async () => {
    const claims = Array.from({ length: 15 }, newClaim);
    const outcomes = await Promise.all(
      claims.flatMap((claim) => Array.from({ length: 20 }, (_, i) => stores[i % stores.length]!.ledger.claim({ ...claim, requestId: `req_${i}` }))),
    );
    for (const claim of claims) {
      const mine = outcomes.filter((outcome) => (outcome.claimed ? outcome.entry : outcome.existing).x402RequestId === claim.x402RequestId);
      expect({ claims: mine.length, winners: mine.filter((outcome) => outcome.claimed).length }).toEqual({ claims: 20, winners: 1 });
    }
  });

  test('a payment claimed on one instance is seen, moved and refused on the others', async () => {
    const [a, b, c] = stores as [Store, Store, Store];
    const entry = claimedEntry(await a.ledger.claim(newClaim()));
    const settling = await b.ledger.transition(entry.x402RequestId, ['claimed'], 'settling');
    expect(settling).toMatchObject({ state: 'settling' });
    await expect(c.ledger.claim({ ...claimOf(entry), requestId: 'req_elsewhere' })).resolves.toEqual({ claimed: false, existing: settling });
  });

  test('a report saved on one instance is found by every other', async () => {
    const report = await stores[0]!.reports.save(newReport());
    await expect(Promise.all(stores.map((store) => store.reports.get(report.id)))).resolves.toEqual(stores.map(() => report));
  });
});
