import type { Store } from '@paysight/contracts';
import { openStore } from '@paysight/store';
import { newLedgerClaim, openTestStore } from '@paysight/testkit';
import type { Hex } from 'viem';
import { type AuthorizationReader, type AuthorizationState, type ReconcileReport, createReconciler } from '../src/index.js';

jest.setTimeout(120_000);

const NOW = new Date('2026-11-25T03:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const GRACE = 120;

/** The chain as the reconciler reads it: what became of each nonce (unused unless told), or unreadable. */
function chainOf(states: Map<Hex, AuthorizationState | 'unreadable'>): AuthorizationReader & { reads: number } {
  const reader = {
    reads: 0,
    async authorizationState({ nonce }: { nonce: Hex }) {
      reader.reads += 1;
      const state = states.get(nonce) ?? { status: 'unused' };
      if (state === 'unreadable') throw new Error('rpc down');
      return state;
    },
  };
  return reader;
}

const ANSWER = { ok: true, answer: 42 };

/** A payment in `state` as the processor leaves it: claimed (handler running), settling or settle_pending (its answer kept). */
async function paymentIn(store: Store, state: 'claimed' | 'settling' | 'settle_pending', validBefore: number) {
  const claim = newLedgerClaim({ validBefore: String(validBefore) });
  await store.ledger.claim(claim);
  const { x402RequestId, nonce } = claim;
  if (state !== 'claimed') await store.ledger.transition(x402RequestId, ['claimed'], 'settling', { resultJson: ANSWER });
  if (state === 'settle_pending') await store.ledger.transition(x402RequestId, ['settling'], 'settle_pending', { errorCode: 'facilitator_unavailable' });
  return { x402RequestId, nonce };
}
const pending = (store: Store, validBefore: number) => paymentIn(store, 'settle_pending', validBefore);

const TX = `0x${'ab'.repeat(32)}` as Hex;

const sorted = (report: ReconcileReport) => Object.fromEntries(Object.entries(report).map(([verdict, ids]) => [verdict, [...ids].sort()]));

const stores: [string, () => Promise<Store>][] = [['PGlite', () => openStore({ dataDir: 'memory://' })]];
if (process.env.TEST_DATABASE_URL) stores.push(['PostgreSQL', openTestStore]);
else process.stderr.write('reconciler: PostgreSQL part skipped, TEST_DATABASE_URL is not set\n');

describe.each(stores)('the settle-pending reconciler over the SQL ledger on %s', (_name, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store?.close();
  });
  // Each test starts from no pending rows: the ones a test leaves pending are ended here.
  afterEach(async () => {
    for (const entry of await store.ledger.list({ state: 'settle_pending', limit: 1000 })) await store.ledger.transition(entry.x402RequestId, ['settle_pending'], 'settle_failed');
  });

  it('settles what the chain shows transferred to the payee, releases what is unused past validBefore or cancelled, leaves the rest pending', async () => {
    const used = await pending(store, nowSeconds + 60);
    const usedNoLog = await pending(store, nowSeconds + 60);
    const live = await pending(store, nowSeconds + 60);
    const justExpired = await pending(store, nowSeconds - GRACE + 1);
    const dead = await pending(store, nowSeconds - GRACE);
    const unreadable = await pending(store, nowSeconds - 3600);
    const cancelled = await pending(store, nowSeconds + 60);
    const mismatched = await pending(store, nowSeconds + 60);
    const chain = chainOf(
      new Map<Hex, AuthorizationState | 'unreadable'>([
        [used.nonce, { status: 'transferred', transaction: TX }],
        [usedNoLog.nonce, { status: 'unexplained' }],
        [cancelled.nonce, { status: 'cancelled', transaction: TX }],
        [mismatched.nonce, { status: 'mismatched', transaction: TX }],
        [unreadable.nonce, 'unreadable'],
      ]),
    );
    const report = await createReconciler({ ledger: store.ledger, authorizations: chain, clock: () => NOW, releaseGraceSeconds: GRACE }).reconcileOnce();

    expect(sorted(report)).toEqual(
      sorted({
        settled: [used.x402RequestId],
        released: [dead.x402RequestId, cancelled.x402RequestId],
        pending: [live.x402RequestId, justExpired.x402RequestId],
        unreadable: [unreadable.x402RequestId],
        attention: [usedNoLog.x402RequestId, mismatched.x402RequestId],
      }),
    );
    expect(await store.ledger.get(used.x402RequestId)).toMatchObject({ state: 'settled', settlementTx: TX, errorCode: null, resultJson: ANSWER });
    expect(await store.ledger.get(dead.x402RequestId)).toMatchObject({ state: 'settle_failed', errorCode: 'authorization_expired_unused', resultJson: null });
    expect(await store.ledger.get(cancelled.x402RequestId)).toMatchObject({ state: 'settle_failed', errorCode: 'authorization_cancelled', resultJson: null });
    expect(await store.ledger.get(mismatched.x402RequestId)).toMatchObject({ state: 'settle_failed', errorCode: 'transfer_mismatch', resultJson: null });
    expect(await store.ledger.get(usedNoLog.x402RequestId)).toMatchObject({ state: 'settle_pending', errorCode: 'authorization_used_unexplained', resultJson: ANSWER });
    for (const held of [live, justExpired, unreadable]) expect(await store.ledger.get(held.x402RequestId)).toMatchObject({ state: 'settle_pending', resultJson: ANSWER });
  });

  it('rows a dead process left in settling or claimed: settling past the staleness window is decided like settle_pending, claimed once its authorization is dead', async () => {
    // The rows were just written; an hour later (this reconciler's clock) they are untouched for an hour.
    const later = new Date(Date.now() + 3_600_000);
    const laterSeconds = Math.floor(later.getTime() / 1000);
    const settlingPaid = await paymentIn(store, 'settling', laterSeconds + 60);
    const settlingUnused = await paymentIn(store, 'settling', laterSeconds + 60);
    const settlingDead = await paymentIn(store, 'settling', laterSeconds - GRACE);
    const claimedDead = await paymentIn(store, 'claimed', laterSeconds - GRACE);
    const claimedCancelled = await paymentIn(store, 'claimed', laterSeconds - GRACE);
    const claimedPaid = await paymentIn(store, 'claimed', laterSeconds - GRACE);
    const claimedAlive = await paymentIn(store, 'claimed', laterSeconds - GRACE + 1);
    const chain = chainOf(
      new Map<Hex, AuthorizationState | 'unreadable'>([
        [settlingPaid.nonce, { status: 'transferred', transaction: TX }],
        [claimedCancelled.nonce, { status: 'cancelled', transaction: TX }],
        [claimedPaid.nonce, { status: 'transferred', transaction: TX }],
      ]),
    );
    const ours = new Set([settlingPaid, settlingUnused, settlingDead, claimedDead, claimedCancelled, claimedPaid, claimedAlive].map((row) => row.x402RequestId));
    const run = (staleAfterMs: number) => createReconciler({ ledger: store.ledger, authorizations: chain, clock: () => later, releaseGraceSeconds: GRACE, staleAfterMs }).reconcileOnce();

    // Untouched for less than the window: a live instance may still be settling or running them.
    const early = await run(2 * 3_600_000);
    expect(Object.values(early).flat().filter((id) => ours.has(id))).toEqual([]);
    expect(await store.ledger.get(settlingPaid.x402RequestId)).toMatchObject({ state: 'settling' });

    const report = await run(60_000);
    const mine = Object.fromEntries(Object.entries(report).map(([verdict, ids]) => [verdict, ids.filter((id: string) => ours.has(id))])) as unknown as ReconcileReport;
    expect(sorted(mine)).toEqual(
      sorted({
        settled: [settlingPaid.x402RequestId],
        released: [settlingDead.x402RequestId, claimedDead.x402RequestId, claimedCancelled.x402RequestId],
        pending: [settlingUnused.x402RequestId],
        unreadable: [],
        attention: [claimedPaid.x402RequestId],
      }),
    );
    expect(await store.ledger.get(settlingPaid.x402RequestId)).toMatchObject({ state: 'settled', settlementTx: TX, errorCode: null, resultJson: ANSWER });
    expect(await store.ledger.get(settlingUnused.x402RequestId)).toMatchObject({ state: 'settle_pending', errorCode: 'settle_interrupted', resultJson: ANSWER });
    expect(await store.ledger.get(settlingDead.x402RequestId)).toMatchObject({ state: 'settle_failed', errorCode: 'authorization_expired_unused', resultJson: null });
    expect(await store.ledger.get(claimedDead.x402RequestId)).toMatchObject({ state: 'released', errorCode: 'authorization_expired_unused' });
    expect(await store.ledger.get(claimedCancelled.x402RequestId)).toMatchObject({ state: 'released', errorCode: 'authorization_cancelled' });
    expect(await store.ledger.get(claimedPaid.x402RequestId)).toMatchObject({ state: 'settled', settlementTx: TX, errorCode: 'settled_without_answer', resultJson: null });
    expect(await store.ledger.get(claimedAlive.x402RequestId)).toMatchObject({ state: 'claimed' });
    await store.ledger.transition(claimedAlive.x402RequestId, ['claimed'], 'released');
  });

  it('several reconcilers on one ledger end each row exactly once', async () => {
    const rows = await Promise.all(Array.from({ length: 6 }, (_, i) => pending(store, i % 2 ? nowSeconds - 3600 : nowSeconds + 3600)));
    const chain = chainOf(new Map(rows.filter((_, i) => i % 2 === 0).map(({ nonce }) => [nonce, { status: 'transferred', transaction: TX }] as const)));
    const reconcilers = Array.from({ length: 4 }, () => createReconciler({ ledger: store.ledger, authorizations: chain, clock: () => NOW }));
    const reports = await Promise.all(reconcilers.map((r) => r.reconcileOnce()));

    const settled = reports.flatMap((r) => r.settled).sort();
    const released = reports.flatMap((r) => r.released).sort();
    expect(settled).toEqual(rows.filter((_, i) => i % 2 === 0).map((r) => r.x402RequestId).sort());
    expect(released).toEqual(rows.filter((_, i) => i % 2 === 1).map((r) => r.x402RequestId).sort());
    expect(await store.ledger.list({ state: 'settle_pending' })).toEqual([]);
  });

  it('a run looks at no more than its batch of pending rows, and the next runs take the others first', async () => {
    const rows = await Promise.all(Array.from({ length: 3 }, () => pending(store, nowSeconds + 3600)));
    const chain = chainOf(new Map());
    const reconciler = createReconciler({ ledger: store.ledger, authorizations: chain, clock: () => NOW, batchSize: 2 });
    const first = await reconciler.reconcileOnce();
    expect([first.pending.length, chain.reads]).toEqual([2, 2]);
    const second = await reconciler.reconcileOnce();
    expect(new Set([...first.pending, ...second.pending])).toEqual(new Set(rows.map((r) => r.x402RequestId)));
  });
});
