import { loadFixture, type BusyWalletFixture } from './fixture.js';
import { ReplayChainSource } from './replay-source.js';
import type { CostCase, Workload } from './run.js';

/** The busy Base wallet: snapshot and audit at both depths, a batch with its busiest counterparties, the deep report. */
export function busyWalletCases(fixture: BusyWalletFixture): CostCase[] {
  const single = (depth: 'basic' | 'deep') => ({ address: fixture.wallet, chain: fixture.chain, depth });
  const counts = new Map<number, number>();
  for (const c of fixture.transfers.counterparty) counts.set(c, (counts.get(c) ?? 0) + 1);
  const busiest = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([c]) => fixture.counterparties[c]!);
  return [
    { tool: 'wallet_snapshot', label: 'basic (7 days)', body: single('basic') },
    { tool: 'wallet_snapshot', label: 'deep (30 days)', body: single('deep') },
    { tool: 'wallet_audit', label: 'basic (7 days)', body: single('basic') },
    { tool: 'wallet_audit', label: 'deep (30 days)', body: single('deep') },
    { tool: 'batch_wallet_snapshot', label: 'the wallet and its 4 busiest counterparties', body: { addresses: [fixture.wallet, ...busiest], chain: fixture.chain } },
    { tool: 'deep_wallet_report', label: 'deep (30 days)', body: { address: fixture.wallet, chain: fixture.chain } },
  ];
}

export async function busyWalletWorkload(): Promise<Workload> {
  const fixture = await loadFixture();
  const source = new ReplayChainSource(fixture);
  return { name: 'busy Base wallet (replayed fixture)', chain: fixture.chain, newSource: () => source, cases: busyWalletCases(fixture) };
}
