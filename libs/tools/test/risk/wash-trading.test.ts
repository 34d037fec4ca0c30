import { riskContext } from '../../src/risk/context.js';
import { detectWashTrading, roundTrips, tradeLegs, WASH_MIN_ROUND_TRIPS, WASH_ROUND_TRIP_WINDOW_SECONDS } from '../../src/risk/detectors/wash-trading.js';
import { wrappedNativeToken } from '@paysight/datasets';
import { zeroAddress } from 'viem';
import { addr, ago, citedHashes, hash, history, internal, onlyFlag, tokenTransfer, tx, WALLET, walletEvidence } from '../support/evidence.js';

const PEER = addr('ee11');
const TOKEN = addr('70c');

/** `trips` round trips of 100 tokens with PEER, one a day, the return `gap` seconds after the send. */
function trips(count: number, gap = 3_600n, returned = 100n * 10n ** 18n, counterparty = PEER) {
  const transfers = Array.from({ length: count }, (_, i) => {
    const sent = ago(20 - i);
    return [
      tokenTransfer({ transactionHash: hash(100 + 2 * i), blockNumber: 800_000n + BigInt(10 * i), timestamp: sent, token: TOKEN, from: WALLET, to: PEER, value: 100n * 10n ** 18n }),
      tokenTransfer({ transactionHash: hash(101 + 2 * i), blockNumber: 800_001n + BigInt(10 * i), timestamp: sent + gap, token: TOKEN, from: counterparty, to: WALLET, value: returned }),
    ];
  }).flat();
  return walletEvidence({ history: history({ tokenTransfers: transfers }) });
}

describe('wash_trading', () => {
  it('flags repeated round trips of the same asset and amount with one counterparty, citing both legs of each', () => {
    const flag = onlyFlag(detectWashTrading(riskContext(trips(WASH_MIN_ROUND_TRIPS))), 'wash_trading');
    expect(citedHashes(flag)).toEqual([hash(100), hash(101), hash(102), hash(103), hash(104), hash(105)]);
    expect(flag.explanation).toContain(`3 with ${PEER} in TKN (${TOKEN})`);
  });

  it('needs the minimum number of trips, returns inside the window and amounts within tolerance', () => {
    expect(detectWashTrading(riskContext(trips(WASH_MIN_ROUND_TRIPS - 1)))).toHaveLength(0);
    expect(detectWashTrading(riskContext(trips(3, WASH_ROUND_TRIP_WINDOW_SECONDS)))).toHaveLength(1);
    expect(detectWashTrading(riskContext(trips(3, WASH_ROUND_TRIP_WINDOW_SECONDS + 1n)))).toHaveLength(0);
    expect(detectWashTrading(riskContext(trips(3, 60n, 98n * 10n ** 18n)))).toHaveLength(1);
    expect(detectWashTrading(riskContext(trips(3, 60n, 97n * 10n ** 18n)))).toHaveLength(0);
  });

  it('does not pair transfers with different counterparties', () => {
    expect(detectWashTrading(riskContext(trips(4, 60n, 100n * 10n ** 18n, addr('0a0a'))))).toHaveLength(0);
  });

  it('does not read wrapping and unwrapping the wrapped native coin as round trips', () => {
    const weth = wrappedNativeToken('ethereum').address;
    const amount = 5n * 10n ** 18n;
    const wraps = Array.from({ length: 4 }, (_, i) => ({
      wrap: tx({ hash: hash(300 + 2 * i), blockNumber: 900_000n + BigInt(10 * i), timestamp: ago(10 - i), from: WALLET, to: weth, value: amount }),
      unwrap: internal({ transactionHash: hash(301 + 2 * i), blockNumber: 900_001n + BigInt(10 * i), timestamp: ago(10 - i, 600), from: weth, to: WALLET, value: amount }),
      // Arbitrum-style WETH also mints and burns with Transfer events from and to the zero address.
      minted: tokenTransfer({ transactionHash: hash(300 + 2 * i), blockNumber: 900_000n + BigInt(10 * i), timestamp: ago(10 - i), token: weth, from: zeroAddress, to: WALLET, value: amount }),
      burnt: tokenTransfer({ transactionHash: hash(301 + 2 * i), blockNumber: 900_001n + BigInt(10 * i), timestamp: ago(10 - i, 600), token: weth, from: WALLET, to: zeroAddress, value: amount }),
    }));
    const evidence = walletEvidence({
      history: history({ transactions: wraps.map((w) => w.wrap), internalTransfers: wraps.map((w) => w.unwrap), tokenTransfers: wraps.flatMap((w) => [w.minted, w.burnt]) }),
    });
    expect(detectWashTrading(riskContext(evidence))).toHaveLength(0);
  });

  it('does not read the legs of swaps with a pool as round trips', () => {
    const pool = addr('9001');
    const other = addr('0b0b');
    const swaps = Array.from({ length: 4 }, (_, i) => [
      // Sell 100 TKN for OTHER, then buy 100 TKN back an hour later: each transaction moves two assets in opposite directions.
      tokenTransfer({ transactionHash: hash(400 + 2 * i), blockNumber: 910_000n + BigInt(10 * i), logIndex: 1, timestamp: ago(10 - i), token: TOKEN, from: WALLET, to: pool, value: 100n * 10n ** 18n }),
      tokenTransfer({ transactionHash: hash(400 + 2 * i), blockNumber: 910_000n + BigInt(10 * i), logIndex: 2, timestamp: ago(10 - i), token: other, from: pool, to: WALLET, value: 7n * 10n ** 18n }),
      tokenTransfer({ transactionHash: hash(401 + 2 * i), blockNumber: 910_001n + BigInt(10 * i), logIndex: 1, timestamp: ago(10 - i, 3_600), token: other, from: WALLET, to: pool, value: 7n * 10n ** 18n }),
      tokenTransfer({ transactionHash: hash(401 + 2 * i), blockNumber: 910_001n + BigInt(10 * i), logIndex: 2, timestamp: ago(10 - i, 3_600), token: TOKEN, from: pool, to: WALLET, value: 100n * 10n ** 18n }),
    ]).flat();
    expect(detectWashTrading(riskContext(walletEvidence({ history: history({ tokenTransfers: swaps }) })))).toHaveLength(0);
  });

  it('pairs every round trip of a wallet with thousands of transfers to many counterparties, and nothing else', () => {
    const peers = Array.from({ length: 500 }, (_, i) => addr(`ee${(i + 0x100).toString(16)}`));
    const transfers = peers.flatMap((peer, p) =>
      Array.from({ length: 10 }, (_, i) => {
        const n = 10_000 + 20 * p + 2 * i;
        const sent = ago(25, 3_000 * p + 60 * i);
        // Amounts differ by peer and trip (1% steps would pair across trips), so each send pairs with its own return.
        const value = (1_000n + BigInt(37 * p + 211 * i)) * 10n ** 15n;
        return [
          tokenTransfer({ transactionHash: hash(n), blockNumber: 700_000n + BigInt(n), timestamp: sent, token: TOKEN, from: WALLET, to: peer, value }),
          tokenTransfer({ transactionHash: hash(n + 1), blockNumber: 700_001n + BigInt(n), timestamp: sent + 30n, token: TOKEN, from: peer, to: WALLET, value }),
        ];
      }).flat(),
    );
    const { evidence, activity } = riskContext(walletEvidence({ history: history({ tokenTransfers: transfers }) }));
    const trips = roundTrips(tradeLegs(evidence.chain, activity.movements));
    expect(trips.size).toBe(peers.length);
    expect([...trips.values()].every((list) => list.length === 10 && list.every(({ first, back }) => BigInt(back.transactionHash) === BigInt(first.transactionHash) + 1n))).toBe(true);
  });
});
