import { createHash, randomUUID } from 'node:crypto';
import type { NotaryRecord, Store } from '@paysight/contracts';
import { SqlStore } from '../src/store.js';
import { OPEN_TIMEOUT_MS } from './fixtures.js';

const T0 = Date.parse('2026-11-24T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(T0 + days * DAY);
const hex = (seed: string) => createHash('sha256').update(seed).digest('hex');
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A fresh record (its own id and key hash); every field can be overridden. */
function record(over: Partial<NotaryRecord> = {}): NotaryRecord {
  const seed = randomUUID();
  const id = [...hex(seed).slice(0, 32)].map((c) => BASE32[parseInt(c, 16)]).join('');
  return {
    notaryId: `ntr_${id}`,
    keyHash: `sha256:${hex(`key${seed}`)}`,
    contextHash: `sha256:${hex(`context${seed}`)}`,
    challengeHash: null,
    receiptHash: null,
    responseHash: `sha256:${'0'.repeat(64)}`,
    metadataHash: null,
    secretHash: hex(`secret${seed}`),
    secretKeyId: 'k1',
    retentionClass: 'short',
    createdAt: at(0),
    expiresAt: at(7),
    ...over,
  };
}

/** The notary records on either driver: each test writes records of its own. */
export function describeNotarySuite(kind: Store['kind'], open: () => Promise<Store>): void {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  }, OPEN_TIMEOUT_MS);
  afterAll(() => store?.close());

  test(`${kind}: keeps hashes, the retention class and times only: no column for a label, a body or the secret in clear`, async () => {
    if (!(store instanceof SqlStore)) throw new Error('openStore must return a SqlStore');
    const columns = await store.db.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position', [store.db.schema, 'notary_records']);
    expect(columns.map((c) => c.column_name)).toEqual([
      'notary_id',
      'key_hash',
      'context_hash',
      'challenge_hash',
      'receipt_hash',
      'response_hash',
      'metadata_hash',
      'secret_hash',
      'secret_key_id',
      'retention_class',
      'created_at',
      'expires_at',
    ]);
  });

  test(`${kind}: writes a record once; a second create of the id gets the record as it is, unchanged`, async () => {
    const first = record();
    await expect(store.notary.create(first)).resolves.toEqual({ created: true, record: first });
    const other = { ...first, responseHash: `sha256:${'1'.repeat(64)}`, createdAt: at(1), expiresAt: at(8) };
    await expect(store.notary.create(other)).resolves.toEqual({ created: false, record: first });
    await expect(store.notary.find(first.notaryId, at(1))).resolves.toEqual(first);
  });

  test(`${kind}: 20 concurrent creates of one id write exactly one record, and all of them get it`, async () => {
    const base = record();
    const attempts = Array.from({ length: 20 }, (_, i) => ({ ...base, secretHash: hex(`attempt${i}`) }));
    const outcomes = await Promise.all(attempts.map((r) => store.notary.create(r)));
    const winners = outcomes.filter((o) => o.created);
    expect(winners).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.record.secretHash))).toEqual(new Set([winners[0]!.record.secretHash]));
    if (!(store instanceof SqlStore)) throw new Error('openStore must return a SqlStore');
    const rows = await store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notary_records WHERE notary_id = $1', [base.notaryId]);
    expect(rows[0]?.n).toBe(1);
  });

  test(`${kind}: an expired record is not found, and a create of its id takes its place`, async () => {
    const old = record({ createdAt: at(0), expiresAt: at(7) });
    await store.notary.create(old);
    await expect(store.notary.find(old.notaryId, at(7))).resolves.toBeNull();
    await expect(store.notary.find(old.notaryId, new Date(at(7).getTime() - 1))).resolves.toEqual(old);
    const fresh = { ...old, responseHash: `sha256:${'2'.repeat(64)}`, retentionClass: 'support' as const, createdAt: at(10), expiresAt: at(190) };
    await expect(store.notary.create(fresh)).resolves.toEqual({ created: true, record: fresh });
    await expect(store.notary.find(old.notaryId, at(11))).resolves.toEqual(fresh);
  });

  test(`${kind}: unknown ids are not found`, async () => {
    await expect(store.notary.find(record().notaryId, at(0))).resolves.toBeNull();
    await expect(store.notary.find('not an id', at(0))).resolves.toBeNull();
  });

  test(`${kind}: purgeExpired deletes expired records only, at most limit at a time`, async () => {
    // Far in the future, so that no other test's record is in the way of the counts.
    const base = 1000;
    const expired = [record({ createdAt: at(base), expiresAt: at(base + 1) }), record({ createdAt: at(base), expiresAt: at(base + 2) })];
    const live = record({ createdAt: at(base), expiresAt: at(base + 30) });
    for (const r of [...expired, live]) await store.notary.create(r);
    const now = at(base + 2);
    const purge = async () => {
      let total = 0;
      for (let n = await store.notary.purgeExpired(now, 1); n > 0; n = await store.notary.purgeExpired(now, 1)) total += n;
      return total;
    };
    expect(await purge()).toBeGreaterThanOrEqual(2);
    if (!(store instanceof SqlStore)) throw new Error('openStore must return a SqlStore');
    const left = await store.db.query<{ notary_id: string }>('SELECT notary_id FROM notary_records WHERE notary_id = ANY($1::text[])', [[...expired, live].map((r) => r.notaryId)]);
    expect(left.map((r) => r.notary_id)).toEqual([live.notaryId]);
    await expect(store.notary.purgeExpired(now, 0)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  test(`${kind}: refuses a record that would expire before it was created, an unknown class or a malformed hash`, async () => {
    await expect(store.notary.create(record({ expiresAt: at(0) }))).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(store.notary.create(record({ retentionClass: 'forever' as never }))).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(store.notary.create(record({ responseHash: 'sha256:xyz' }))).rejects.toMatchObject({ name: 'StoreError' });
  });
}
