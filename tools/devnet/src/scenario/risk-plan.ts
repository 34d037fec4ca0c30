import { CHAINS, type ChainName, PAYMENT } from '@paysight/contracts';
import { type Address, maxUint256, parseUnits } from 'viem';
import { devnetAccount } from '../accounts.js';
import { lookalikeAddress } from './lookalike.js';
import type { PlannedRiskPattern, Step } from './types.js';
import { usdc, usdcTransfer } from './step-builders.js';

/**
 * Wallets of the risk storylines. `exchange` plays a centralised exchange's hot wallet, `employer` pays
 * salaries, `landlord` collects rent and `subscriptionService` pulls approved payments: the ordinary
 * world the risky (and the benign) wallets live in.
 */
export const RISK_WALLETS = [
  'exchange',
  'employer',
  'landlord',
  'subscriptionService',
  'freshWallet',
  'poisonVictim',
  'poisonCounterparty',
  'poisoner',
  'approvalOwner',
  'staleSpender',
  'unlimitedSpender',
  'smartAccountUser',
  'sweeperVictim',
  'drainer',
  'sanctionsExposed',
  'mixerDepositor',
  'mixerRelayer',
  'mixerRecipient',
  'sybilFunder',
  'sybil1',
  'sybil2',
  'sybil3',
  'sybil4',
  'sybil5',
  'washTraderA',
  'washTraderB',
  'benignSaver',
  'benignShopper',
] as const;

/** On the OFAC SDN list (LAZARUS GROUP); the devnet's sanctions oracle lists it. */
export const LAZARUS_GROUP_ADDRESS: Address = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';

/** Addresses that send without a key: the poisoner's look-alike of the victim's supplier, and Lazarus. */
export function impersonatedAddresses(): Record<'lookalike' | 'lazarus', Address> {
  return {
    lookalike: lookalikeAddress(devnetAccount('poisonCounterparty').address, 'poisonCounterparty'),
    lazarus: LAZARUS_GROUP_ADDRESS,
  };
}

export const BENIGN_WALLETS = ['benignSaver', 'benignShopper'] as const;

const dollars = (amount: string) => parseUnits(amount, 18);
/** A date `minutes` after `days` ago, for steps minutes apart. */
const ago = (days: number, minutesLater = 0) => days - minutesLater / 1440;

const SUPPLIER_PAYMENT = usdc('1250');
const WASH_AMOUNT = dollars('4000');
const SYBIL_GRANT = '1.5';

/** The risk storylines, each its own chronological section (mergeChronologically interleaves them). */
export function riskSections(chain: ChainName): Step[][] {
  const coin = (amount: string) => parseUnits(amount, CHAINS[chain].nativeDecimals);
  const { lazarus } = impersonatedAddresses();

  const market: Step[] = [
    { name: 'fund-exchange', kind: 'native-transfer', from: 'faucet', to: 'exchange', value: coin('1000'), daysAgo: 60 },
    { name: 'mint-usdc-exchange', kind: 'token-mint', from: 'faucet', token: 'usdc', to: 'exchange', amount: usdc('1000000') },
    { name: 'fund-employer', kind: 'native-transfer', from: 'faucet', to: 'employer', value: coin('10') },
    { name: 'mint-usdc-employer', kind: 'token-mint', from: 'faucet', token: 'usdc', to: 'employer', amount: usdc('50000') },
    { name: 'fund-subscription-service', kind: 'native-transfer', from: 'faucet', to: 'subscriptionService', value: coin('2') },
  ];

  const freshWallet: Step[] = [
    { name: 'fund-fresh-wallet', kind: 'native-transfer', from: 'exchange', to: 'freshWallet', value: coin('0.3'), daysAgo: 1.6 },
    { name: 'fresh-wallet-pays-exchange', kind: 'native-transfer', from: 'freshWallet', to: 'exchange', value: coin('0.1'), daysAgo: 1.2 },
  ];

  const addressPoisoning: Step[] = [
    { name: 'fund-poison-victim', kind: 'native-transfer', from: 'exchange', to: 'poisonVictim', value: coin('2'), daysAgo: 50 },
    usdcTransfer('send-usdc-poison-victim', 'exchange', 'poisonVictim', '10000'),
    { name: 'poison-victim-pays-supplier-1', kind: 'token-transfer', from: 'poisonVictim', token: 'usdc', to: 'poisonCounterparty', amount: SUPPLIER_PAYMENT, daysAgo: 35 },
    { name: 'poison-victim-pays-supplier-2', kind: 'token-transfer', from: 'poisonVictim', token: 'usdc', to: 'poisonCounterparty', amount: SUPPLIER_PAYMENT, daysAgo: 21 },
    { name: 'fund-poisoner', kind: 'native-transfer', from: 'exchange', to: 'poisoner', value: coin('1'), daysAgo: 9 },
    { name: 'deploy-counterfeit-usdc', kind: 'deploy-counterfeit-token', from: 'poisoner', id: 'counterfeitUsdc', tokenName: PAYMENT.eip712.name, symbol: PAYMENT.currency, decimals: PAYMENT.decimals, daysAgo: 8.5 },
    { name: 'poison-victim-pays-supplier-3', kind: 'token-transfer', from: 'poisonVictim', token: 'usdc', to: 'poisonCounterparty', amount: SUPPLIER_PAYMENT, daysAgo: 8 },
    // Minutes after the real payment, the poisoner plants the look-alike in the victim's history three ways.
    { name: 'poison-zero-transfer-from-victim', kind: 'token-transfer-from', from: 'lookalike', token: 'usdc', owner: 'poisonVictim', to: 'lookalike', amount: 0n, daysAgo: ago(8, 4) },
    { name: 'poison-dust-to-victim', kind: 'native-transfer', from: 'lookalike', to: 'poisonVictim', value: coin('0.00001'), daysAgo: ago(8, 5) },
    { name: 'poison-counterfeit-usdc-transfer', kind: 'spoof-transfer', from: 'poisoner', token: 'counterfeitUsdc', spoofedFrom: 'lookalike', to: 'poisonVictim', amount: SUPPLIER_PAYMENT, daysAgo: ago(8, 6) },
  ];

  const approvals: Step[] = [
    { name: 'fund-approval-owner', kind: 'native-transfer', from: 'exchange', to: 'approvalOwner', value: coin('2'), daysAgo: 57 },
    usdcTransfer('send-usdc-approval-owner', 'exchange', 'approvalOwner', '5000'),
    { name: 'approval-owner-approves-stale-spender', kind: 'token-approve', from: 'approvalOwner', token: 'usdc', spender: 'staleSpender', amount: usdc('2500'), daysAgo: 55 },
    { name: 'approval-owner-approves-subscription', kind: 'token-approve', from: 'approvalOwner', token: 'usdc', spender: 'subscriptionService', amount: usdc('25'), daysAgo: 25 },
    { name: 'subscription-pulls-from-approval-owner', kind: 'token-transfer-from', from: 'subscriptionService', token: 'usdc', owner: 'approvalOwner', to: 'subscriptionService', amount: usdc('25'), daysAgo: 24 },
    { name: 'approval-owner-approves-unlimited', kind: 'token-approve', from: 'approvalOwner', token: 'usdc', spender: 'unlimitedSpender', amount: maxUint256, daysAgo: 9 },
  ];

  const delegations: Step[] = [
    { name: 'fund-smart-account-user', kind: 'native-transfer', from: 'exchange', to: 'smartAccountUser', value: coin('3'), daysAgo: 35 },
    usdcTransfer('send-usdc-smart-account-user', 'exchange', 'smartAccountUser', '300'),
    { name: 'smart-account-user-delegates', kind: 'eip7702-delegation', from: 'smartAccountUser', authority: 'smartAccountUser', implementation: 'smartAccount', to: 'smartAccountUser', daysAgo: 20 },
    {
      name: 'smart-account-user-batches-payments',
      kind: 'smart-account-batch',
      from: 'smartAccountUser',
      calls: [
        { token: 'usdc', to: 'landlord', amount: usdc('120') },
        { to: 'exchange', value: coin('0.2') },
      ],
      daysAgo: 19,
    },
  ];

  const sweeper: Step[] = [
    { name: 'fund-sweeper-victim', kind: 'native-transfer', from: 'exchange', to: 'sweeperVictim', value: coin('1.5'), daysAgo: 30 },
    { name: 'sweeper-victim-pays-landlord', kind: 'native-transfer', from: 'sweeperVictim', to: 'landlord', value: coin('0.1'), daysAgo: 25 },
    { name: 'fund-drainer', kind: 'native-transfer', from: 'exchange', to: 'drainer', value: coin('0.5'), daysAgo: 13 },
    { name: 'deploy-sweeper', kind: 'deploy-sweeper', from: 'drainer', id: 'sweeper', collector: 'drainer', daysAgo: 12 },
    // The victim signed a delegation (phished); the drainer submits it, and the call sweeps what the victim held.
    { name: 'drainer-delegates-sweeper-victim', kind: 'eip7702-delegation', from: 'drainer', authority: 'sweeperVictim', implementation: 'sweeper', to: 'sweeperVictim', sweptTo: 'drainer', daysAgo: 4 },
    { name: 'exchange-pays-swept-wallet', kind: 'native-transfer', from: 'exchange', to: 'sweeperVictim', value: coin('0.4'), sweptTo: 'drainer', daysAgo: 3 },
  ];

  const sanctions: Step[] = [
    { name: 'sanctions-oracle-lists-lazarus', kind: 'contract-call', from: 'faucet', to: 'sanctionsOracle', functionName: 'addToSanctionsList', args: [[lazarus]], daysAgo: 59 },
    { name: 'fund-sanctions-exposed', kind: 'native-transfer', from: 'exchange', to: 'sanctionsExposed', value: coin('5'), daysAgo: 40 },
    { name: 'lazarus-pays-sanctions-exposed', kind: 'native-transfer', from: 'lazarus', to: 'sanctionsExposed', value: coin('2'), daysAgo: 15 },
    { name: 'sanctions-exposed-pays-lazarus', kind: 'native-transfer', from: 'sanctionsExposed', to: 'lazarus', value: coin('0.5'), daysAgo: 14 },
  ];

  const mixer: Step[] = [
    { name: 'fund-mixer-depositor', kind: 'native-transfer', from: 'exchange', to: 'mixerDepositor', value: coin('1'), daysAgo: 33 },
    { name: 'fund-mixer-relayer', kind: 'native-transfer', from: 'exchange', to: 'mixerRelayer', value: coin('0.5'), daysAgo: 32 },
    { name: 'fund-mixer-recipient', kind: 'native-transfer', from: 'exchange', to: 'mixerRecipient', value: coin('0.2'), daysAgo: 31 },
    { name: 'mixer-deposit', kind: 'mixer-deposit', from: 'mixerDepositor', pool: 'mixerPool', note: 'mixerDepositor-1', value: coin('0.1'), daysAgo: 8 },
    { name: 'mixer-withdrawal', kind: 'mixer-withdrawal', from: 'mixerRelayer', pool: 'mixerPool', note: 'mixerDepositor-1', recipient: 'mixerRecipient', value: coin('0.1'), daysAgo: 6 },
  ];

  const fanOut: Step[] = [
    { name: 'fund-sybil-funder', kind: 'native-transfer', from: 'exchange', to: 'sybilFunder', value: coin('10'), daysAgo: 12 },
    ...[1, 2, 3, 4, 5].map(
      (n): Step => ({ name: `sybil-funder-funds-sybil-${n}`, kind: 'native-transfer', from: 'sybilFunder', to: `sybil${n}`, value: coin(SYBIL_GRANT), daysAgo: ago(10, 2 * (n - 1)) }),
    ),
    { name: 'exchange-pays-sybil-1', kind: 'native-transfer', from: 'exchange', to: 'sybil1', value: coin('0.02'), daysAgo: 9 },
    { name: 'sybil-1-pays-exchange', kind: 'native-transfer', from: 'sybil1', to: 'exchange', value: coin('0.5'), daysAgo: 7 },
  ];

  const washTrading: Step[] = [
    { name: 'fund-wash-trader-a', kind: 'native-transfer', from: 'exchange', to: 'washTraderA', value: coin('1'), daysAgo: 17 },
    { name: 'fund-wash-trader-b', kind: 'native-transfer', from: 'exchange', to: 'washTraderB', value: coin('0.8'), daysAgo: 16 },
    { name: 'mint-dusd-wash-trader-a', kind: 'token-mint', from: 'faucet', token: 'devnetDollar', to: 'washTraderA', amount: dollars('5000'), daysAgo: 15 },
    ...washRoundTrips().map(
      ({ name, from, to }, leg): Step => ({ name, kind: 'token-transfer', from, token: 'devnetDollar', to, amount: WASH_AMOUNT, daysAgo: ago(5, 75 * leg) }),
    ),
  ];

  const benign: Step[] = [
    { name: 'fund-benign-shopper', kind: 'native-transfer', from: 'exchange', to: 'benignShopper', value: coin('1.2'), daysAgo: 53 },
    { name: 'fund-benign-saver', kind: 'native-transfer', from: 'exchange', to: 'benignSaver', value: coin('2'), daysAgo: 52 },
    usdcTransfer('employer-pays-benign-saver-1', 'employer', 'benignSaver', '1800', 46),
    usdcTransfer('employer-pays-benign-shopper', 'employer', 'benignShopper', '700', 45.5),
    usdcTransfer('benign-saver-pays-rent', 'benignSaver', 'landlord', '900', 43),
    usdcTransfer('benign-shopper-pays-landlord', 'benignShopper', 'landlord', '450', 42),
    usdcTransfer('benign-saver-pays-shopper', 'benignSaver', 'benignShopper', '60', 38),
    { name: 'benign-saver-approves-subscription', kind: 'token-approve', from: 'benignSaver', token: 'usdc', spender: 'subscriptionService', amount: usdc('15'), daysAgo: 36 },
    { name: 'subscription-pulls-from-benign-saver', kind: 'token-transfer-from', from: 'subscriptionService', token: 'usdc', owner: 'benignSaver', to: 'subscriptionService', amount: usdc('15'), daysAgo: 35.9 },
    usdcTransfer('exchange-pays-benign-saver', 'exchange', 'benignSaver', '1500', 33),
    usdcTransfer('exchange-pays-benign-shopper', 'exchange', 'benignShopper', '400', 30),
    { name: 'benign-saver-pays-exchange', kind: 'native-transfer', from: 'benignSaver', to: 'exchange', value: coin('0.5'), daysAgo: 28 },
    usdcTransfer('benign-shopper-pays-benign-saver', 'benignShopper', 'benignSaver', '40', 27),
    { name: 'benign-shopper-approves-subscription', kind: 'token-approve', from: 'benignShopper', token: 'usdc', spender: 'subscriptionService', amount: usdc('15'), daysAgo: 26 },
    { name: 'subscription-pulls-from-benign-shopper', kind: 'token-transfer-from', from: 'subscriptionService', token: 'usdc', owner: 'benignShopper', to: 'subscriptionService', amount: usdc('15'), daysAgo: 25.9 },
    { name: 'employer-reimburses-benign-saver', kind: 'native-transfer', from: 'employer', to: 'benignSaver', value: coin('0.8'), daysAgo: 22 },
    { name: 'benign-saver-shares-costs-with-shopper', kind: 'native-transfer', from: 'benignSaver', to: 'benignShopper', value: coin('0.3'), daysAgo: 20 },
    usdcTransfer('employer-pays-benign-saver-2', 'employer', 'benignSaver', '1800', 16),
    usdcTransfer('benign-shopper-pays-exchange', 'benignShopper', 'exchange', '100', 12),
  ];

  return [market, freshWallet, addressPoisoning, approvals, delegations, sweeper, sanctions, mixer, fanOut, washTrading, benign];
}

/** Five round trips of the same amount between the two wash traders: A→B, B→A, ... */
function washRoundTrips(): { name: string; from: string; to: string }[] {
  return [1, 2, 3, 4, 5].flatMap((n) => [
    { name: `wash-${n}-a-to-b`, from: 'washTraderA', to: 'washTraderB' },
    { name: `wash-${n}-b-to-a`, from: 'washTraderB', to: 'washTraderA' },
  ]);
}

/** What a risk engine should find in the storylines above. */
export function riskPatterns(): PlannedRiskPattern[] {
  const washLegs = washRoundTrips().map((leg) => leg.name);
  const sybilGrants = [1, 2, 3, 4, 5].map((n) => `sybil-funder-funds-sybil-${n}`);
  return [
    {
      flag: 'fresh_wallet',
      wallet: 'freshWallet',
      transactions: ['fund-fresh-wallet', 'fresh-wallet-pays-exchange'],
      counterparties: ['exchange'],
      summary: 'Funded by one source (the exchange) 1.6 days ago; one transaction of its own since.',
    },
    {
      // Done to the victim, who never paid the look-alike: exposure, not a flag.
      flag: 'targeted_by_poisoning',
      wallet: 'poisonVictim',
      transactions: ['poison-zero-transfer-from-victim', 'poison-dust-to-victim', 'poison-counterfeit-usdc-transfer'],
      counterparties: ['lookalike', 'poisonCounterparty'],
      summary:
        'Pays poisonCounterparty 1,250 USDC three times; minutes after the last payment a look-alike of that address (same first and last four hex digits) pulls a zero-value USDC transferFrom out of the victim, sends it native dust, and appears as the sender of a counterfeit "USDC" transfer of 1,250.',
    },
    {
      // Received, never moved or approved by the victim: spam exposure, not a flag.
      flag: 'received_spam_tokens',
      wallet: 'poisonVictim',
      transactions: ['poison-counterfeit-usdc-transfer', 'deploy-counterfeit-usdc'],
      counterparties: ['counterfeitUsdc', 'lookalike'],
      summary: 'Holds 1,250 of a token named "USD Coin" / "USDC" that is not the chain\'s canonical USDC, received in a spoofed transfer from the look-alike.',
    },
    {
      flag: 'unlimited_approval_to_eoa',
      wallet: 'approvalOwner',
      transactions: ['approval-owner-approves-unlimited'],
      counterparties: ['unlimitedSpender'],
      summary: 'Approved 2^256-1 USDC to unlimitedSpender, an unknown address (not a router), 9 days ago; still live.',
    },
    {
      flag: 'stale_approval',
      wallet: 'approvalOwner',
      transactions: ['approval-owner-approves-stale-spender'],
      counterparties: ['staleSpender'],
      summary:
        'Approved 2,500 USDC to staleSpender 55 days ago, never used, still live. Its approval to subscriptionService (approval-owner-approves-subscription) was used in full and must not be flagged.',
    },
    {
      flag: 'eip7702_smart_account_delegation',
      wallet: 'smartAccountUser',
      transactions: ['smart-account-user-delegates', 'smart-account-user-batches-payments'],
      counterparties: ['smartAccount'],
      summary: 'Delegated itself (a type-4 transaction it sent) to the smart-account implementation at MetaMask\'s EIP7702StatelessDeleGator address, then batched two payments.',
    },
    {
      flag: 'eip7702_sweeper_delegation',
      wallet: 'sweeperVictim',
      transactions: ['drainer-delegates-sweeper-victim', 'exchange-pays-swept-wallet'],
      counterparties: ['sweeper', 'drainer'],
      summary:
        'Delegated to a sweeper through an authorization the drainer submitted; that transaction swept its balance to the drainer, and a later deposit from the exchange was forwarded to the drainer in the same transaction (internal transfers).',
    },
    {
      flag: 'sanctioned_counterparty',
      wallet: 'sanctionsExposed',
      transactions: ['lazarus-pays-sanctions-exposed', 'sanctions-exposed-pays-lazarus'],
      counterparties: ['lazarus', 'sanctionsOracle'],
      summary: 'Received 2 native from and sent 0.5 native to an OFAC SDN address (LAZARUS GROUP), which the sanctions oracle lists.',
    },
    {
      flag: 'mixer_interaction',
      wallet: 'mixerDepositor',
      transactions: ['mixer-deposit'],
      counterparties: ['mixerPool'],
      summary: 'Deposited 0.1 native into the mixer pool at a pool address of the mixers dataset (Tornado Cash\'s 0.1 ETH pool where it has one).',
    },
    {
      flag: 'mixer_interaction',
      wallet: 'mixerRecipient',
      transactions: ['mixer-withdrawal'],
      counterparties: ['mixerPool', 'mixerRelayer'],
      summary: 'Received a 0.1 native withdrawal from the mixer pool (an internal transfer), submitted by a relayer.',
    },
    {
      flag: 'funding_concentration',
      wallet: 'sybil1',
      transactions: sybilGrants,
      counterparties: ['sybilFunder', 'sybil2', 'sybil3', 'sybil4', 'sybil5'],
      summary: `sybilFunder funded sybil1..sybil5 with ${SYBIL_GRANT} native each within 8 minutes; ${SYBIL_GRANT} of sybil1's 1.52 native received came from it.`,
    },
    ...(['washTraderA', 'washTraderB'] as const).map(
      (wallet): PlannedRiskPattern => ({
        flag: 'wash_trading',
        wallet,
        transactions: washLegs,
        counterparties: [wallet === 'washTraderA' ? 'washTraderB' : 'washTraderA', 'devnetDollar'],
        summary: 'washTraderA and washTraderB pass 4,000 DUSD back and forth ten times (five round trips) within 12 hours.',
      }),
    ),
  ];
}
