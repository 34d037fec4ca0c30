import { catalogEntry, type ChainName } from '@paysight/contracts';
import { syntheticPaymentsSource, type SyntheticPayment } from '@paysight/testkit';
import { getAddress, type Address } from 'viem';
import { boundCase, shortly, times } from '../../ext/bounds.test-support.js';
import { notConfiguredNarrator } from '../../not-configured-narrator.js';
import type { ToolPorts } from '../../tool-module.js';
import { agentPaymentHistorySummary, HISTORY_RULES, PAYMENT_HISTORY_CAPS, RESOURCE_PATH_NOTE } from './index.js';

const entry = catalogEntry('agent_payment_history_summary');
const addr = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const PAYEE = addr(0xfee);
const DAY = 86_400;
/** Base makes a block every 2 s on average; the synthetic chain's head is at this time. */
const HEAD = 20_000_000n;
const HEAD_TIME = Date.UTC(2026, 10, 24, 12) / 1000;
const BLOCKS_PER_DAY = 43_200n;

/** A chain whose blocks come every `seconds` (2: Base's average; 1: faster than it; 4: slower). */
const clock = (seconds: number) => (block: bigint) => HEAD_TIME - Number(HEAD - block) * seconds;
const blockDaysAgo = (days: number, seconds = 2) => HEAD - BigInt(Math.round((days * DAY) / seconds));
const pay = (payer: number, daysAgo: number, amount = 250_000n, over: Partial<SyntheticPayment> = {}, seconds = 2): SyntheticPayment => ({ from: addr(payer), to: PAYEE, amount, block: blockDaysAgo(daysAgo, seconds), byAuthorization: true, ...over });

function setup(payments: SyntheticPayment[], { seconds = 2, chain = 'base' as ChainName } = {}) {
  const source = syntheticPaymentsSource(chain, HEAD, clock(seconds), payments);
  const ports: ToolPorts = { chain: source, narrator: notConfiguredNarrator, reports: undefined as never, observations: undefined as never, notary: undefined as never, savedReportUrl: () => '' };
  return { source, ports };
}
async function summarize(payments: SyntheticPayment[], request: Record<string, unknown> = {}, options: { seconds?: number } = {}) {
  const { source, ports } = setup(payments, options);
  const input = entry.request.parse({ chain: 'base', payee: PAYEE, currency: 'USDC', lookback_days: 30, ...request });
  const { result, metadata } = await agentPaymentHistorySummary.run(input as never, ports, { now: new Date(HEAD_TIME * 1000) });
  return { result: entry.result.parse(result), metadata, source };
}

describe('agent-payment-history-summary request', () => {
  const accepts = boundCase(entry.request, { chain: 'base', payee: PAYEE, currency: 'USDC', lookback_days: 30, resource_path: '/v1/history' });
  it.each(
    (
      [
        ['chain', 'eip155:8453', true],
        ['chain', '', false],
        ['chain', 'x'.repeat(65), false],
        ['payee', '0x12', false],
        ['payee', PAYEE.toLowerCase(), true],
        ['payee', `0x${'aB'.repeat(20)}`, false],
        ['currency', 'USDT', false],
        ['currency', undefined, false],
        ['lookback_days', 0, false],
        ['lookback_days', 1, true],
        ['lookback_days', 365, true],
        ['lookback_days', 366, false],
        ['lookback_days', 1.5, false],
        ['lookback_days', undefined, true],
        ['resource_path', ' ', false],
        ['resource_path', `/${'a'.repeat(2047)}`, true],
        ['resource_path', `/${'a'.repeat(2048)}`, false],
        ['since', '2026-01-01', false],
      ] as [string, unknown, boolean][]
    ).map(([path, value, ok]) => [path, shortly(value), ok, value] as const),
  )('%s = %s accepted: %s', (path, _shown, ok, value) => {
    expect(accepts(path, value)).toBe(ok);
  });

  it('fills in no lookback_days: the default is applied by the tool, documented', () => {
    expect(entry.request.parse({ chain: 'base', payee: PAYEE, currency: 'USDC' })).not.toHaveProperty('lookback_days');
  });
});

describe('agent-payment-history-summary decisions', () => {
  it('active: 30 payments by 6 payers over a month, with hand-checked figures', async () => {
    // Payer 1 pays ten times at 0.25, payers 2-6 four times each at 0.25 and once at 1.00.
    const payments = [...times(10, (i) => pay(1, 1 + i * 2.5)), ...[2, 3, 4, 5, 6].flatMap((p) => [...times(3, (i) => pay(p, 2 + i * 7 + p / 10)), pay(p, 3 + p, 1_000_000n)])];
    payments.splice(0, 0, pay(2, 0.5));
    const { result } = await summarize(payments, { resource_path: '/v1/history' });
    expect(result).toMatchObject({ decision: 'active', confidence: 'high', risk_flags: [] });
    expect(result.payments).toMatchObject({
      count: 31,
      distinct_payers: 6,
      // 26 payments at 0.25 and 5 at 1.00.
      total_usdc: '11.5',
      median_usdc: '0.25',
      p90_usdc: '1',
      min_usdc: '0.25',
      max_usdc: '1',
      repeat_payer_share: 1,
      eip3009_share: 1,
    });
    // Volumes: payer 1 2.50, payer 2 2.00, payers 3-6 1.75 each: HHI = (2.5² + 2² + 4·1.75²) / 11.5².
    expect(result.payments.hhi).toBeCloseTo((2.5 ** 2 + 2 ** 2 + 4 * 1.75 ** 2) / 11.5 ** 2, 3);
    expect(result.top_payers[0]).toEqual({ address: addr(1), payments: 10, amount_usdc: '2.5', volume_share: 0.217 });
    expect(result.price_points).toEqual([
      { amount_usdc: '0.25', payments: 26, share: Math.round((26 / 31) * 1000) / 1000 },
      { amount_usdc: '1', payments: 5, share: Math.round((5 / 31) * 1000) / 1000 },
    ]);
    expect(result.window).toMatchObject({ lookback_days: 30, covered_days: 30, complete: true, to_time: new Date(HEAD_TIME * 1000).toISOString() });
    expect(result.daily_series).toHaveLength(31);
    expect(result.daily_series.reduce((sum, d) => sum + d.payments, 0)).toBe(31);
    expect(result.resource_path).toEqual({ value: '/v1/history', attributed: false, note: RESOURCE_PATH_NOTE });
  });

  it('dormant: paid three weeks ago, not since', async () => {
    const { result } = await summarize([pay(1, 25), pay(2, 23), pay(3, 21), pay(1, 20)]);
    expect(result).toMatchObject({ decision: 'dormant', risk_flags: ['no_recent_payments'] });
    expect(result.evidence).toMatchObject({ flags: { no_recent_payments: { quiet_days: 20, covered_days: 30 } } });
  });

  it('inactive: a complete window with no payment', async () => {
    const { result } = await summarize([pay(1, 45)]);
    expect(result).toMatchObject({ decision: 'inactive', confidence: 'high', payments: { count: 0, total_usdc: '0', median_usdc: null }, window: { complete: true } });
    expect(result.evidence).toMatchObject({ payments_before_cutoff: 0 });
  });

  it('insufficient_evidence: two payments cannot tell activity from chance', async () => {
    const { result } = await summarize([pay(1, 3), pay(2, 5)]);
    // Two payers of equal volume: HHI 0.5, at the concentration threshold.
    expect(result).toMatchObject({ decision: 'insufficient_evidence', confidence: 'low', risk_flags: ['few_payers', 'concentrated_payers'] });
  });

  it('insufficient_evidence: no payment in a window the block cap cut short', async () => {
    const { result } = await summarize([], { lookback_days: 365 });
    expect(result).toMatchObject({ decision: 'insufficient_evidence', risk_flags: ['window_capped'], window: { complete: false } });
    // 2,000,000 blocks of 2 s.
    expect(result.window.covered_days).toBeCloseTo((Number(PAYMENT_HISTORY_CAPS.maxWindowBlocks) * 2) / DAY, 2);
    expect(result.recommended_next_action).toMatch(/did not cover the lookback/);
  });
});

describe('agent-payment-history-summary reads and rules', () => {
  it('reads the window in pages of blocks, newest first, and one AuthorizationUsed query for the payers', async () => {
    const { source } = await summarize([pay(1, 1), pay(2, 12), pay(3, 29)]);
    const transfers = source.queries.logs.filter((q) => q.topics.length === 3);
    // Pages lie on the grid of pageBlocks: the head's page starts at the grid line at or below it.
    const from = HEAD - 30n * BLOCKS_PER_DAY + 1n;
    const grid = PAYMENT_HISTORY_CAPS.pageBlocks;
    const pages = Number(HEAD / grid - from / grid) + 1;
    expect(transfers).toHaveLength(pages);
    expect(transfers[0]).toMatchObject({ toBlock: HEAD, fromBlock: (HEAD / grid) * grid });
    for (const q of transfers.slice(1)) expect((q.toBlock + 1n) % grid).toBe(0n);
    expect(transfers.map((q) => q.toBlock)).toEqual([...transfers.map((q) => q.toBlock)].sort((a, b) => (a > b ? -1 : 1)));
    expect(transfers.at(-1)!.fromBlock).toBe(HEAD - 30n * BLOCKS_PER_DAY + 1n);
    // Each page names the payee in an indexed topic: a sparse query the adapter sends whole.
    expect(transfers.every((q) => q.sparse)).toBe(true);
    expect(source.queries.logs.filter((q) => q.topics.length === 2)).toHaveLength(1);
  });

  it('stops reading at the payment cap, keeps the newest payments, and says what it left out', async () => {
    const many = times(PAYMENT_HISTORY_CAPS.maxPayments + 100, (i) => pay(100 + (i % 40), 0.1 + i / 2000));
    const { result, source } = await summarize(many);
    expect(result.evidence).toMatchObject({ payments_seen: PAYMENT_HISTORY_CAPS.maxPayments + 100, payments_kept: PAYMENT_HISTORY_CAPS.maxPayments });
    const blocks = result.evidence.blocks as { pages_read: number; pages_planned: number };
    expect(blocks.pages_read).toBeLessThan(blocks.pages_planned);
    expect(source.queries.logs.filter((q) => q.topics.length === 3)).toHaveLength(blocks.pages_read);
    expect(result.risk_flags).toEqual(expect.arrayContaining(['payments_sampled', 'timestamps_estimated']));
    expect(result.window.complete).toBe(false);
    // Only the newest payments were kept: the window they cover is what is reported.
    expect(result.window.covered_days).toBeCloseTo(0.1 + (PAYMENT_HISTORY_CAPS.maxPayments - 1) / 2000, 2);
  });

  it('reads at most maxHeaders block headers and interpolates the other times (exactly, on an even chain)', async () => {
    const payments = times(600, (i) => pay(1 + (i % 7), 0.2 + i * 0.04));
    const { result, source } = await summarize(payments);
    expect(source.queries.blocks.length).toBeLessThanOrEqual(PAYMENT_HISTORY_CAPS.maxHeaders);
    expect((result.evidence.flags as Record<string, { payments: number }>).timestamps_estimated!.payments).toBeGreaterThan(0);
    expect(result.payments.last_at).toBe(new Date((HEAD_TIME - 0.2 * DAY) * 1000).toISOString());
    expect(result.payments.first_at).toBe(new Date((HEAD_TIME - (0.2 + 599 * 0.04) * DAY) * 1000).toISOString());
    expect(result.confidence).toBe('medium');
  });

  it('measures the window in time: on a chain faster than its average the blocks reach back less than asked', async () => {
    const { result } = await summarize([pay(1, 2, undefined, {}, 1), pay(2, 4, undefined, {}, 1), pay(3, 6, undefined, {}, 1)], {}, { seconds: 1 });
    expect(result).toMatchObject({ decision: 'active', window: { complete: false, covered_days: 15 } });
    expect(result.risk_flags).toContain('window_short');
  });

  it('leaves out payments older than the lookback when blocks come slower than average', async () => {
    const { result } = await summarize([pay(1, 2, undefined, {}, 4), pay(2, 10, undefined, {}, 4), pay(3, 20, undefined, {}, 4), pay(4, 45, undefined, {}, 4)], {}, { seconds: 4 });
    expect(result).toMatchObject({ payments: { count: 3 }, window: { complete: true }, evidence: { payments_before_cutoff: 1 } });
  });

  it('measures the EIP-3009 share over the most frequent payers, and says when most payments were plain transfers', async () => {
    const payments = times(60, (i) => pay(200 + i, 1 + (i % 20), 250_000n, { byAuthorization: i % 4 === 0 }));
    payments.push(...times(5, () => pay(200, 3)));
    const { result } = await summarize(payments);
    expect(result.evidence).toMatchObject({ authorization: { payers_checked: PAYMENT_HISTORY_CAPS.authorizationPayers } });
    expect(result.payments.eip3009_share).toBeLessThan(HISTORY_RULES.authorizationShare);
    expect(result.risk_flags).toContain('mostly_plain_transfers');
    expect(result.limitations.join(' ')).toMatch(/EIP-3009 authorizations were looked up for the 50 most frequent payers only/);
  });

  it('flags one payer, concentration and the lack of a dominant price', async () => {
    expect((await summarize([pay(1, 1), pay(1, 2), pay(1, 3)])).result.risk_flags).toEqual(['single_payer']);
    // Payer 1 pays 1, 2, 3 and 4 USDC; two others 0.5 and 0.6: HHI (10² + 0.5² + 0.6²) / 11.1² ≈ 0.82, and no amount twice.
    const scattered = times(6, (i) => (i < 4 ? pay(1, 1 + i, BigInt(1_000_000 * (i + 1))) : pay(2 + i, 1 + i, BigInt(100_000 * (i + 1)))));
    expect((await summarize(scattered)).result.risk_flags).toEqual(expect.arrayContaining(['concentrated_payers', 'no_dominant_price']));
  });

  it('answers the same chain with the same summary', async () => {
    const payments = [pay(1, 1), pay(2, 3), pay(3, 5), pay(1, 8)];
    expect((await summarize(payments)).result).toEqual((await summarize(payments)).result);
  });
});
