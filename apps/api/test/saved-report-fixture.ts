import { formatUnitsCompact, walletReport, type WalletReport } from '@paysight/contracts';
import { getAddress, keccak256, toHex } from 'viem';

/**
 * A realistic wallet report on Base for the page tests and the screenshot: a delegated account with
 * five flags backed by evidence, 42 days of history, ten counterparties (two of them flagged),
 * stablecoins and other tokens, and two dozen flows. Deterministic: the same document every run.
 */

const hash = (seed: string) => keccak256(toHex(seed));
const address = (seed: string) => getAddress(`0x${hash(seed).slice(-40)}`);
const WEI = 10n ** 18n;
const milli = (n: number) => (BigInt(Math.round(n * 1000)) * WEI) / 1000n;

export const FIXTURE_WALLET = address('wallet');
const SWEEPER = address('sweeper-contract');
const POISONER = `${FIXTURE_WALLET.slice(0, 6)}${address('look-alike').slice(6, 38)}${FIXTURE_WALLET.slice(-4)}`;
const SPENDER = address('unverified-spender');
const FUNDER = address('funding-exchange');

/** 0..1, the same sequence every run. */
function pseudoRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const COUNTERPARTIES = [
  { seed: 'funding-exchange', label: 'Exchange hot wallet 14', kind: 'eoa', interactions: 31, flags: ['funding_concentration'] },
  { seed: 'router', label: 'Uniswap Universal Router', kind: 'contract', interactions: 24, flags: [] },
  { seed: 'usdc-issuer', label: 'Circle: USDC treasury', kind: 'contract', interactions: 17, flags: [] },
  { seed: 'look-alike', label: null, kind: 'eoa', interactions: 9, flags: [] },
  { seed: 'payroll', label: 'Payroll multisig', kind: 'contract', interactions: 8, flags: [] },
  { seed: 'friend-1', label: null, kind: 'eoa', interactions: 6, flags: [] },
  { seed: 'aerodrome', label: 'Aerodrome pool WETH/USDC', kind: 'contract', interactions: 5, flags: [] },
  { seed: 'sweeper-contract', label: null, kind: 'contract', interactions: 4, flags: ['eip7702_sweeper_delegation'] },
  { seed: 'friend-2', label: null, kind: 'delegated_eoa', interactions: 3, flags: [] },
  { seed: 'bridge', label: 'Across bridge', kind: 'contract', interactions: 2, flags: [] },
] as const;

/** 42 days of history, run forward from the first deposit; the last balance is the current one. */
function timeline(): WalletReport['timeline'] {
  const next = pseudoRandom(42);
  const start = Date.UTC(2026, 9, 10);
  let balance = 0n;
  const points = Array.from({ length: 42 }, (_, i) => {
    const quiet = i > 0 && next() < 0.25;
    const nativeIn = quiet ? 0n : milli(i === 0 ? 2.4 : next() < 0.3 ? next() * 1.6 : next() * 0.3);
    const nativeOut = quiet ? 0n : ((balance + nativeIn) * BigInt(Math.floor(next() * 45))) / 100n;
    balance += nativeIn - nativeOut;
    const stableIn = quiet || next() < 0.5 ? 0 : Math.round(next() * 180_000) / 100;
    const stableOut = quiet || next() < 0.55 ? 0 : Math.round(next() * 120_000) / 100;
    return {
      date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      transactions: quiet ? 0 : 1 + Math.floor(next() * 7),
      nativeIn: nativeIn.toString(),
      nativeOut: nativeOut.toString(),
      nativeBalance: balance.toString(),
      stablecoinInUsd: stableIn.toFixed(2),
      stablecoinOutUsd: stableOut.toFixed(2),
    };
  });
  return { from: points[0]!.date, to: points[points.length - 1]!.date, nativeSymbol: 'ETH', nativeDecimals: 18, points };
}

function flows(points: WalletReport['timeline']['points']): WalletReport['flows'] {
  const active = points.filter((p) => p.transactions > 0).reverse();
  return active.slice(0, 24).map((p, i) => {
    const counterparty = COUNTERPARTIES[i % COUNTERPARTIES.length]!;
    const direction = i % 3 === 1 ? 'out' : 'in';
    const stable = i % 2 === 0;
    const poisoned = counterparty.seed === 'look-alike';
    return {
      transactionHash: hash(`flow-${i}`),
      blockNumber: String(22_400_000 - i * 21_600),
      logIndex: stable || poisoned ? i % 9 : null,
      timestamp: `${p.date}T${String(8 + (i % 12)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00.000Z`,
      direction,
      kind: stable ? 'erc20' : 'native',
      asset: stable ? { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC' } : { address: null, symbol: 'ETH' },
      amount: poisoned ? '0' : stable ? String(125_000_000 + i * 37_500_000) : milli(0.05 + i * 0.025).toString(),
      tokenId: null,
      formatted: poisoned ? '0' : stable ? (125 + i * 37.5).toFixed(2) : formatUnitsCompact(milli(0.05 + i * 0.025), 18),
      counterparty: poisoned ? POISONER : address(counterparty.seed),
      flags: [...counterparty.flags],
    };
  });
}

export function fixtureReport(): WalletReport {
  const history = timeline();
  const balance = BigInt(history.points[history.points.length - 1]!.nativeBalance);
  const report: WalletReport = {
    kind: 'wallet_report',
    version: 1,
    subject: { address: FIXTURE_WALLET, chain: 'base', chainId: 8453, accountType: 'delegated_eoa' },
    generatedAt: '2026-11-21T09:30:00.000Z',
    depth: 'deep',
    reportType: 'wallet_money_map',
    summary:
      'A delegated account that receives most of its funds from one exchange wallet and moves them on through Uniswap within days. It is delegated to a known sweeper contract, has been targeted by address poisoning, and still grants an unlimited USDC allowance to an unverified spender.',
    riskScore: 72,
    riskLabel: 'high',
    riskFlags: [
      {
        id: 'eip7702_sweeper_delegation',
        title: 'Delegated to a known sweeper contract',
        severity: 'critical',
        weight: 40,
        explanation: 'The account’s EIP-7702 delegation points to a contract that forwards every incoming deposit to a drain address. Funds sent here are likely to be swept within the same block.',
        evidence: [
          { kind: 'transaction', transactionHash: hash('delegation-tx'), blockNumber: '22391204', detail: 'SetCode authorization delegating the account to the sweeper.' },
          { kind: 'contract_code', address: SWEEPER, detail: 'Runtime code matches the known sweeper family (forwards msg.value and ERC-20 balances).' },
        ],
        limits: ['Only sweeper implementations in the shipped list are recognised.'],
      },
      {
        id: 'unlimited_approval',
        title: 'Unlimited USDC approval to an unverified spender',
        severity: 'medium',
        weight: 9,
        explanation: 'The account allows an unverified contract to move any amount of its USDC. The approval is still active.',
        evidence: [{ kind: 'log', transactionHash: hash('approval'), logIndex: 0, blockNumber: '22101447', address: SPENDER, detail: 'Approval(owner, spender, 2^256-1) on USDC.' }],
        limits: ['Allowances granted through Permit2 signatures are not visible on chain until used.'],
      },
      {
        id: 'funding_concentration',
        title: 'Funded almost entirely by one source',
        severity: 'low',
        weight: 4,
        explanation: '86% of incoming value over the period came from a single exchange hot wallet.',
        evidence: [{ kind: 'address', address: FUNDER, detail: '31 of 52 incoming transfers, 86% of incoming value.' }],
        limits: [],
      },
      {
        id: 'fresh_wallet',
        title: 'Recently created wallet',
        severity: 'info',
        weight: 1,
        explanation: 'The first activity of this account is 42 days old.',
        evidence: [{ kind: 'transaction', transactionHash: hash('first-tx'), blockNumber: '21986002', detail: 'First incoming transfer.' }],
        limits: ['Activity before the delegation is read from transfer logs only.'],
      },
    ],
    exposureFindings: [
      {
        id: 'targeted_by_poisoning',
        title: 'Targeted by address poisoning',
        explanation: 'Zero-value transfers arrived from an address that shares the first and last four characters of a real counterparty, a set-up for copy-paste mistakes. The wallet never paid it.',
        evidence: [
          { kind: 'log', transactionHash: hash('poison-1'), logIndex: 3, blockNumber: '22380112', address: POISONER, detail: 'Zero-value USDC transfer from the look-alike address.' },
          { kind: 'log', transactionHash: hash('poison-2'), logIndex: 11, blockNumber: '22312876', address: POISONER, detail: 'Second zero-value transfer, two days later.' },
        ],
        limits: ['Look-alikes are matched on the first and last four hex characters only.'],
      },
    ],
    subjectType: {
      type: 'eip7702_account',
      reasons: [`The account's code is an EIP-7702 delegation designator to ${SWEEPER}.`],
      delegate: SWEEPER,
      implementation: null,
      label: null,
      evidence: [{ kind: 'contract_code', address: FIXTURE_WALLET, blockNumber: '22400000', detail: `0xef0100 followed by ${SWEEPER}.` }],
      skippedFlags: [],
    },
    timeline: history,
    counterparties: COUNTERPARTIES.map((c, i) => ({
      address: c.seed === 'look-alike' ? POISONER : address(c.seed),
      label: c.label,
      kind: c.kind,
      interactions: c.interactions,
      firstSeen: history.points[i]!.date,
      lastSeen: history.points[history.points.length - 1 - i]!.date,
      nativeIn: milli(3.2 / (i + 1)).toString(),
      nativeOut: milli(1.1 / (i + 1)).toString(),
      stablecoinInUsd: (14_250 / (i + 1)).toFixed(2),
      stablecoinOutUsd: (9_100 / (i + 2)).toFixed(2),
      flags: [...c.flags],
    })),
    exposure: {
      native: { symbol: 'ETH', wei: balance.toString(), formatted: formatUnitsCompact(balance, 18) },
      tokens: [
        { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', name: 'USD Coin', decimals: 6, balance: '12480550000', formatted: '12480.55', isStablecoin: true, source: 'known_token' },
        { address: '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA', symbol: 'USDbC', name: 'USD Base Coin', decimals: 6, balance: '950000000', formatted: '950', isStablecoin: true, source: 'known_token' },
        { address: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, balance: '310200000000000000000', formatted: '310.2', isStablecoin: true, source: 'known_token' },
        { address: '0x4200000000000000000000000000000000000006', symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, balance: '750000000000000000', formatted: '0.75', isStablecoin: false, source: 'known_token' },
        { address: '0x940181a94A35A4569E4529A3CDfB74e38FD98631', symbol: 'AERO', name: 'Aerodrome', decimals: 18, balance: '1240000000000000000000', formatted: '1240', isStablecoin: false, source: 'transfer_history' },
      ],
      nfts: [{ contract: address('nft'), standard: 'erc721', name: 'Base Builders Pass', symbol: 'BBP', tokenIds: ['118', '2041'], count: 2 }],
      stablecoinBalanceUsd: '13740.75',
    },
    flows: flows(history.points),
    reportSection: {
      reportType: 'wallet_money_map',
      title: 'Money map',
      findings: [
        { label: 'Net stablecoin flow', value: '+$4,812.40', note: 'over 42 days' },
        { label: 'Main source of funds', value: 'Exchange hot wallet 14', note: '86% of incoming value' },
        { label: 'Main destination', value: 'Uniswap Universal Router', note: 'swaps into WETH and AERO' },
        { label: 'Active days', value: '31 of 42', note: null },
      ],
    },
    confidence: 'medium',
    dataSourceStatus: 'Demo',
    dataNotes: ['Read from the local development chains (Demo data).', 'Balances at block 22400000; history from transfer logs over 42 days.'],
    limitations: ['Internal transfers are visible only where the node offers traces.', 'Token prices are not used: only stablecoins are valued in USD.'],
    generation: { mode: 'deterministic', aiStatus: 'not_attempted', reason: 'not_configured' },
  };
  return walletReport.parse(report);
}
