import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { LEDGER_STATES, type LedgerEntry, type LedgerState, type Store } from '@paysight/contracts';
import type { Database } from '../src/database.js';
import { migrate } from '../src/migrate.js';
import { MIGRATIONS } from '../src/migrations/index.js';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, MAX_PRUNE_LIMIT } from '../src/ledger/sql-ledger.js';
import { MAX_RESULT_JSON_BYTES } from '../src/ledger/rows.js';
import { MAX_REPORT_DOCUMENT_BYTES, newReportId } from '../src/reports/sql-report-store.js';
import { SqlStore } from '../src/store.js';
import { OPEN_TIMEOUT_MS, claimOf, claimedEntry, newClaim, newReport, randomAddress } from './fixtures.js';

/**
 * The behaviour every adapter must show. `open` is called once per file; tests create their own
 * payments, so they never depend on each other's rows (only `list` relies on running in order).
 */
export function describeStoreSuite(kind: Store['kind'], open: () => Promise<Store>): void {
  let store: Store;
  let db: Database;

  beforeAll(async () => {
    store = await open();
    if (!(store instanceof SqlStore)) throw new Error('openStore must return a SqlStore');
    db = store.db;
  }, OPEN_TIMEOUT_MS);
  afterAll(() => store?.close());

  const claimNew = async (overrides = {}): Promise<LedgerEntry> => claimedEntry(await store.ledger.claim(newClaim(overrides)));
  const move = async (entry: LedgerEntry, to: LedgerState): Promise<LedgerEntry> => {
    const moved = await store.ledger.transition(entry.x402RequestId, [entry.state], to);
    if (!moved) throw new Error(`could not move ${entry.x402RequestId} to ${to}`);
    return moved;
  };

  test(`is a ${kind} store that answers ping`, async () => {
    expect(store.kind).toBe(kind);
    await expect(store.ping()).resolves.toBe(true);
  });

  describe('migrations', () => {
    test('every migration is applied and recorded once', async () => {
      const rows = await db.query('SELECT version, name FROM schema_migrations ORDER BY version');
      expect(rows).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
    });

    test('running them again applies nothing', async () => {
      await expect(migrate(db)).resolves.toEqual([]);
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(row?.n).toBe(MIGRATIONS.length);
    });

    test('a failing migration is rolled back whole', async () => {
      const broken = { version: MIGRATIONS.length + 1, name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT 1 / 0;' };
      await expect(migrate(db, [...MIGRATIONS, broken])).rejects.toMatchObject({ name: 'StoreError', code: 'migration_failed', sqlState: '22012' });
      await expect(db.query('SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = $2', [db.schema, 'half_done'])).resolves.toEqual([]);
      await expect(db.query('SELECT 1 FROM schema_migrations WHERE version = $1', [broken.version])).resolves.toEqual([]);
    });
  });

  describe('claim', () => {
    test('inserts a claimed row: stored lower-case, returned with checksummed addresses', async () => {
      const claim = newClaim();
      const asSent = {
        ...claim,
        asset: claim.asset.toLowerCase() as typeof claim.asset,
        payer: claim.payer.toLowerCase() as typeof claim.payer,
        payTo: `0x${claim.payTo.slice(2).toUpperCase()}` as typeof claim.payTo,
        nonce: `0x${claim.nonce.slice(2).toUpperCase()}` as typeof claim.nonce,
      };
      const outcome = await store.ledger.claim(asSent);
      const expected: LedgerEntry = {
        ...claim,
        state: 'claimed',
        settlementTx: null,
        errorCode: null,
        resultHash: null,
        resultJson: null,
        signedReceipt: null,
        attempts: 1,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      };
      expect(outcome).toEqual({ claimed: true, entry: expected });
      await expect(store.ledger.get(claim.x402RequestId)).resolves.toEqual(claimedEntry(outcome));
      const [raw] = await db.query('SELECT asset, payer, pay_to, nonce FROM payment_ledger WHERE x402_request_id = $1', [claim.x402RequestId]);
      expect(raw).toEqual({ asset: claim.asset.toLowerCase(), payer: claim.payer.toLowerCase(), pay_to: claim.payTo.toLowerCase(), nonce: claim.nonce });
    });

    test.each(LEDGER_STATES.filter((state) => state !== 'released'))('a payment already %s is returned unchanged', async (state) => {
      const first = await claimNew();
      const current = state === 'claimed' ? first : await move(first, state);
      const again = await store.ledger.claim({ ...claimOf(first), requestId: 'req_second_copy' });
      expect(again).toEqual({ claimed: false, existing: current });
      await expect(store.ledger.get(first.x402RequestId)).resolves.toEqual(current);
    });

    test('the payment key decides, whatever the id or the case of the addresses', async () => {
      const first = await claimNew();
      const copy = { ...claimOf(first), x402RequestId: `${first.x402RequestId}_copy`, payer: first.payer.toLowerCase() as typeof first.payer };
      await expect(store.ledger.claim(copy)).resolves.toEqual({ claimed: false, existing: first });
      await expect(store.ledger.get(copy.x402RequestId)).resolves.toBeNull();
    });

    test('a released payment is re-claimed by the next request, once', async () => {
      const first = await claimNew();
      const released = await store.ledger.transition(first.x402RequestId, ['claimed'], 'released', { errorCode: 'chain_unavailable' });
      expect(released).toMatchObject({ state: 'released', errorCode: 'chain_unavailable' });
      const retry = claimedEntry(await store.ledger.claim({ ...claimOf(first), requestId: 'req_retry' }));
      expect(retry).toEqual({ ...released, state: 'claimed', requestId: 'req_retry', errorCode: null, attempts: 2, updatedAt: expect.any(Date) });
      expect(retry.updatedAt.getTime()).toBeGreaterThanOrEqual(released!.updatedAt.getTime());
      await expect(store.ledger.claim({ ...claimOf(first), requestId: 'req_third' })).resolves.toEqual({ claimed: false, existing: retry });
    });

    test('20 concurrent claims of one payment: exactly one wins', async () => {
      const claim = newClaim();
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => store.ledger.claim({ ...claim, requestId: `req_${i}` })));
      const winners = outcomes.flatMap((o) => (o.claimed ? [o.entry] : []));
      expect(winners).toHaveLength(1);
      expect(outcomes.flatMap((o) => (o.claimed ? [] : [o.existing]))).toEqual(Array(19).fill(winners[0]));
      await expect(store.ledger.get(claim.x402RequestId)).resolves.toEqual(winners[0]);
    });

    test('20 concurrent re-claims of a released payment: exactly one wins, and the others see its claim, never the released row', async () => {
      const first = await claimNew();
      await move(first, 'released');
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => store.ledger.claim({ ...claimOf(first), requestId: `req_${i}` })));
      const winners = outcomes.flatMap((o) => (o.claimed ? [o.entry] : []));
      expect(winners).toHaveLength(1);
      expect(outcomes.flatMap((o) => (o.claimed ? [] : [o.existing]))).toEqual(Array(19).fill(winners[0]));
      await expect(store.ledger.get(first.x402RequestId)).resolves.toMatchObject({ state: 'claimed', attempts: 2 });
    });
  });

  describe('transition', () => {
    test('moves the row only from the listed states', async () => {
      const entry = await claimNew();
      await expect(store.ledger.transition(entry.x402RequestId, ['settling', 'released'], 'settled')).resolves.toBeNull();
      await expect(store.ledger.get(entry.x402RequestId)).resolves.toEqual(entry);
      const settling = await store.ledger.transition(entry.x402RequestId, ['released', 'claimed'], 'settling');
      expect(settling).toEqual({ ...entry, state: 'settling', updatedAt: expect.any(Date) });
      await expect(store.ledger.transition(entry.x402RequestId, ['claimed'], 'settling')).resolves.toBeNull();
      await expect(store.ledger.get(entry.x402RequestId)).resolves.toEqual(settling);
    });

    test('the patch sets the fields it names, null clears, absent fields are kept', async () => {
      const entry = await claimNew();
      const resultHash = `sha256:${'ab'.repeat(32)}`;
      const settling = await store.ledger.transition(entry.x402RequestId, ['claimed'], 'settling', { resultHash, errorCode: 'settle_timeout' });
      expect(settling).toMatchObject({ state: 'settling', resultHash, errorCode: 'settle_timeout', settlementTx: null });
      const tx = `0x${'AB12'.repeat(16)}` as const;
      const settled = await store.ledger.transition(entry.x402RequestId, ['settling'], 'settled', { settlementTx: tx, errorCode: null });
      expect(settled).toMatchObject({ state: 'settled', settlementTx: tx.toLowerCase(), errorCode: null, resultHash });
    });

    test('10 concurrent transitions out of one state: exactly one moves the row', async () => {
      const entry = await claimNew();
      const results = await Promise.all(Array.from({ length: 10 }, () => store.ledger.transition(entry.x402RequestId, ['claimed'], 'settling')));
      expect(results.filter((r) => r !== null)).toHaveLength(1);
    });

    test('a guard on the claimant: only the request that claimed the row moves it', async () => {
      const entry = await claimNew();
      await expect(store.ledger.transition(entry.x402RequestId, ['claimed'], 'settling', {}, { requestId: 'req_someone_else' })).resolves.toBeNull();
      await expect(store.ledger.transition(entry.x402RequestId, ['claimed'], 'settling', {}, { requestId: entry.requestId })).resolves.toMatchObject({ state: 'settling' });
    });

    test('a guard on the last touch: the row moves only if untouched since then; a move to the same state touches it (a lease renewal)', async () => {
      const entry = await claimNew();
      await expect(store.ledger.transition(entry.x402RequestId, ['claimed'], 'released', {}, { updatedBefore: entry.updatedAt })).resolves.toBeNull();
      const renewed = await store.ledger.transition(entry.x402RequestId, ['claimed'], 'claimed', {}, { requestId: entry.requestId });
      expect(renewed!.updatedAt.getTime()).toBeGreaterThanOrEqual(entry.updatedAt.getTime());
      const cutoff = new Date(renewed!.updatedAt.getTime() + 1);
      const takers = await Promise.all(Array.from({ length: 5 }, () => store.ledger.transition(entry.x402RequestId, ['claimed'], 'released', { errorCode: 'claim_abandoned' }, { updatedBefore: cutoff })));
      expect(takers.filter((r) => r !== null)).toEqual([expect.objectContaining({ state: 'released', errorCode: 'claim_abandoned' })]);
      await expect(store.ledger.transition(entry.x402RequestId, ['released'], 'claimed', {}, { updatedBefore: new Date(Number.NaN) })).rejects.toMatchObject({ code: 'invalid_input' });
    });

    test('an unknown id or an empty list of source states changes nothing', async () => {
      const entry = await claimNew();
      await expect(store.ledger.transition('x402_unknown', ['claimed'], 'settling')).resolves.toBeNull();
      await expect(store.ledger.transition(entry.x402RequestId, [], 'settling')).resolves.toBeNull();
      await expect(store.ledger.get(entry.x402RequestId)).resolves.toEqual(entry);
      await expect(store.ledger.get('x402_unknown')).resolves.toBeNull();
    });

    test('the database accepts every LEDGER_STATE and refuses any other', async () => {
      for (const state of LEDGER_STATES) {
        await expect(move(await claimNew(), state)).resolves.toMatchObject({ state });
      }
      const entry = await claimNew();
      await expect(db.query(`UPDATE payment_ledger SET state = 'refunded' WHERE x402_request_id = $1`, [entry.x402RequestId])).rejects.toMatchObject({
        name: 'StoreError',
        code: 'invalid_input',
        sqlState: '23514',
      });
    });
  });

  describe('kept results', () => {
    const resultHash = `sha256:${'cd'.repeat(32)}`;
    const settleWith = async (resultJson: unknown): Promise<LedgerEntry> => {
      const settling = await move(await claimNew(), 'settling');
      const settled = await store.ledger.transition(settling.x402RequestId, ['settling'], 'settled', { resultHash, resultJson });
      if (!settled) throw new Error('could not settle');
      return settled;
    };

    test('the settled transition keeps the served answer as JSON, big integers and unicode intact', async () => {
      const answer = newReport().document;
      const settled = await settleWith(answer);
      expect(settled.resultJson).toEqual(answer);
      await expect(store.ledger.get(settled.x402RequestId)).resolves.toMatchObject({ resultJson: answer, resultHash });
    });

    test('the answer comes back with its keys in the order it was served', async () => {
      const settled = await settleWith({ zeta: 1, alpha: { b: 2, a: 1 }, mid: [3, { y: 1, x: 2 }] });
      const kept = await store.ledger.get(settled.x402RequestId);
      expect(JSON.stringify(kept?.resultJson)).toBe('{"zeta":1,"alpha":{"b":2,"a":1},"mid":[3,{"y":1,"x":2}]}');
    });

    test('the signed receipt is kept with the settled row, outlives the pruned answer, and is never pruned', async () => {
      const signedReceipt = { 'offer-receipt': { info: { receipt: { format: 'eip712', payload: { issuedAt: 1764000000 }, signature: `0x${'ab'.repeat(65)}` } } } };
      const settling = await move(await claimNew(), 'settling');
      const settled = await store.ledger.transition(settling.x402RequestId, ['settling'], 'settled', { resultHash, resultJson: { n: 9 }, signedReceipt });
      expect(settled?.signedReceipt).toEqual(signedReceipt);
      const [{ now }] = (await db.query<{ now: Date }>('SELECT now() AS now')) as [{ now: Date }];
      while ((await store.ledger.pruneResults(new Date(now.getTime() + 3_600_000), MAX_PRUNE_LIMIT)) > 0);
      await expect(store.ledger.get(settling.x402RequestId)).resolves.toMatchObject({ resultJson: null, signedReceipt });
    });

    test('a JSON string is kept as a string, not parsed', async () => {
      const settled = await settleWith('{"not":"an object"}');
      await expect(store.ledger.get(settled.x402RequestId)).resolves.toMatchObject({ resultJson: '{"not":"an object"}' });
    });

    test('pruning drops results last updated before the cut-off, keeps their hash, and is bounded by its limit', async () => {
      const settled = [await settleWith({ n: 1 }), await settleWith({ n: 2 }), await settleWith({ n: 3 })];
      const [{ now }] = (await db.query<{ now: Date }>('SELECT now() AS now')) as [{ now: Date }];
      // Nothing is older than an hour ago; an hour from now, every result is.
      await expect(store.ledger.pruneResults(new Date(now.getTime() - 3_600_000), 10)).resolves.toBe(0);
      for (const entry of settled) await expect(store.ledger.get(entry.x402RequestId)).resolves.toMatchObject({ resultJson: { n: expect.any(Number) } });

      const later = new Date(now.getTime() + 3_600_000);
      let pruned = 0;
      for (let round = 0; round < 100; round++) {
        const n = await store.ledger.pruneResults(later, 2);
        expect(n).toBeLessThanOrEqual(2);
        if (n === 0) break;
        pruned += n;
      }
      expect(pruned).toBeGreaterThanOrEqual(settled.length);
      for (const entry of settled) {
        await expect(store.ledger.get(entry.x402RequestId)).resolves.toMatchObject({ state: 'settled', resultJson: null, resultHash, updatedAt: entry.updatedAt });
      }
    });

    test('concurrent prunes drop each result once', async () => {
      await settleWith({ n: 4 });
      await settleWith({ n: 5 });
      const [{ now }] = (await db.query<{ now: Date }>('SELECT now() AS now')) as [{ now: Date }];
      const later = new Date(now.getTime() + 3_600_000);
      const counts = await Promise.all(Array.from({ length: 4 }, () => store.ledger.pruneResults(later, MAX_PRUNE_LIMIT)));
      const [{ left }] = (await db.query<{ left: number }>('SELECT count(*)::int AS left FROM payment_ledger WHERE result_json IS NOT NULL AND updated_at < $1', [later])) as [{ left: number }];
      expect(left).toBe(0);
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    });

    test.each([
      ['a limit of 0', () => store.ledger.pruneResults(new Date(), 0)],
      ['a limit above the maximum', () => store.ledger.pruneResults(new Date(), MAX_PRUNE_LIMIT + 1)],
      ['an invalid date', () => store.ledger.pruneResults(new Date(Number.NaN), 1)],
    ])('pruning refuses %s', async (_label, prune) => {
      await expect(prune()).rejects.toMatchObject({ name: 'StoreError', code: 'invalid_input' });
    });

    test('a result that is not JSON or too large is refused and the row left as it was', async () => {
      const settling = await move(await claimNew(), 'settling');
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      for (const resultJson of [cyclic, () => 1, { big: 'x'.repeat(MAX_RESULT_JSON_BYTES) }]) {
        await expect(store.ledger.transition(settling.x402RequestId, ['settling'], 'settled', { resultJson })).rejects.toMatchObject({ name: 'StoreError', code: 'invalid_input' });
      }
      await expect(store.ledger.get(settling.x402RequestId)).resolves.toEqual(settling);
    });
  });

  describe('list', () => {
    test('newest first, by state, up to the limit', async () => {
      const created: LedgerEntry[] = [];
      for (let i = 0; i < 3; i++) created.push(await claimNew());
      const ids = created.map((e) => e.x402RequestId);
      await expect(store.ledger.list({ limit: 3 }).then((rows) => rows.map((e) => e.x402RequestId))).resolves.toEqual([...ids].reverse());

      await move(created[1]!, 'settle_failed');
      const failed = await store.ledger.list({ state: 'settle_failed' });
      expect(failed.length).toBeGreaterThan(1);
      expect(failed.every((e) => e.state === 'settle_failed')).toBe(true);
      expect(failed[0]?.x402RequestId).toBe(ids[1]);

      const all = await store.ledger.list();
      expect(all.length).toBeLessThanOrEqual(DEFAULT_LIST_LIMIT);
      const times = all.map((e) => e.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    test('leastRecentlyUpdated: the rows untouched longest first (a transition to the same state touches a row)', async () => {
      const pending: LedgerEntry[] = [];
      for (let i = 0; i < 3; i++) pending.push(await move(await move(await claimNew(), 'settling'), 'settle_pending'));
      const ids = pending.map((e) => e.x402RequestId);
      const oldestFirst = async () => (await store.ledger.list({ state: 'settle_pending', order: 'leastRecentlyUpdated', limit: MAX_LIST_LIMIT })).map((e) => e.x402RequestId).filter((id) => ids.includes(id));
      await expect(oldestFirst()).resolves.toEqual(ids);
      await store.ledger.transition(ids[0]!, ['settle_pending'], 'settle_pending');
      await expect(oldestFirst()).resolves.toEqual([ids[1], ids[2], ids[0]]);
    });

    test('updatedBefore: only the rows last updated before the given time (the reconciler\'s abandoned rows)', async () => {
      const older = await move(await claimNew(), 'settling');
      const newer = await move(await claimNew(), 'settling');
      await db.query(`UPDATE payment_ledger SET updated_at = now() - interval '1 hour' WHERE x402_request_id = $1`, [older.x402RequestId]);
      const [{ now }] = (await db.query<{ now: Date }>('SELECT now() AS now')) as [{ now: Date }];
      const listed = (await store.ledger.list({ state: 'settling', updatedBefore: new Date(now.getTime() - 1_800_000), order: 'leastRecentlyUpdated', limit: MAX_LIST_LIMIT })).map((e) => e.x402RequestId);
      expect(listed).toContain(older.x402RequestId);
      expect(listed).not.toContain(newer.x402RequestId);
      await expect(store.ledger.list({ updatedBefore: new Date(Number.NaN) })).rejects.toMatchObject({ name: 'StoreError', code: 'invalid_input' });
    });

    test.each([0, 1.5, MAX_LIST_LIMIT + 1])('refuses limit %p', async (limit) => {
      await expect(store.ledger.list({ limit })).rejects.toMatchObject({ name: 'StoreError', code: 'invalid_input' });
    });
  });

  describe('invalid input is refused with invalid_input and stores nothing', () => {
    test.each([
      ['payer', '0x1234'],
      ['payTo', 'vitalik.eth'],
      ['nonce', '0xzz'],
      ['amount', '0.01'],
      ['amount', '-1'],
      ['protocolVersion', 3],
      ['requestId', ''],
      ['validBefore', '1.5'],
    ])('claim with %s = %p', async (field, value) => {
      const claim = newClaim({ [field]: value });
      await expect(store.ledger.claim(claim)).rejects.toMatchObject({ name: 'StoreError', code: 'invalid_input' });
      await expect(store.ledger.get(claim.x402RequestId)).resolves.toBeNull();
    });

    test('an x402RequestId already taken by another payment', async () => {
      const first = await claimNew();
      const other = newClaim({ x402RequestId: first.x402RequestId });
      await expect(store.ledger.claim(other)).rejects.toMatchObject({ code: 'invalid_input', sqlState: '23505' });
      await expect(store.ledger.get(first.x402RequestId)).resolves.toEqual(first);
    });

    test('a transition to an unknown state or with a malformed settlement hash', async () => {
      const entry = await claimNew();
      await expect(store.ledger.transition(entry.x402RequestId, ['claimed'], 'refunded' as LedgerState)).rejects.toMatchObject({ code: 'invalid_input' });
      await expect(store.ledger.transition(entry.x402RequestId, ['claimed'], 'settled', { settlementTx: '0x1234' })).rejects.toMatchObject({ code: 'invalid_input' });
      await expect(store.ledger.get(entry.x402RequestId)).resolves.toEqual(entry);
    });
  });

  describe('payment identifiers', () => {
    const newBinding = () => ({ payer: randomAddress(), paymentId: `pay_${randomUUID().replaceAll('-', '')}`, requestFingerprint: `sha256:${randomUUID()}`, x402RequestId: `x402_${randomUUID()}` });

    test('bind keeps the first binding; get finds it by payer in any case; another payer with the same id is another binding', async () => {
      const wanted = newBinding();
      const first = { ...wanted, createdAt: expect.any(Date), updatedAt: expect.any(Date) };
      await expect(store.paymentIds.bind(wanted)).resolves.toEqual({ bound: true, binding: first });
      await expect(store.paymentIds.bind({ ...wanted, x402RequestId: 'x402_other', requestFingerprint: 'sha256:other' })).resolves.toEqual({ bound: false, existing: first });
      await expect(store.paymentIds.get(wanted.payer.toLowerCase() as Address, wanted.paymentId)).resolves.toEqual(first);
      const otherPayer = { ...wanted, payer: randomAddress() };
      await expect(store.paymentIds.bind(otherPayer)).resolves.toMatchObject({ bound: true });
      await expect(store.paymentIds.get(randomAddress(), wanted.paymentId)).resolves.toBeNull();
    });

    test('rebind moves the binding only while it names the expected payment', async () => {
      const wanted = newBinding();
      await store.paymentIds.bind(wanted);
      await expect(store.paymentIds.rebind(wanted.payer, wanted.paymentId, 'x402_not_it', 'x402_next')).resolves.toBeNull();
      await expect(store.paymentIds.rebind(wanted.payer, wanted.paymentId, wanted.x402RequestId, 'x402_next')).resolves.toMatchObject({ x402RequestId: 'x402_next', requestFingerprint: wanted.requestFingerprint });
      await expect(store.paymentIds.rebind(wanted.payer, wanted.paymentId, wanted.x402RequestId, 'x402_third')).resolves.toBeNull();
    });

    test('20 concurrent binds of one id to different payments: exactly one binds, all see the same winner', async () => {
      const wanted = newBinding();
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => store.paymentIds.bind({ ...wanted, x402RequestId: `x402_${i}` })));
      const winners = outcomes.filter((o) => o.bound);
      expect(winners).toHaveLength(1);
      const winner = winners[0]!.bound ? winners[0]!.binding.x402RequestId : null;
      expect(outcomes.map((o) => (o.bound ? o.binding.x402RequestId : o.existing.x402RequestId))).toEqual(Array(20).fill(winner));
    });

    test('ids outside 16-128 characters of [A-Za-z0-9_-] and malformed payers are refused with invalid_input', async () => {
      for (const paymentId of ['short', 'x'.repeat(129), 'has space in it 12345', 'ünïcödé_ünïcödé_1']) {
        await expect(store.paymentIds.bind({ ...newBinding(), paymentId })).rejects.toMatchObject({ code: 'invalid_input' });
      }
      await expect(store.paymentIds.get('0x12' as Address, 'pay_0123456789abcdef')).rejects.toMatchObject({ code: 'invalid_input' });
    });
  });

  describe('reports', () => {
    const countReports = async (): Promise<number> => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_reports'))[0]!.n;

    test('save keeps the report under a fresh 256-bit id; get returns it as saved', async () => {
      const report = newReport();
      const saved = await store.reports.save(report);
      expect(saved).toEqual({ ...report, id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), createdAt: expect.any(Date) });
      expect(Buffer.from(saved.id, 'base64url')).toHaveLength(32);
      await expect(store.reports.get(saved.id)).resolves.toEqual(saved);
    });

    test('the document is stored as jsonb, strings exactly as given', async () => {
      const saved = await store.reports.save(newReport());
      const [row] = await db.query('SELECT jsonb_typeof(document) AS type, document->>\'kind\' AS kind, document #>> \'{amounts,0}\' AS amount FROM saved_reports WHERE id = $1', [saved.id]);
      expect(row).toEqual({ type: 'object', kind: 'wallet_report', amount: '115792089237316195423570985008687907853269984665640564039457584007913129639935' });
    });

    test('every save gets its own id, also when saved concurrently', async () => {
      const saved = await Promise.all(Array.from({ length: 20 }, () => store.reports.save(newReport())));
      expect(new Set(saved.map((r) => r.id)).size).toBe(20);
      const found = await Promise.all(saved.map((r) => store.reports.get(r.id)));
      expect(found).toEqual(saved);
    });

    test.each([
      ['an unknown well-formed id', newReportId()],
      ['an empty id', ''],
      ['a short id', 'abc'],
      ['an id one character too long', `${newReportId()}A`],
      ['standard base64 characters', `${newReportId().slice(0, 41)}+/`],
      ['SQL', "' OR '1'='1"],
    ])('get answers null for %s', async (_case, id) => {
      await store.reports.save(newReport());
      await expect(store.reports.get(id)).resolves.toBeNull();
    });

    test('a saved id in another case is a different, unknown id', async () => {
      const saved = await store.reports.save(newReport());
      const swapped = saved.id.replace(/[a-zA-Z]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
      await expect(store.reports.get(swapped)).resolves.toBeNull();
    });

    test.each([
      ['an empty toolId', { toolId: '' }],
      ['an empty chain', { chain: '' }],
      ['a subject that is not a string', { subject: 42 as unknown as string }],
      ['no document', { document: undefined }],
      ['a document that is not JSON', { document: { amount: 10n } }],
      ['a document with a NUL character', { document: { summary: 'a\u0000b' } }],
      ['a document over the size limit', { document: { padding: 'x'.repeat(MAX_REPORT_DOCUMENT_BYTES) } }],
    ])('save refuses %s with invalid_input and stores nothing', async (_case, override) => {
      const before = await countReports();
      await expect(store.reports.save({ ...newReport(), ...override })).rejects.toMatchObject({ name: 'StoreError', code: 'invalid_input' });
      expect(await countReports()).toBe(before);
    });

    test('the database refuses an id that is not 43 base64url characters', async () => {
      await expect(
        db.query(`INSERT INTO saved_reports (id, tool_id, chain, subject, document) VALUES ('guessable', 'saved_report', 'base', '0x', '{}')`),
      ).rejects.toMatchObject({ name: 'StoreError', code: 'invalid_input', sqlState: '23514' });
    });
  });

  // Runs last: it closes the store the other tests share.
  test('once closed, ping is false, the ledger and the reports report unavailable, and closing again is harmless', async () => {
    await store.close();
    await store.close();
    await expect(store.ping()).resolves.toBe(false);
    await expect(store.ledger.get('x402_any')).rejects.toMatchObject({ name: 'StoreError', code: 'unavailable' });
    await expect(store.reports.get(newReportId())).rejects.toMatchObject({ name: 'StoreError', code: 'unavailable' });
    await expect(store.reports.save(newReport())).rejects.toMatchObject({ name: 'StoreError', code: 'unavailable' });
  });
}
