import { loadFixture, type BusyWalletFixture } from './fixture.js';
import { ReplayChainSource } from './replay-source.js';
import type { CostCase, Workload } from './run.js';

/** Counterparty indexes by how many of the fixture's transfer rows (those `filter` keeps) they take part in, most first. */
function counterpartiesByTraffic(fixture: BusyWalletFixture, filter: (row: number) => boolean = () => true): { index: number; transfers: number }[] {
  const counts = new Map<number, number>();
  fixture.transfers.counterparty.forEach((c, row) => {
    if (filter(row)) counts.set(c, (counts.get(c) ?? 0) + 1);
  });
  return [...counts].map(([index, transfers]) => ({ index, transfers })).sort((a, b) => b.transfers - a.transfers || a.index - b.index);
}

/**
 * The busy Base wallet under every tool that reads a wallet's history: snapshot and audit at both depths,
 * a batch with its busiest counterparties, the deep and saved reports, and the wallet as a payee of the
 * trust tools (preflight, authenticity score, seller profile, payment history). Also the payment history
 * of its quietest USDC payee over 60 days: a payee with few payments, whose pages are all read.
 */
export function busyWalletCases(fixture: BusyWalletFixture): CostCase[] {
  const { wallet, chain } = fixture;
  const single = (depth: 'basic' | 'deep') => ({ address: wallet, chain, depth });
  const busiest = counterpartiesByTraffic(fixture).slice(0, 4).map((c) => fixture.counterparties[c.index]!);
  const usdc = fixture.tokens.findIndex((t) => t.symbol === 'USDC');
  const paidInUsdc = counterpartiesByTraffic(fixture, (row) => fixture.transfers.token[row] === usdc && fixture.transfers.out[row] === 1).filter((c) => c.index >= fixture.routers);
  const quietest = paidInUsdc[paidInUsdc.length - 1]!;
  const serviceUrl = 'https://merchant.example/api/checkout';
  return [
    { tool: 'wallet_snapshot', label: 'basic (7 days)', body: single('basic') },
    { tool: 'wallet_snapshot', label: 'deep (30 days)', body: single('deep') },
    { tool: 'wallet_audit', label: 'basic (7 days)', body: single('basic') },
    { tool: 'wallet_audit', label: 'deep (30 days)', body: single('deep') },
    { tool: 'batch_wallet_snapshot', label: 'the wallet and its 4 busiest counterparties', body: { addresses: [wallet, ...busiest], chain } },
    { tool: 'deep_wallet_report', label: 'deep (30 days)', body: { address: wallet, chain } },
    { tool: 'saved_report', label: 'deep (30 days)', body: { address: wallet, chain } },
    {
      tool: 'agent_payment_preflight',
      label: 'the wallet as payee (30 days)',
      body: { chain, payee: wallet, amount: '25', currency: 'USDC', resource_url: serviceUrl, expected_payee: wallet, max_amount: '50' },
    },
    { tool: 'authenticity_score', label: 'the wallet as payee (30 days)', body: { chain, payee: wallet, service_url: serviceUrl, timeframe_days: 30 } },
    { tool: 'seller_profile', label: 'the wallet as payee (30 days)', body: { chain, payee: wallet, service_url: serviceUrl, declared_price: '25', currency: 'USDC' } },
    { tool: 'agent_payment_history_summary', label: 'the wallet as payee (30 days)', body: { chain, payee: wallet, currency: 'USDC', lookback_days: 30 } },
    {
      tool: 'agent_payment_history_summary',
      label: `its quietest USDC payee (${quietest.transfers === 1 ? 'one payment' : `${quietest.transfers} payments`} from the wallet, 60 days)`,
      body: { chain, payee: fixture.counterparties[quietest.index]!, currency: 'USDC', lookback_days: 60 },
    },
  ];
}

export async function busyWalletWorkload(): Promise<Workload> {
  const fixture = await loadFixture();
  const source = new ReplayChainSource(fixture);
  return { name: 'busy Base wallet (replayed fixture)', chain: fixture.chain, newSource: () => source, cases: busyWalletCases(fixture) };
}
