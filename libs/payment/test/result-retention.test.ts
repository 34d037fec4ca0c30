import type { Store } from '@paysight/contracts';
import { newLedgerClaim, openTestStore } from '@paysight/testkit';
import { DEFAULT_RESULT_RETENTION_DAYS, startResultPruner } from '../src/index.js';

const DAY_MS = 86_400_000;

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());

/** A settled payment with its answer kept, as the processor leaves it. */
async function settledWithResult(n: number): Promise<string> {
  const claim = newLedgerClaim({ requestId: `req_${n}`, requestFingerprint: `sha256:${n}` });
  await store.ledger.claim(claim);
  const { x402RequestId } = claim;
  await store.ledger.transition(x402RequestId, ['claimed'], 'settling');
  await store.ledger.transition(x402RequestId, ['settling'], 'settled', { resultHash: `sha256:result-${n}`, resultJson: { n } });
  return x402RequestId;
}

const kept = async (ids: string[]) => (await Promise.all(ids.map((id) => store.ledger.get(id)))).filter((row) => row?.resultJson !== null).length;

describe('the paid-result pruner (injected clock)', () => {
  it('keeps answers within the retention, and after it drops at most batchSize x maxBatches per run, keeping the hash', async () => {
    const ids = await Promise.all(Array.from({ length: 7 }, (_, n) => settledWithResult(n)));
    const daysLater = (days: number) => () => new Date(Date.now() + days * DAY_MS);
    const pruned: number[] = [];
    const pruner = (days: number) =>
      startResultPruner({ ledger: store.ledger, retentionDays: DEFAULT_RESULT_RETENTION_DAYS, clock: daysLater(days), intervalMs: DAY_MS, batchSize: 2, maxBatches: 2, onPruned: (n) => pruned.push(n) });

    const early = pruner(DEFAULT_RESULT_RETENTION_DAYS - 1);
    await early.stop();
    await expect(early.runOnce()).resolves.toBe(0);
    expect(await kept(ids)).toBe(7);

    const late = pruner(DEFAULT_RESULT_RETENTION_DAYS + 1);
    // The run on start is under way: stop waits for it, and it took at most 2 batches of 2.
    await late.stop();
    expect(await kept(ids)).toBe(3);
    await expect(late.runOnce()).resolves.toBe(3);
    expect(await kept(ids)).toBe(0);
    expect(pruned).toEqual([4, 3]);
    for (const [n, id] of ids.entries()) await expect(store.ledger.get(id)).resolves.toMatchObject({ state: 'settled', resultJson: null, resultHash: `sha256:result-${n}` });
  });

  it('a failing run is reported and the next one works', async () => {
    const errors: unknown[] = [];
    const id = await settledWithResult(100);
    let fail = true;
    const pruner = startResultPruner({
      ledger: { pruneResults: (before, limit) => (fail ? Promise.reject(new Error('store down')) : store.ledger.pruneResults(before, limit)) },
      retentionDays: 1,
      clock: () => new Date(Date.now() + 2 * DAY_MS),
      intervalMs: DAY_MS,
      onError: (error) => errors.push(error),
    });
    await pruner.stop();
    expect(errors).toEqual([new Error('store down')]);
    fail = false;
    await expect(pruner.runOnce()).resolves.toBeGreaterThanOrEqual(1);
    await expect(store.ledger.get(id)).resolves.toMatchObject({ resultJson: null });
  });
});
