import type { AddressHistory, HistoryTransaction } from '@paysight/contracts';
import { getAddress, type Hex } from 'viem';
import { buildTimeline } from './timeline.js';

const WALLET = getAddress('0x1111111111111111111111111111111111111111');
const PEER = getAddress('0x2222222222222222222222222222222222222222');
const USDC = getAddress('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
const DAY = 86_400n;
const T0 = 1_767_225_600n; // 2026-01-01T00:00:00Z
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;

function tx(n: number, seconds: bigint, from: string, to: string, value: bigint, over: Partial<HistoryTransaction> = {}): HistoryTransaction {
  return { hash: hash(n), blockNumber: BigInt(n), timestamp: seconds, from: getAddress(from), to: getAddress(to), value, status: 'success', selector: null, gasUsed: 21_000n, gasPrice: 1n, contractCreated: null, ...over };
}

const history: AddressHistory = {
  complete: true,
  transactions: [
    tx(1, T0 + 100n, PEER, WALLET, 1_000_000n),
    tx(2, T0 + 2n * DAY + 5n, WALLET, PEER, 300_000n),
    tx(3, T0 + 2n * DAY + 9n, WALLET, PEER, 50_000n, { status: 'reverted' }),
  ],
  internalTransfers: [{ transactionHash: hash(4), blockNumber: 4n, timestamp: T0 + 3n * DAY, from: PEER, to: WALLET, value: 7n, kind: 'call', reverted: false }],
  tokenTransfers: [
    { transactionHash: hash(5), blockNumber: 5n, timestamp: T0 + 100n, logIndex: 0, token: USDC, from: PEER, to: WALLET, value: 2_500_000n, symbol: 'USDC', decimals: 6 },
    { transactionHash: hash(6), blockNumber: 6n, timestamp: T0 + 3n * DAY, logIndex: 0, token: getAddress('0x3333333333333333333333333333333333333333'), from: PEER, to: WALLET, value: 9n, symbol: 'X', decimals: 18 },
  ],
};

describe('buildTimeline', () => {
  const current = 1_000_000n - 300_000n - 2n * 21_000n + 7n;
  const points = buildTimeline({ wallet: WALLET, history, currentNativeBalance: current, nowSeconds: T0 + 4n * DAY + 10n, stablecoins: new Map([[USDC.toLowerCase(), 6]]) });

  it('has one point per day, quiet days included', () => {
    expect(points.map((p) => p.date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05']);
    expect(points.map((p) => p.transactions)).toEqual([1, 0, 2, 0, 0]);
  });

  it('reconstructs end-of-day balances backwards, fees of own transactions included, reverted value excluded', () => {
    expect(points.map((p) => p.nativeBalance)).toEqual([1_000_000n, 1_000_000n, 1_000_000n - 300_000n - 42_000n, current, current]);
    expect(points[2]).toMatchObject({ nativeOut: 300_000n, nativeIn: 0n });
    expect(points[3]).toMatchObject({ nativeIn: 7n });
  });

  it('values only the given stablecoins', () => {
    expect(points[0]!.stablecoinInMicroUsd).toBe(2_500_000n);
    expect(points[3]!.stablecoinInMicroUsd).toBe(0n);
  });

  it('is empty without history', () => {
    expect(buildTimeline({ wallet: WALLET, history: { complete: true, transactions: [], internalTransfers: [], tokenTransfers: [] }, currentNativeBalance: 5n, nowSeconds: T0, stablecoins: new Map() })).toEqual([]);
  });
});
