import { priceOf, toolById } from '@paysight/contracts';
import { createDevnetChainSource, startDevnet, type ChainScenario } from '@paysight/devnet';
import { countingProxy } from './counting-proxy.js';
import type { CostCase, Workload } from './run.js';

const CHAIN = 'base' as const;

/**
 * One call of every tool that reads the chain, on the seeded Base devnet: the wallet tools on the exchange
 * hot wallet (its busiest scenario wallet) and the wallets it pays; the transaction and receipt tools on
 * the scenario's x402 payment (EIP-3009), its pending and reverted payments, a router swap and a smart
 * account's batch; the seller tools on the genuine seller; the wallet profile on a Safe and on an EIP-7702
 * account delegated to a sweeper (which reads its indexed history).
 */
export function devnetCases(world: ChainScenario): CostCase[] {
  const wallet = (label: string) => world.wallets[label]!.address;
  const mined = (name: string) => world.transactions[name]!.hash;
  const address = wallet('exchange');
  const others = ['employer', 'freshWallet', 'benignSaver', 'benignShopper'].map(wallet);
  const single = (depth: 'basic' | 'deep') => ({ address, chain: CHAIN, depth });
  const payee = wallet('payee');
  const seller = wallet('genuineSeller');
  const serviceUrl = 'https://seller.example/api/data';
  return [
    { tool: 'wallet_snapshot', label: 'basic (7 days)', body: single('basic') },
    { tool: 'wallet_snapshot', label: 'deep (30 days)', body: single('deep') },
    { tool: 'wallet_audit', label: 'basic (7 days)', body: single('basic') },
    { tool: 'wallet_audit', label: 'deep (30 days)', body: single('deep') },
    { tool: 'batch_wallet_snapshot', label: 'exchange and 4 scenario wallets', body: { addresses: [address, ...others], chain: CHAIN } },
    { tool: 'deep_wallet_report', label: 'deep (30 days)', body: { address, chain: CHAIN } },
    { tool: 'saved_report', label: 'deep (30 days)', body: { address, chain: CHAIN } },
    { tool: 'tx_status', label: 'mined x402 payment (EIP-3009)', body: { transactionHash: mined('receipt-paid-in-full'), chain: CHAIN } },
    { tool: 'tx_status', label: 'pending payment', body: { transactionHash: world.pendingTransactions['receipt-pending']!.hash, chain: CHAIN } },
    { tool: 'tx_decode', label: 'router swap (USDC for wrapped native)', body: { transactionHash: mined('defi-user-swaps-usdc-for-wrapped'), chain: CHAIN } },
    { tool: 'tx_decode', label: 'reverted USDC transfer (replayed)', body: { transactionHash: mined('receipt-reverted'), chain: CHAIN } },
    {
      tool: 'receipt_audit',
      label: 'x402 payment (EIP-3009)',
      body: {
        chain: CHAIN,
        transaction_hash: mined('receipt-paid-in-full'),
        expected_payee: payee,
        expected_amount: priceOf(toolById('receipt_audit')!).amount,
        currency: 'USDC',
        resource_url_hash: `sha256:${'ab'.repeat(32)}`,
        response_hash: `sha256:${'cd'.repeat(32)}`,
      },
    },
    {
      tool: 'mandate_chain_evidence',
      label: 'smart-account batch with a side transfer',
      body: {
        chain: CHAIN,
        transaction_hash: mined('mandate-payment-with-side-transfer'),
        mandate_context: { authorized_max_amount: '0.05', currency: 'USDC', expected_payee: payee, purpose: 'a receipt audit', human_present: false },
      },
    },
    {
      tool: 'agent_payment_preflight',
      label: 'established seller (30 days)',
      body: { chain: CHAIN, payee: wallet('establishedSeller'), amount: '0.25', currency: 'USDC', resource_url: 'https://seller.example/api/report', expected_payee: wallet('establishedSeller'), max_amount: '0.5' },
    },
    { tool: 'authenticity_score', label: 'genuine seller (30 days)', body: { chain: CHAIN, payee: seller, service_url: serviceUrl, timeframe_days: 30 } },
    { tool: 'seller_profile', label: 'genuine seller (30 days)', body: { chain: CHAIN, payee: seller, service_url: serviceUrl, declared_price: '0.25', currency: 'USDC' } },
    { tool: 'agent_payment_history_summary', label: 'genuine seller (30 days)', body: { chain: CHAIN, payee: seller, currency: 'USDC', lookback_days: 30 } },
    { tool: 'agent_wallet_profile', label: 'Safe-style multisig proxy', body: { chain: CHAIN, address: world.contracts.agentMultisig!.address } },
    { tool: 'agent_wallet_profile', label: 'EIP-7702 sweeper delegation (indexed history)', body: { chain: CHAIN, address: wallet('sweeperVictim') } },
  ];
}

/**
 * The seeded devnet read through the real JSON-RPC adapter (JSON-RPC batches, its cache) and the local
 * explorer; a counting proxy in front of the Base node measures the HTTP and JSON-RPC requests that reach
 * it. Each case gets a fresh chain source, so its first run starts with an empty cache.
 */
export async function devnetWorkload(): Promise<{ workload: Workload; close: () => Promise<void> }> {
  const devnet = await startDevnet({ seed: true, log: () => undefined });
  const proxy = await countingProxy(devnet.chains[CHAIN].rpcUrl);
  const chains = { ...devnet.chains, [CHAIN]: { ...devnet.chains[CHAIN], rpcUrl: proxy.url } };
  return {
    workload: {
      name: 'devnet (Base devnet, JSON-RPC and explorer adapters)',
      chain: CHAIN,
      newSource: () => createDevnetChainSource({ chains, explorerUrl: devnet.explorerUrl }),
      wire: proxy,
      cases: devnetCases(devnet.scenario.chains[CHAIN]),
    },
    close: async () => {
      await proxy.close();
      await devnet.close();
    },
  };
}
