import { CATALOG } from '@paysight/contracts';
import { devnetChainSource, readTestStack } from '@paysight/testkit';
import { ACTIVITY_READ_LIMITS, approvalSearchRange, EVIDENCE_LIMITS, PAYEE_FLOW_CAPS, PAYMENT_HISTORY_CAPS, toolModuleFor } from '@paysight/tools';
import { devnetCases } from '../src/wallet-cost/devnet-workload.js';
import { generateFixture, loadFixture, type BusyWalletFixture } from '../src/wallet-cost/fixture.js';
import { busyWalletCases } from '../src/wallet-cost/replay-workload.js';
import { ReplayChainSource } from '../src/wallet-cost/replay-source.js';
import { measureWorkload, type CostFigure } from '../src/wallet-cost/run.js';

const finder = (figures: () => CostFigure[]) => (tool: string, label: string) => {
  const found = figures().find((f) => f.tool === tool && f.label.startsWith(label));
  if (!found) throw new Error(`no case "${label}" of ${tool}`);
  return found;
};
const total = (f: CostFigure) => Object.values(f.calls).reduce((a, b) => a + b, 0);
/** A payment history reads at most this many pages of Transfer logs (one more when the window is off the page grid). */
const HISTORY_PAGES = Number(PAYMENT_HISTORY_CAPS.maxWindowBlocks / PAYMENT_HISTORY_CAPS.pageBlocks) + 1;

/** Counts, not time: how many requests and dependent stages each tool needs on the busy fixture. */
describe('tools that read a wallet history, on a busy mainnet-shaped wallet (replayed fixture)', () => {
  let fixture: BusyWalletFixture;
  let figures: CostFigure[];
  const figure = finder(() => figures);

  beforeAll(async () => {
    fixture = await loadFixture();
    const source = new ReplayChainSource(fixture);
    figures = await measureWorkload({ name: 'busy', chain: fixture.chain, newSource: () => source, cases: busyWalletCases(fixture) }, 1);
  }, 300_000);

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

  it('saves a report with exactly the reads of the deep report', () => {
    const [saved, deep] = [figure('saved_report', 'deep'), figure('deep_wallet_report', 'deep')];
    expect(saved.calls).toEqual(deep.calls);
    expect(saved.stages).toBe(deep.stages);
  });

  it('checks the busy wallet as a payee within the documented caps, in three stages, and says what it kept', () => {
    const f = figure('agent_payment_preflight', 'the wallet as payee');
    // Transfers from and to the payee on the newest week of one-day pages (off the grid: days + 1 pages), in one wave: it
    // reaches the cap, so no older page is read. Each query names the payee: sparse, one request.
    expect(f.calls.getLogs).toBe(2 * (ACTIVITY_READ_LIMITS.deep.waveDays + 1));
    expect(f.jsonRpcRequests).toBe(total(f));
    expect(f.stages).toBeLessThanOrEqual(3);
    // The head, and the blocks of the newest and oldest transfer kept; the payee's and the oracle's code; the oracle in one multicall.
    expect(f.calls.getBlock).toBeLessThanOrEqual(3);
    expect(f.calls.getCode).toBe(2);
    expect(f.calls.readContracts).toBe(1);
    const [, kept, seen] = /USDC transfers: the newest (\d+) of at least (\d+) in blocks \d+-\d+ .*older pages were not read/.exec(f.sampling.join('\n')) ?? [];
    expect(Number(kept)).toBe(ACTIVITY_READ_LIMITS.deep.maxTransfers);
    expect(Number(seen)).toBeGreaterThan(Number(kept));
  });

  it('scores the busy payee and profiles it as a seller within the payee-flow caps, and says what it kept of each direction', () => {
    for (const tool of ['authenticity_score', 'seller_profile']) {
      const f = figure(tool, 'the wallet as payee');
      // Payments in and money out on the newest week of one-day pages (both reach their caps, so no older page is read),
      // and (no indexer behind the replay) the traced payers' funding from USDC logs. Every log query is sparse: one request.
      expect(f.calls.getLogs).toBe(2 * (PAYEE_FLOW_CAPS.firstWaveDays + 1) + 1);
      expect(f.jsonRpcRequests).toBe(total(f) - f.indexerRequests);
      expect(f.calls.getAddressHistory).toBe(PAYEE_FLOW_CAPS.maxPayersTraced);
      expect(f.calls.getTransactionCount ?? 0).toBeLessThanOrEqual(PAYEE_FLOW_CAPS.maxPayersTraced);
      // The head; the pages; the payers' histories; the fallback query; the funders' nonces.
      expect(f.stages).toBeLessThanOrEqual(5);
      for (const [what, cap] of [['USDC payments to the payee', PAYEE_FLOW_CAPS.maxPayments], ['USDC transfers from the payee', PAYEE_FLOW_CAPS.maxOutflows]] as const) {
        const [, kept, seen] = new RegExp(`${what}: the newest (\\d+) of at least (\\d+) in blocks .*older pages were not read`).exec(f.sampling.join('\n')) ?? [];
        expect(Number(kept)).toBe(cap);
        expect(Number(seen)).toBeGreaterThan(cap);
      }
      // The answer is bounded by the caps (payments, cited round trips, payers drawn in the graph), not by the payee's traffic.
      expect(f.answerKiB).toBeLessThan(256);
    }
  });

  it('summarizes a payment history within its documented cost: at most two waves of pages, one authorization query, headers', () => {
    const busy = figure('agent_payment_history_summary', 'the wallet as payee');
    const quiet = figure('agent_payment_history_summary', 'its quietest');
    for (const f of [busy, quiet]) {
      expect(f.calls.getLogs).toBeLessThanOrEqual(HISTORY_PAGES + 1);
      expect(f.calls.getBlock ?? 0).toBeLessThanOrEqual(PAYMENT_HISTORY_CAPS.maxHeaders);
    }
    // The busy payee's first wave reaches the payment cap: the head, one wave, the headers, the authorization query.
    expect(busy.calls.getLogs).toBe(PAYMENT_HISTORY_CAPS.firstWavePages + 1);
    expect(busy.stages).toBeLessThanOrEqual(4);
    expect(busy.sampling.join('\n')).toMatch(new RegExp(`only the newest ${PAYMENT_HISTORY_CAPS.maxPayments} were summarized`));
    // The quiet one's never does: every page, in two waves; each page is a sparse query (one request), and the block cap cuts 60 days.
    expect(quiet.calls.getLogs).toBe(HISTORY_PAGES + 1);
    expect(quiet.jsonRpcRequests).toBe(total(quiet));
    expect(quiet.stages).toBeLessThanOrEqual(5);
    expect(quiet.sampling.join('\n')).toMatch(new RegExp(`capped at ${PAYMENT_HISTORY_CAPS.maxWindowBlocks} blocks`));
  });
});

/** Counts on the shared devnet: every tool that reads the chain, on the scenario's cases. */
describe('every tool that reads the chain, on the devnet', () => {
  const { devnet } = readTestStack();
  const cases = devnetCases(devnet.scenario.chains.base);
  let figures: CostFigure[];
  const figure = finder(() => figures);

  beforeAll(async () => {
    figures = await measureWorkload({ name: 'devnet', chain: 'base', newSource: () => devnetChainSource(), cases }, 1);
  }, 120_000);

  it('has a case for each catalog tool whose call reads a chain', () => {
    const reading = CATALOG.filter((entry) => (toolModuleFor(entry)?.chains(entry.request.parse(entry.example) as never).length ?? 0) > 0).map((e) => e.id);
    expect(reading.length).toBeGreaterThanOrEqual(14);
    expect([...new Set(cases.map((c) => c.tool))].sort()).toEqual(reading.sort());
  });

  it('reads a transaction status in one stage, and a pending one in two (the sender nonce)', () => {
    const [mined, pending] = [figure('tx_status', 'mined'), figure('tx_status', 'pending')];
    expect(mined.stages).toBe(1);
    expect(total(mined)).toBe(5);
    expect(pending.stages).toBe(2);
    expect(pending.calls.getTransactionCount).toBe(1);
  });

  it('decodes a transaction in at most three stages, with its contracts probed in one multicall', () => {
    for (const label of ['router swap', 'reverted']) {
      const f = figure('tx_decode', label);
      expect(f.stages).toBeLessThanOrEqual(3);
      expect(f.calls.readContracts).toBe(1);
      expect(f.calls.getLogs).toBeUndefined();
    }
    expect(figure('tx_decode', 'reverted').calls.call).toBe(1);
  });

  it('audits a receipt and checks a mandate from one stage of three reads', () => {
    for (const f of [figure('receipt_audit', ''), figure('mandate_chain_evidence', '')]) {
      expect(f.stages).toBe(1);
      expect(f.calls).toEqual({ getTransaction: 1, getTransactionReceipt: 1, getBlockNumber: 1 });
    }
  });

  it('profiles an agent wallet in at most five stages, reading the indexed history only for an unknown delegate, beside its code', () => {
    const [safe, delegated] = [figure('agent_wallet_profile', 'Safe'), figure('agent_wallet_profile', 'EIP-7702')];
    // The head; code and nonce; proxy slots; the proxy's getters; the code it forwards to.
    expect(safe.stages).toBeLessThanOrEqual(5);
    expect(safe.calls.getAddressHistory).toBeUndefined();
    // The head; code and nonce; the delegate's code and the account's history together.
    expect(delegated.stages).toBe(3);
    expect(delegated.calls.getAddressHistory).toBe(1);
  });

  it('takes the seller and payee checks in at most five stages, the preflight and snapshots in three', () => {
    for (const tool of ['authenticity_score', 'seller_profile', 'agent_payment_history_summary']) expect(figure(tool, '').stages).toBeLessThanOrEqual(5);
    for (const f of [figure('agent_payment_preflight', ''), figure('wallet_snapshot', 'basic'), figure('wallet_snapshot', 'deep'), figure('batch_wallet_snapshot', '')]) expect(f.stages).toBeLessThanOrEqual(3);
  });
});
