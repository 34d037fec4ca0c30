import type { Store } from '@paysight/contracts';
import { openStore } from '@paysight/store';
import { newLedgerClaim, openTestStore } from '@paysight/testkit';
import type { Hex } from 'viem';
import { type AuthorizationReader, type AuthorizationState, createReconciler } from '../src/index.js';

jest.setTimeout(120_000);

const NOW = new Date('2026-11-25T03:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const GRACE = 120;

/** The chain as the reconciler reads it: each nonce used (with its transaction), unused, or unreadable. */
function chainOf(states: Map<Hex, AuthorizationState | 'unreadable'>): AuthorizationReader & { reads: number } {
  const reader = {
    reads: 0,
    async authorizationState({ nonce }: { nonce: Hex }) {
      reader.reads += 1;
      const state = states.get(nonce) ?? { used: false };
      if (state === 'unreadable') throw new Error('rpc down');
      return state;
    },
  };
  return reader;
}

/** A payment held as settle_pending, its answer kept, as the processor leaves it. */
async function pending(store: Store, validBefore: number) {
  const claim = newLedgerClaim();
  await store.ledger.claim(claim);
  const { x402RequestId, nonce } = claim;
  await store.ledger.transition(x402RequestId, ['claimed'], 'settling');
  await store.ledger.transition(x402RequestId, ['settling'], 'settle_pending', { errorCode: 'facilitator_unavailable', validBefore: String(validBefore), resultJson: { ok: true, answer: 42 } });
  return { x402RequestId, nonce };
}

const TX = `0x${'ab'.repeat(32)}` as Hex;

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

  it('settles what the chain shows used, releases what is unused past validBefore, leaves the rest pending', async () => {
    const used = await pending(store, nowSeconds + 60);
    const usedNoLog = await pending(store, nowSeconds + 60);
    const live = await pending(store, nowSeconds + 60);
    const justExpired = await pending(store, nowSeconds - GRACE + 1);
    const dead = await pending(store, nowSeconds - GRACE);
    const unreadable = await pending(store, nowSeconds - 3600);
    const chain = chainOf(
      new Map<Hex, AuthorizationState | 'unreadable'>([
        [used.nonce, { used: true, transaction: TX }],
        [usedNoLog.nonce, { used: true, transaction: null }],
        [unreadable.nonce, 'unreadable'],
      ]),
    );
    const report = await createReconciler({ ledger: store.ledger, authorizations: chain, clock: () => NOW, releaseGraceSeconds: GRACE }).reconcileOnce();

    expect({ ...report, settled: [...report.settled].sort(), pending: [...report.pending].sort() }).toEqual({
      settled: [used.x402RequestId, usedNoLog.x402RequestId].sort(),
      released: [dead.x402RequestId],
      pending: [live.x402RequestId, justExpired.x402RequestId].sort(),
      unreadable: [unreadable.x402RequestId],
    });
    expect(await store.ledger.get(used.x402RequestId)).toMatchObject({ state: 'settled', settlementTx: TX, errorCode: null, resultJson: { ok: true, answer: 42 } });
    expect(await store.ledger.get(usedNoLog.x402RequestId)).toMatchObject({ state: 'settled', settlementTx: null });
    expect(await store.ledger.get(dead.x402RequestId)).toMatchObject({ state: 'settle_failed', errorCode: 'authorization_expired_unused', resultJson: null });
    for (const held of [live, justExpired, unreadable]) expect(await store.ledger.get(held.x402RequestId)).toMatchObject({ state: 'settle_pending', resultJson: { ok: true, answer: 42 } });
  });

  it('several reconcilers on one ledger end each row exactly once', async () => {
    const rows = await Promise.all(Array.from({ length: 6 }, (_, i) => pending(store, i % 2 ? nowSeconds - 3600 : nowSeconds + 3600)));
    const chain = chainOf(new Map(rows.filter((_, i) => i % 2 === 0).map(({ nonce }) => [nonce, { used: true, transaction: TX }] as const)));
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
