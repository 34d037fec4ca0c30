import { createDevnetChainSource, devnetAccount, startDevnet } from '@paysight/devnet';
import { countingProxy } from './counting-proxy.js';
import type { CostCase, Workload } from './run.js';

const CHAIN = 'base' as const;

/**
 * The seeded devnet's exchange hot wallet (its busiest scenario wallet) and the wallets it pays, read
 * through the real JSON-RPC adapter (JSON-RPC batches, its cache) and the local explorer; a counting
 * proxy in front of the Base node measures the HTTP and JSON-RPC requests that reach it. Each case gets
 * a fresh chain source, so its first run starts with an empty cache.
 */
export async function devnetWorkload(): Promise<{ workload: Workload; close: () => Promise<void> }> {
  const devnet = await startDevnet({ seed: true, log: () => undefined });
  const proxy = await countingProxy(devnet.chains[CHAIN].rpcUrl);
  const chains = { ...devnet.chains, [CHAIN]: { ...devnet.chains[CHAIN], rpcUrl: proxy.url } };
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
  return {
    workload: {
      name: 'devnet exchange wallet (Base devnet, JSON-RPC and explorer adapters)',
      chain: CHAIN,
      newSource: () => createDevnetChainSource({ chains, explorerUrl: devnet.explorerUrl }),
      wire: proxy,
      cases,
    },
    close: async () => {
      await proxy.close();
      await devnet.close();
    },
  };
}
