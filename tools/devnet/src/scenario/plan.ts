import { CHAINS, type ChainName, priceOf, toolById } from '@paysight/contracts';
import { parseUnits } from 'viem';
import { APPROVAL_WALLETS, approvalPatterns, approvalsSection } from './approvals-plan.js';
import { PREFLIGHT_WALLETS, preflightImpersonated, preflightSteps } from './preflight-plan.js';
import { BENIGN_WALLETS, impersonatedAddresses, RISK_WALLETS, riskPatterns, riskSections } from './risk-plan.js';
import { pendingReceiptSteps, RECEIPT_WALLETS, receiptSteps } from './receipt-plan.js';
import { mergeChronologically } from './schedule.js';
import { SELLER_WALLETS, sellerSections } from './seller-plan.js';
import type { ScenarioPlan, Step } from './types.js';
import { WALLET_PROFILE_WALLETS, walletProfileSection } from './wallet-profile-plan.js';
import { usdc } from './step-builders.js';
import { REALISTIC_WALLETS, realisticImpersonated, realisticSections, realisticWallets } from './realistic-plan.js';

/** The named accounts, three ordinary wallets with some history between them, and the risk storylines' wallets. */
export const SCENARIO_WALLETS = ['demoBuyer', 'payee', 'facilitator', 'faucet', 'alice', 'bob', 'carol', ...RISK_WALLETS, ...RECEIPT_WALLETS, ...PREFLIGHT_WALLETS, ...SELLER_WALLETS, ...WALLET_PROFILE_WALLETS, ...APPROVAL_WALLETS, ...REALISTIC_WALLETS] as const;

const dollars = (amount: string) => parseUnits(amount, 18);

function toolPrice(id: string): bigint {
  const tool = toolById(id);
  if (!tool) throw new Error(`the catalog has no tool ${id}`);
  return BigInt(priceOf(tool).atomic);
}

/** Funding, contracts and everyday activity: the same on every chain. */
function commonSteps(chain: ChainName): Step[] {
  const coin = (amount: string) => parseUnits(amount, CHAINS[chain].nativeDecimals);
  return [
    // The faucet funds everyone two months ago.
    { name: 'fund-demo-buyer', kind: 'native-transfer', from: 'faucet', to: 'demoBuyer', value: coin('100'), daysAgo: 60 },
    { name: 'fund-facilitator', kind: 'native-transfer', from: 'faucet', to: 'facilitator', value: coin('10') },
    { name: 'fund-payee', kind: 'native-transfer', from: 'faucet', to: 'payee', value: coin('1') },
    { name: 'fund-alice', kind: 'native-transfer', from: 'faucet', to: 'alice', value: coin('50') },
    { name: 'fund-bob', kind: 'native-transfer', from: 'faucet', to: 'bob', value: coin('20') },
    { name: 'fund-carol', kind: 'native-transfer', from: 'faucet', to: 'carol', value: coin('5') },
    { name: 'mint-usdc-demo-buyer', kind: 'token-mint', from: 'faucet', token: 'usdc', to: 'demoBuyer', amount: usdc('1000') },
    { name: 'mint-usdc-alice', kind: 'token-mint', from: 'faucet', token: 'usdc', to: 'alice', amount: usdc('500') },
    { name: 'mint-usdc-bob', kind: 'token-mint', from: 'faucet', token: 'usdc', to: 'bob', amount: usdc('250') },

    // Contracts, deployed by the faucet account (so their addresses are the same on every chain).
    // The wrapped native coin (`wrappedNative`) is not among them: it is placed at its canonical address.
    { name: 'deploy-devnet-dollar', kind: 'deploy-token', from: 'faucet', id: 'devnetDollar', tokenName: 'Devnet Dollar', symbol: 'DUSD', decimals: 18, daysAgo: 55 },
    { name: 'deploy-explorers', kind: 'deploy-collection', from: 'faucet', id: 'explorers', collectionName: 'Devnet Explorers', symbol: 'DXPL' },
    { name: 'deploy-counter', kind: 'deploy-counter', from: 'faucet', id: 'counter' },
    { name: 'deploy-counter-proxy', kind: 'deploy-proxy', from: 'faucet', id: 'counterProxy', implementation: 'counter', initCall: { functionName: 'increment' } },
    { name: 'mint-dusd-alice', kind: 'token-mint', from: 'faucet', token: 'devnetDollar', to: 'alice', amount: dollars('10000') },
    { name: 'mint-dusd-bob', kind: 'token-mint', from: 'faucet', token: 'devnetDollar', to: 'bob', amount: dollars('2500') },
    { name: 'mint-explorer-1-alice', kind: 'nft-mint', from: 'faucet', collection: 'explorers', to: 'alice', tokenId: 1n },
    { name: 'mint-explorer-2-alice', kind: 'nft-mint', from: 'faucet', collection: 'explorers', to: 'alice', tokenId: 2n },
    { name: 'mint-explorer-3-bob', kind: 'nft-mint', from: 'faucet', collection: 'explorers', to: 'bob', tokenId: 3n },

    // Everyday activity between the wallets.
    { name: 'alice-wraps', kind: 'wrap', from: 'alice', token: 'wrappedNative', amount: coin('5'), daysAgo: 45 },
    { name: 'alice-pays-bob-dusd', kind: 'token-transfer', from: 'alice', token: 'devnetDollar', to: 'bob', amount: dollars('1200') },
    { name: 'alice-sends-bob-native', kind: 'native-transfer', from: 'alice', to: 'bob', value: coin('1.5') },
    { name: 'bob-pays-carol-dusd', kind: 'token-transfer', from: 'bob', token: 'devnetDollar', to: 'carol', amount: dollars('300'), daysAgo: 38 },
    { name: 'bob-pays-carol-usdc', kind: 'token-transfer', from: 'bob', token: 'usdc', to: 'carol', amount: usdc('40') },
    { name: 'alice-sends-carol-wrapped', kind: 'token-transfer', from: 'alice', token: 'wrappedNative', to: 'carol', amount: coin('1') },
    { name: 'alice-gives-carol-explorer-1', kind: 'nft-transfer', from: 'alice', collection: 'explorers', to: 'carol', tokenId: 1n },
    { name: 'alice-approves-bob-dusd', kind: 'token-approve', from: 'alice', token: 'devnetDollar', spender: 'bob', amount: dollars('500'), daysAgo: 30 },
    { name: 'bob-pulls-dusd-from-alice', kind: 'token-transfer-from', from: 'bob', token: 'devnetDollar', owner: 'alice', to: 'bob', amount: dollars('200') },
    { name: 'carol-overspends-dusd', kind: 'token-transfer', from: 'carol', token: 'devnetDollar', to: 'alice', amount: dollars('1000'), reverts: { reason: 'ERC20: transfer amount exceeds balance' } },
    { name: 'alice-increments-counter', kind: 'contract-call', from: 'alice', to: 'counter', functionName: 'increment', daysAgo: 20 },
    { name: 'bob-steps-too-far', kind: 'contract-call', from: 'bob', to: 'counter', functionName: 'incrementBy', args: [1000n], reverts: { reason: 'Counter: step too large' } },
    { name: 'bob-increments-via-proxy', kind: 'contract-call', from: 'bob', to: 'counterProxy', functionName: 'incrementBy', args: [5n] },
    { name: 'carol-decrements-counter', kind: 'contract-call', from: 'carol', to: 'counter', functionName: 'decrement' },
    { name: 'carol-decrements-empty-counter', kind: 'contract-call', from: 'carol', to: 'counter', functionName: 'decrement', reverts: { error: 'CounterUnderflow' } },
    { name: 'alice-unwraps', kind: 'unwrap', from: 'alice', token: 'wrappedNative', amount: coin('2'), daysAgo: 11 },
    { name: 'carol-sends-alice-native', kind: 'native-transfer', from: 'carol', to: 'alice', value: coin('0.5'), daysAgo: 5 },
  ];
}

/** On Base the demo buyer has already paid for two calls over x402, settled by the facilitator. */
function baseSteps(): Step[] {
  return [
    { name: 'x402-payment-wallet-snapshot', kind: 'usdc-authorization', from: 'facilitator', payer: 'demoBuyer', to: 'payee', amount: toolPrice('wallet_snapshot'), daysAgo: 2 },
    { name: 'x402-payment-wallet-audit', kind: 'usdc-authorization', from: 'facilitator', payer: 'demoBuyer', to: 'payee', amount: toolPrice('wallet_audit'), daysAgo: 1 },
  ];
}

/** The seeded history of one chain. Add wallets and steps here; the engine runs whatever is listed. */
export function scenarioPlan(chain: ChainName): ScenarioPlan {
  return {
    wallets: SCENARIO_WALLETS,
    impersonated: { ...impersonatedAddresses(), ...preflightImpersonated(), ...realisticImpersonated() },
    steps: mergeChronologically([
      commonSteps(chain),
      ...(chain === 'base' ? [baseSteps()] : []),
      ...riskSections(chain),
      ...sellerSections(chain),
      receiptSteps((amount) => parseUnits(amount, CHAINS[chain].nativeDecimals)),
      preflightSteps(),
      walletProfileSection(chain),
      approvalsSection(chain),
      ...realisticSections(chain),
    ]),
    pendingSteps: pendingReceiptSteps(),
    riskPatterns: [...riskPatterns(), ...approvalPatterns(chain)],
    benignWallets: BENIGN_WALLETS,
    realisticWallets: realisticWallets(chain),
  };
}
