import { createDevnetChainSource, devnetAccount, startDevnet, type Devnet } from '@paysight/devnet';
import type { CostCase, Workload } from './run.js';

const CHAIN = 'base' as const;

/** The seeded devnet's exchange hot wallet (its busiest scenario wallet) and the wallets it pays, read through the real JSON-RPC and explorer adapters. */
export async function devnetWorkload(): Promise<{ workload: Workload; devnet: Devnet }> {
  const devnet = await startDevnet({ seed: true, log: () => undefined });
  const address = devnetAccount('exchange').address;
  const others = ['employer', 'freshWallet', 'benignSaver', 'benignShopper'].map((name) => devnetAccount(name).address);
  const single = (depth: 'basic' | 'deep') => ({ address, chain: CHAIN, depth });
  const cases: CostCase[] = [
    { tool: 'wallet_snapshot', label: 'basic (7 days)', body: single('basic') },
    { tool: 'wallet_snapshot', label: 'deep (30 days)', body: single('deep') },
    { tool: 'wallet_audit', label: 'basic (7 days)', body: single('basic') },
    { tool: 'wallet_audit', label: 'deep (30 days)', body: single('deep') },
    { tool: 'batch_wallet_snapshot', label: 'exchange and 4 scenario wallets', body: { addresses: [address, ...others], chain: CHAIN } },
    { tool: 'deep_wallet_report', label: 'deep (30 days)', body: { address, chain: CHAIN } },
  ];
  return { workload: { name: 'devnet exchange wallet (Base devnet, JSON-RPC and explorer adapters)', chain: CHAIN, source: createDevnetChainSource(devnet), cases }, devnet };
}
