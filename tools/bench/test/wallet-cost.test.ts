import { ACTIVITY_READ_LIMITS, approvalSearchRange, EVIDENCE_LIMITS } from '@paysight/tools';
import { generateFixture, loadFixture, type BusyWalletFixture } from '../src/wallet-cost/fixture.js';
import { busyWalletCases } from '../src/wallet-cost/replay-workload.js';
import { ReplayChainSource } from '../src/wallet-cost/replay-source.js';
import { measureWorkload, type CostFigure } from '../src/wallet-cost/run.js';

/** Counts, not time: how many requests and dependent stages each wallet tool needs on the busy fixture. */
describe('wallet tools on a busy mainnet-shaped wallet (replayed fixture)', () => {
  let fixture: BusyWalletFixture;
  let figures: CostFigure[];
  const figure = (tool: string, label: string) => figures.find((f) => f.tool === tool && f.label.startsWith(label))!;

  beforeAll(async () => {
    fixture = await loadFixture();
    const source = new ReplayChainSource(fixture);
    figures = await measureWorkload({ name: 'busy', chain: fixture.chain, newSource: () => source, cases: busyWalletCases(fixture) }, 1);
  }, 120_000);

  it('replays the committed fixture, which the seeded generator reproduces exactly', () => {
    expect(generateFixture()).toEqual(fixture);
    expect(fixture.transfers.tx.length).toBeGreaterThanOrEqual(100_000);
  });

  it('takes a snapshot, single or batched, in at most three dependent stages with one Multicall3 round trip', () => {
    for (const f of [figure('wallet_snapshot', 'basic'), figure('wallet_snapshot', 'deep'), figure('batch_wallet_snapshot', '')]) {
      expect(f.stages).toBeLessThanOrEqual(3);
      expect(f.calls.readContracts).toBe(1);
    }
  });

  it('audits the busy wallet within the documented caps and says what it sampled', () => {
    for (const depth of ['basic', 'deep'] as const) {
      const f = figure('wallet_audit', depth);
      const limits = EVIDENCE_LIMITS[depth];
      // One wave of the days + 1 pages of the day grid, four Transfer queries each, and one owner-topic approval query per
      // search chunk: the cap stops older pages.
      const approvalChunks = approvalSearchRange(fixture.chain, depth, BigInt(fixture.head.number)).chunks;
      expect(f.calls.getLogs).toBe((ACTIVITY_READ_LIMITS[depth].waveDays + 1) * 4 + approvalChunks);
      // Senders of others' transfers, and of the live approval candidates' transactions (their origin).
      expect(f.calls.getTransaction).toBeLessThanOrEqual(limits.senderLookups + limits.allowances);
      expect(f.calls.getBlock).toBeLessThanOrEqual(limits.blockTimestamps + 1);
      // Spenders' code is read twice: at the head and 30 days earlier (is the contract fresh?).
      expect(f.calls.getCode).toBeLessThanOrEqual(limits.counterpartyCode + 2 * limits.spenderCode + 1);
      expect(f.calls.readContracts).toBe(1);
      const kept = ACTIVITY_READ_LIMITS[depth].maxTransfers;
      const note = f.sampling.find((n) => n.startsWith('Token transfers: the newest'));
      const [, newest, seen] = /the newest (\d+) of (?:at least )?(\d+)/.exec(note ?? '') ?? [];
      expect(Number(newest)).toBe(kept);
      expect(Number(seen)).toBeGreaterThan(kept);
    }
    expect(figure('wallet_audit', 'deep').sampling.join(' ')).toContain('older pages were not read');
  });
});
