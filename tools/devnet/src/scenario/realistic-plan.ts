import { CHAINS, type ChainName, PAYMENT } from '@paysight/contracts';
import { type Address, keccak256, maxUint256, parseUnits, toBytes } from 'viem';
import { devnetAccount } from '../accounts.js';
import { lookalikeAddress } from './lookalike.js';
import { usdc, usdcTransfer } from './step-builders.js';
import type { BatchCall, PlannedRealisticWallet, Step } from './types.js';

/**
 * Wallets shaped like common mainnet kinds, for testing the wallet audit where naive rules go wrong:
 * a DeFi power user (router swaps, wrapping, liquidity, unlimited approvals to the router), a wallet
 * showered with spam and counterfeit tokens, a payer poisoned with look-alikes of its payee, an EIP-7702
 * account driven by a bundler through an implementation nobody lists, the swap router itself (callers
 * include a sanctioned address), and, on Base only, an exchange hot wallet with thousands of payouts.
 * The others are their world: the router's liquidity provider and casual users, the spammer, the payee
 * and its poisoner, the bundler and the account's vendor.
 */
export const REALISTIC_WALLETS = [
  'defiPowerUser',
  'liquidityProvider',
  'routerUser1',
  'routerUser2',
  'routerUser3',
  'spamRecipient',
  'spammer',
  'regularPayer',
  'contractor',
  'contractorPoisoner',
  'relayedAccount',
  'bundler',
  'accountVendor',
  'busyHotWallet',
] as const;

/** The poisoner's two look-alikes of the contractor (no key; sent from by impersonation). */
export function realisticImpersonated(): Record<'contractorLookalikeA' | 'contractorLookalikeB', Address> {
  const contractor = devnetAccount('contractor').address;
  return { contractorLookalikeA: lookalikeAddress(contractor, 'contractorA'), contractorLookalikeB: lookalikeAddress(contractor, 'contractorB') };
}

/**
 * Addresses outside the scenario that only receive (an exchange's customers, airdrop targets), keyless:
 * 16 bytes derived from the group's name, then the index. Lower case, as thousands of checksums cost seconds.
 */
export function bystanderAddresses(group: string, count: number): Address[] {
  const prefix = keccak256(toBytes(`paysight-devnet:bystanders:${group}`)).slice(2, 34);
  return Array.from({ length: count }, (_, i) => `0x${prefix}${i.toString(16).padStart(8, '0')}` as Address);
}

/** The hot wallet's payouts: HOT_WALLET_BATCHES transactions of HOT_WALLET_BATCH_SIZE transfers, each to another customer. */
export const HOT_WALLET_BATCHES = 10;
export const HOT_WALLET_BATCH_SIZE = 1_000;
const HOT_WALLET_CHAIN: ChainName = 'base';
/**
 * The chains that carry the realistic wallets: Ethereum, where most of these shapes come from, and Base,
 * where the API's tests run. Their swaps and relayed batches are traced by the explorer, which costs
 * seconds per chain, so the other chains do without.
 */
export const REALISTIC_CHAINS: readonly ChainName[] = ['ethereum', 'base'];

const AIRDROP_TARGETS = 24;
const CONTRACTOR_PAYMENT_DAYS = [42, 35, 28, 21, 14, 7] as const;
const WRAP_ROUND_TRIPS = [
  { daysAgo: 30, amount: '1.2' },
  { daysAgo: 22, amount: '0.75' },
  { daysAgo: 15, amount: '2' },
] as const;

const dollars = (amount: string) => parseUnits(amount, 18);
/** A date `minutes` after `days` ago, for steps minutes apart. */
const ago = (days: number, minutesLater = 0) => days - minutesLater / 1440;

export function realisticSections(chain: ChainName): Step[][] {
  if (!REALISTIC_CHAINS.includes(chain)) return [];
  const coin = (amount: string) => parseUnits(amount, CHAINS[chain].nativeDecimals);
  const swap = (name: string, from: string, sell: string, buy: string, amount: bigint, daysAgo?: number): Step => ({
    name,
    kind: 'swap',
    from,
    router: 'router',
    sell,
    buy,
    amount,
    ...(daysAgo !== undefined && { daysAgo }),
  });

  const liquidity: Step[] = [
    { name: 'fund-liquidity-provider', kind: 'native-transfer', from: 'exchange', to: 'liquidityProvider', value: coin('45'), daysAgo: 54 },
    usdcTransfer('send-usdc-liquidity-provider', 'exchange', 'liquidityProvider', '150000'),
    { name: 'liquidity-provider-wraps', kind: 'wrap', from: 'liquidityProvider', token: 'wrappedNative', amount: coin('40') },
    { name: 'liquidity-provider-approves-router-usdc', kind: 'token-approve', from: 'liquidityProvider', token: 'usdc', spender: 'router', amount: maxUint256 },
    { name: 'liquidity-provider-approves-router-wrapped', kind: 'token-approve', from: 'liquidityProvider', token: 'wrappedNative', spender: 'router', amount: maxUint256 },
    { name: 'liquidity-provider-adds-liquidity', kind: 'add-liquidity', from: 'liquidityProvider', router: 'router', tokenA: 'wrappedNative', tokenB: 'usdc', amountA: coin('40'), amountB: usdc('120000'), daysAgo: 53 },
  ];

  const defi: Step[] = [
    { name: 'fund-defi-power-user', kind: 'native-transfer', from: 'exchange', to: 'defiPowerUser', value: coin('12'), daysAgo: 49 },
    usdcTransfer('send-usdc-defi-power-user', 'exchange', 'defiPowerUser', '6000'),
    { name: 'defi-user-approves-router-usdc', kind: 'token-approve', from: 'defiPowerUser', token: 'usdc', spender: 'router', amount: maxUint256, daysAgo: 47 },
    { name: 'defi-user-approves-router-wrapped', kind: 'token-approve', from: 'defiPowerUser', token: 'wrappedNative', spender: 'router', amount: maxUint256 },
    swap('defi-user-swaps-native-for-usdc', 'defiPowerUser', 'native', 'usdc', coin('2'), 46),
    { name: 'defi-user-wraps-for-liquidity', kind: 'wrap', from: 'defiPowerUser', token: 'wrappedNative', amount: coin('1.5'), daysAgo: 44 },
    { name: 'defi-user-adds-liquidity', kind: 'add-liquidity', from: 'defiPowerUser', router: 'router', tokenA: 'wrappedNative', tokenB: 'usdc', amountA: coin('1'), amountB: usdc('3000'), daysAgo: 43 },
    swap('defi-user-swaps-usdc-for-native', 'defiPowerUser', 'usdc', 'native', usdc('1500'), 40),
    // Wrapping before a trade and unwrapping after it, hours apart: equal amounts to and from the wrapped-native contract.
    ...WRAP_ROUND_TRIPS.flatMap(({ daysAgo, amount }, i): Step[] => [
      { name: `defi-user-wraps-${i + 1}`, kind: 'wrap', from: 'defiPowerUser', token: 'wrappedNative', amount: coin(amount), daysAgo },
      { name: `defi-user-unwraps-${i + 1}`, kind: 'unwrap', from: 'defiPowerUser', token: 'wrappedNative', amount: coin(amount), daysAgo: ago(daysAgo, 180) },
    ]),
    swap('defi-user-swaps-usdc-for-wrapped', 'defiPowerUser', 'usdc', 'wrappedNative', usdc('900'), 10),
    swap('defi-user-swaps-wrapped-for-usdc', 'defiPowerUser', 'wrappedNative', 'usdc', coin('0.4'), 4),
  ];

  const routerUsers: Step[] = [
    ...[1, 2, 3].map((n): Step => ({ name: `fund-router-user-${n}`, kind: 'native-transfer', from: 'exchange', to: `routerUser${n}`, value: coin(`${n}`), daysAgo: 39 - n })),
    swap('router-user-1-swaps', 'routerUser1', 'native', 'usdc', coin('0.3'), 33),
    swap('router-user-2-swaps', 'routerUser2', 'native', 'usdc', coin('0.8'), 27),
    // A sanctioned address trades through the router too, as anyone can.
    swap('lazarus-swaps-through-router', 'lazarus', 'native', 'usdc', coin('1'), 18),
    swap('router-user-3-swaps', 'routerUser3', 'native', 'usdc', coin('1.1'), 12),
    { name: 'router-user-2-approves-router', kind: 'token-approve', from: 'routerUser2', token: 'usdc', spender: 'router', amount: usdc('1000'), daysAgo: 6 },
    swap('router-user-2-swaps-back', 'routerUser2', 'usdc', 'native', usdc('1000')),
  ];

  const airdropTargets = bystanderAddresses('airdrop-targets', AIRDROP_TARGETS);
  const spamTokens = [
    { id: 'spamUsdc', tokenName: PAYMENT.eip712.name, symbol: PAYMENT.currency, decimals: PAYMENT.decimals, amount: usdc('4999'), from: 'exchange', counterfeit: true },
    { id: 'spamWrapped', tokenName: 'Wrapped Ether', symbol: 'WETH', decimals: 18, amount: dollars('2.5'), from: 'spammer', counterfeit: true },
    { id: 'spamRewardPass', tokenName: 'Reward Pass', symbol: 'RWDP', decimals: 18, amount: dollars('1000'), from: 'spammer', counterfeit: false },
    { id: 'spamClaimTicket', tokenName: 'Claim Ticket', symbol: 'CLMT', decimals: 0, amount: 1n, from: 'spammer', counterfeit: false },
  ] as const;
  const spam: Step[] = [
    { name: 'fund-spam-recipient', kind: 'native-transfer', from: 'exchange', to: 'spamRecipient', value: coin('1.5'), daysAgo: 45 },
    usdcTransfer('send-usdc-spam-recipient', 'exchange', 'spamRecipient', '800'),
    usdcTransfer('spam-recipient-pays-landlord', 'spamRecipient', 'landlord', '300', 40),
    { name: 'fund-spammer', kind: 'native-transfer', from: 'exchange', to: 'spammer', value: coin('2'), daysAgo: 37 },
    ...spamTokens.map(
      (t, i): Step => ({ name: `deploy-${t.id}`, kind: t.counterfeit ? 'deploy-counterfeit-token' : 'deploy-spam-token', from: 'spammer', id: t.id, tokenName: t.tokenName, symbol: t.symbol, decimals: t.decimals, daysAgo: 36 - i / 4 }),
    ),
    // Every token is airdropped twice, weeks apart, to the recipient and two dozen strangers.
    ...[33, 19].flatMap((daysAgo, round) =>
      spamTokens.map(
        (t, i): Step => ({
          name: `airdrop-${t.id}-${round + 1}`,
          kind: 'spoof-airdrop',
          from: 'spammer',
          token: t.id,
          spoofedFrom: t.from,
          recipients: ['spamRecipient', ...airdropTargets],
          amount: t.amount,
          daysAgo: ago(daysAgo, 30 * i),
        }),
      ),
    ),
    { name: 'spam-recipient-pays-exchange', kind: 'native-transfer', from: 'spamRecipient', to: 'exchange', value: coin('0.2'), daysAgo: 12 },
  ];

  const payment = usdc('1500');
  const POISONING_AFTER_PAYMENT: Record<number, Step[]> = {
    28: [
      { name: 'lookalike-a-zero-transfer-from-payer-1', kind: 'token-transfer-from', from: 'contractorLookalikeA', token: 'usdc', owner: 'regularPayer', to: 'contractorLookalikeA', amount: 0n, daysAgo: ago(28, 3) },
      { name: 'lookalike-a-dust-to-payer', kind: 'native-transfer', from: 'contractorLookalikeA', to: 'regularPayer', value: coin('0.000001'), daysAgo: ago(28, 4) },
    ],
    14: [
      { name: 'lookalike-b-usdc-dust-to-payer', kind: 'token-transfer', from: 'contractorLookalikeB', token: 'usdc', to: 'regularPayer', amount: 1n, daysAgo: ago(14, 2) },
      { name: 'lookalike-b-counterfeit-usdc-to-payer', kind: 'spoof-transfer', from: 'contractorPoisoner', token: 'poisonerUsdc', spoofedFrom: 'contractorLookalikeB', to: 'regularPayer', amount: payment, daysAgo: ago(14, 5) },
    ],
    7: [{ name: 'lookalike-a-zero-transfer-from-payer-2', kind: 'token-transfer-from', from: 'contractorLookalikeA', token: 'usdc', owner: 'regularPayer', to: 'contractorLookalikeA', amount: 0n, daysAgo: ago(7, 6) }],
  };
  const poisoning: Step[] = [
    { name: 'fund-regular-payer', kind: 'native-transfer', from: 'exchange', to: 'regularPayer', value: coin('2'), daysAgo: 50 },
    usdcTransfer('send-usdc-regular-payer', 'exchange', 'regularPayer', '20000'),
    { name: 'fund-contractor-poisoner', kind: 'native-transfer', from: 'exchange', to: 'contractorPoisoner', value: coin('1'), daysAgo: 44.5 },
    { name: 'deploy-poisoner-usdc', kind: 'deploy-counterfeit-token', from: 'contractorPoisoner', id: 'poisonerUsdc', tokenName: PAYMENT.eip712.name, symbol: PAYMENT.currency, decimals: PAYMENT.decimals },
    usdcTransfer('exchange-pays-contractor-lookalike-b', 'exchange', 'contractorLookalikeB', '1', 44),
    // Minutes after some of the weekly payments, look-alikes of the contractor plant themselves in the payer's history.
    ...CONTRACTOR_PAYMENT_DAYS.flatMap((daysAgo, i): Step[] => [
      { name: `regular-payer-pays-contractor-${i + 1}`, kind: 'token-transfer', from: 'regularPayer', token: 'usdc', to: 'contractor', amount: payment, daysAgo },
      ...(POISONING_AFTER_PAYMENT[daysAgo] ?? []),
    ]),
    { name: 'fund-contractor', kind: 'native-transfer', from: 'exchange', to: 'contractor', value: coin('0.2'), daysAgo: 5 },
    usdcTransfer('contractor-cashes-out', 'contractor', 'exchange', '4000', 3),
  ];

  // The bundler submits the account's signed batch: a payment, and its own fee in native coin (an internal transfer out of the account).
  const relay = (n: number, daysAgo: number, payment: BatchCall): Step => ({
    name: `bundler-relays-batch-${n}`,
    kind: 'relayed-batch',
    from: 'bundler',
    account: 'relayedAccount',
    calls: [payment, { to: 'bundler', value: coin('0.002') }],
    daysAgo,
  });
  const relayed: Step[] = [
    { name: 'fund-relayed-account', kind: 'native-transfer', from: 'exchange', to: 'relayedAccount', value: coin('2'), daysAgo: 34 },
    usdcTransfer('send-usdc-relayed-account', 'exchange', 'relayedAccount', '600'),
    { name: 'fund-bundler', kind: 'native-transfer', from: 'exchange', to: 'bundler', value: coin('1') },
    { name: 'fund-account-vendor', kind: 'native-transfer', from: 'exchange', to: 'accountVendor', value: coin('1') },
    { name: 'deploy-relayed-account-implementation', kind: 'deploy-relayed-account', from: 'accountVendor', id: 'relayedAccountImplementation', daysAgo: 33 },
    // The bundler sponsors the delegation, as wallets that onboard users to EIP-7702 do.
    { name: 'bundler-delegates-relayed-account', kind: 'eip7702-delegation', from: 'bundler', authority: 'relayedAccount', implementation: 'relayedAccountImplementation', to: 'relayedAccount', daysAgo: 30 },
    relay(1, 27, { token: 'usdc', to: 'landlord', amount: usdc('90') }),
    relay(2, 20, { to: 'exchange', value: coin('0.1') }),
    // Coin that arrives stays: nothing forwards it.
    { name: 'exchange-pays-relayed-account', kind: 'native-transfer', from: 'exchange', to: 'relayedAccount', value: coin('0.5'), toRunsCode: true, daysAgo: 16 },
    relay(3, 13, { token: 'usdc', to: 'landlord', amount: usdc('90') }),
    { name: 'relayed-account-pays-exchange-itself', kind: 'native-transfer', from: 'relayedAccount', to: 'exchange', value: coin('0.05'), daysAgo: 9 },
    relay(4, 6, { to: 'exchange', value: coin('0.1') }),
    relay(5, 2, { token: 'usdc', to: 'landlord', amount: usdc('90') }),
  ];

  return [liquidity, defi, routerUsers, spam, poisoning, relayed, ...(chain === HOT_WALLET_CHAIN ? [hotWalletSection(coin)] : [])];
}

/** Thousands of payouts to customers in a few transactions, over the last week. */
function hotWalletSection(coin: (amount: string) => bigint): Step[] {
  const customers = bystanderAddresses('hot-wallet-customers', HOT_WALLET_BATCHES * HOT_WALLET_BATCH_SIZE);
  const payouts = Array.from({ length: HOT_WALLET_BATCHES }, (_, batch): Step => ({
    name: `hot-wallet-payouts-${batch + 1}`,
    kind: 'token-batch-transfer',
    from: 'busyHotWallet',
    token: 'devnetDollar',
    transfers: customers.slice(batch * HOT_WALLET_BATCH_SIZE, (batch + 1) * HOT_WALLET_BATCH_SIZE).map((to, i) => ({ to, amount: dollars(String(10 + (i % 97))) })),
    daysAgo: 6.5 - batch * 0.6,
  }));
  return [
    { name: 'fund-busy-hot-wallet', kind: 'native-transfer', from: 'exchange', to: 'busyHotWallet', value: coin('5'), daysAgo: 21 },
    { name: 'mint-dusd-busy-hot-wallet', kind: 'token-mint', from: 'faucet', token: 'devnetDollar', to: 'busyHotWallet', amount: dollars('1000000') },
    usdcTransfer('exchange-tops-up-busy-hot-wallet', 'exchange', 'busyHotWallet', '25000', 8),
    ...payouts,
  ];
}

/** What the audit should say of each realistic wallet (docs: tools/devnet/README.md, "Realistic wallets"). */
export function realisticWallets(chain: ChainName): PlannedRealisticWallet[] {
  if (!REALISTIC_CHAINS.includes(chain)) return [];
  const wraps = WRAP_ROUND_TRIPS.flatMap((_, i) => [`defi-user-wraps-${i + 1}`, `defi-user-unwraps-${i + 1}`]);
  const wallets: PlannedRealisticWallet[] = [
    {
      shape: 'defi-power-user',
      wallet: 'defiPowerUser',
      summary:
        'Swaps through the router (native in, native out through multicall and unwrapWETH9, token to token), adds liquidity, approves the router for unlimited USDC and WETH, and wraps and unwraps equal amounts three times within hours.',
      expectedFlags: [],
      forbiddenFlags: ['wash_trading', 'unlimited_approval', 'sanctioned_counterparty', 'fake_token'],
      scoreBands: ['low'],
      transactions: ['defi-user-swaps-native-for-usdc', 'defi-user-swaps-usdc-for-native', 'defi-user-adds-liquidity', 'defi-user-approves-router-usdc', ...wraps],
      counterparties: ['router', 'wrappedNative'],
    },
    {
      shape: 'spam-recipient',
      wallet: 'spamRecipient',
      summary:
        'An ordinary wallet that eight airdrops showered with four tokens it never touched: counterfeit "USD Coin" (shown as sent by the exchange) and "Wrapped Ether", and two made-up reward tokens.',
      expectedFlags: [],
      forbiddenFlags: [],
      scoreBands: ['low'],
      exposureMentions: ['spam', 'counterfeit', 'unsolicited'],
      transactions: ['airdrop-spamUsdc-1', 'airdrop-spamWrapped-1', 'airdrop-spamRewardPass-1', 'airdrop-spamClaimTicket-2'],
      counterparties: ['spammer', 'spamUsdc', 'spamWrapped', 'spamRewardPass', 'spamClaimTicket'],
    },
    {
      shape: 'poisoning-victim',
      wallet: 'regularPayer',
      summary:
        'Pays its contractor 1,500 USDC weekly, six times; two look-alikes of the contractor pull zero-value USDC transferFroms out of it, send it native and USDC dust, and appear as senders of a counterfeit USDC transfer. It never pays a look-alike.',
      expectedFlags: [],
      forbiddenFlags: [],
      scoreBands: ['low'],
      exposureMentions: ['poison'],
      transactions: ['lookalike-a-zero-transfer-from-payer-1', 'lookalike-a-dust-to-payer', 'lookalike-b-usdc-dust-to-payer', 'lookalike-b-counterfeit-usdc-to-payer', 'lookalike-a-zero-transfer-from-payer-2'],
      counterparties: ['contractor', 'contractorLookalikeA', 'contractorLookalikeB', 'poisonerUsdc'],
    },
    {
      shape: 'relayed-smart-account',
      wallet: 'relayedAccount',
      summary:
        'Delegated (EIP-7702, sponsored by the bundler) to an implementation on no list; the bundler submits its signed batches, which pay the landlord or the exchange and the bundler\'s fee in native coin (internal transfers out in transactions it did not send). Coin it receives stays.',
      expectedFlags: ['eip7702_unrecognized_delegation'],
      forbiddenFlags: ['eip7702_sweeper_delegation'],
      scoreBands: ['low', 'guarded', 'elevated'],
      transactions: ['bundler-delegates-relayed-account', 'bundler-relays-batch-1', 'bundler-relays-batch-2', 'exchange-pays-relayed-account'],
      counterparties: ['bundler', 'relayedAccountImplementation'],
    },
    {
      shape: 'router-contract',
      wallet: 'router',
      summary: 'The swap router at SwapRouter02\'s address: called by a liquidity provider, the DeFi user, three casual users and the Lazarus Group address.',
      expectedFlags: [],
      forbiddenFlags: ['sanctioned_counterparty', 'wash_trading', 'funding_concentration', 'fresh_wallet'],
      scoreBands: ['low'],
      transactions: ['liquidity-provider-adds-liquidity', 'lazarus-swaps-through-router', 'router-user-1-swaps', 'defi-user-swaps-native-for-usdc'],
      counterparties: ['lazarus', 'liquidityProvider', 'defiPowerUser'],
    },
  ];
  if (chain === HOT_WALLET_CHAIN) {
    wallets.push({
      shape: 'busy-hot-wallet',
      wallet: 'busyHotWallet',
      summary: `${(HOT_WALLET_BATCHES * HOT_WALLET_BATCH_SIZE).toLocaleString('en-US')} DUSD payouts to as many customers in ${HOT_WALLET_BATCHES} batch transactions over the last week.`,
      expectedFlags: [],
      forbiddenFlags: ['wash_trading', 'funding_concentration', 'address_poisoning'],
      scoreBands: ['low'],
      transactions: Array.from({ length: HOT_WALLET_BATCHES }, (_, batch) => `hot-wallet-payouts-${batch + 1}`),
      counterparties: ['devnetDollar'],
    });
  }
  return wallets;
}
