import { CHAINS, walletSnapshotRequest, walletSnapshotResult } from '@paysight/contracts';
import { getAddress, type Address, type Hex } from 'viem';
import type { TokenTransfer } from '../../shared/transfers.js';
import { analyzeWalletSnapshot } from './analyze.js';
import type { WalletSnapshotData } from './data.js';

const WALLET = getAddress('0x1111111111111111111111111111111111111111');
const PEER = getAddress('0x2222222222222222222222222222222222222222');
const TOKEN = getAddress('0x3333333333333333333333333333333333333333');
const NFT = getAddress('0x4444444444444444444444444444444444444444');
const input = walletSnapshotRequest.parse({ address: WALLET, chain: 'base' });
const ctx = { now: new Date('2026-11-23T00:00:00Z') };

function transfer(over: Partial<TokenTransfer>): TokenTransfer {
  return {
    kind: 'erc20',
    token: TOKEN,
    from: PEER,
    to: WALLET,
    amount: 5n * 10n ** 18n,
    tokenId: null,
    transactionHash: `0x${'aa'.repeat(32)}` as Hex,
    blockNumber: 90n,
    logIndex: 0,
    ...over,
  };
}

function data(over: Partial<WalletSnapshotData> = {}): WalletSnapshotData {
  return {
    chain: 'base',
    address: WALLET,
    coverage: { dataSourceStatus: 'Demo', notes: ['devnet'] },
    head: { number: 100n, timestamp: 1_700_000_000n },
    window: { fromBlock: 0n, toBlock: 100n, complete: true },
    code: '0x',
    transactionCount: 3,
    nativeBalance: 2n * 10n ** 18n,
    transfers: [],
    tokens: [],
    erc721: [],
    erc1155: [],
    blockTimestamps: {},
    truncations: [],
    ...over,
  };
}

describe('analyzeWalletSnapshot', () => {
  it('produces a result that satisfies the published schema', () => {
    const { result } = analyzeWalletSnapshot(input, data({ transfers: [transfer({})] }), ctx);
    expect(walletSnapshotResult.safeParse(result).success).toBe(true);
  });

  it('values only canonical stablecoins, across decimals', () => {
    const usdc = CHAINS.base.usdc;
    const dai: Address = '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb';
    const { result } = analyzeWalletSnapshot(
      input,
      data({
        tokens: [
          { address: usdc, balance: 1_500_250_000n, symbol: 'USDC', name: 'USD Coin', decimals: 6, source: 'known_token' },
          { address: dai, balance: 2n * 10n ** 18n + 5n * 10n ** 17n, symbol: 'DAI', name: 'Dai', decimals: 18, source: 'known_token' },
          { address: TOKEN, balance: 10n ** 9n, symbol: 'USDC', name: 'Fake USD Coin', decimals: 6, source: 'transfer_history' },
          { address: getAddress('0x5555555555555555555555555555555555555555'), balance: 0n, symbol: 'ZERO', name: null, decimals: 18, source: 'transfer_history' },
        ],
      }),
      ctx,
    );
    expect(result.assetExposure.stablecoinBalanceUsd).toBe('1502.75');
    expect(result.assetExposure.tokens.map((t) => [t.symbol, t.isStablecoin])).toEqual([
      ['USDC', true],
      ['DAI', true],
      ['USDC', false],
    ]);
    expect(result.recommendedNextAction).toMatch(/wallet_audit/);
  });

  it('recognises an EIP-7702 delegation and points at the delegate', () => {
    const delegate = '0x63c0c19a282a1b52b07dd5a65b58948a07dae32b';
    const { result } = analyzeWalletSnapshot(input, data({ code: `0xef0100${delegate.slice(2)}` }), ctx);
    expect(result.addressSummary.accountType).toBe('delegated_eoa');
    expect(result.addressSummary.delegatedTo).toBe(getAddress(delegate));
    expect(result.recommendedNextAction).toContain(getAddress(delegate));
  });

  it('orients activity from the wallet and counts distinct counterparties', () => {
    const other = getAddress('0x6666666666666666666666666666666666666666');
    const { result } = analyzeWalletSnapshot(
      input,
      data({
        tokens: [{ address: TOKEN, balance: 1n, symbol: 'DVD', name: 'Devnet Dollar', decimals: 18, source: 'transfer_history' }],
        transfers: [
          transfer({ from: WALLET, to: other, blockNumber: 95n, logIndex: 1 }),
          transfer({ from: WALLET, to: WALLET, blockNumber: 94n }),
          transfer({}),
        ],
        blockTimestamps: { '95': '1700000000' },
      }),
      ctx,
    );
    expect(result.recentActivity.map((a) => [a.direction, a.counterparty])).toEqual([
      ['out', other],
      ['self', WALLET],
      ['in', PEER],
    ]);
    expect(result.recentActivity[0]).toMatchObject({ formatted: '5', timestamp: '2023-11-14T22:13:20.000Z', asset: { symbol: 'DVD' } });
    expect(result.addressSummary).toMatchObject({ transfersInWindow: 3, distinctCounterparties: 3, lastActivityBlock: '95' });
  });

  it('counts ERC-721 items held before the window through balanceOf', () => {
    const { result } = analyzeWalletSnapshot(input, data({ erc721: [{ contract: NFT, name: 'Punks', symbol: 'PNK', balance: 3n, ownedIds: [7n] }] }), ctx);
    expect(result.assetExposure.nfts).toEqual([{ contract: NFT, standard: 'erc721', name: 'Punks', symbol: 'PNK', tokenIds: ['7'], count: 3 }]);
    expect(result.assetExposure.nftCount).toBe(3);
  });

  it('lowers confidence when older history may exist or the balance is unreadable', () => {
    const partialWindow = { fromBlock: 50n, toBlock: 100n, complete: false };
    expect(analyzeWalletSnapshot(input, data(), ctx).result.confidence).toBe('high');
    const medium = analyzeWalletSnapshot(input, data({ window: partialWindow }), ctx);
    expect(medium.result.confidence).toBe('medium');
    expect(medium.metadata.limitations.join(' ')).toMatch(/older than the window/);
    expect(analyzeWalletSnapshot(input, data({ nativeBalance: null }), ctx).result.confidence).toBe('low');
  });

  it('says so when nothing is visible', () => {
    const { result } = analyzeWalletSnapshot(input, data({ transactionCount: 0, nativeBalance: 0n }), ctx);
    expect(result.recommendedNextAction).toMatch(/Nothing is visible/);
  });
});
