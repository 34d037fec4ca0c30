import { riskContext } from '../../src/risk/context.js';
import { detectWashTrading, WASH_MIN_ROUND_TRIPS, WASH_ROUND_TRIP_WINDOW_SECONDS } from '../../src/risk/detectors/wash-trading.js';
import { addr, ago, citedHashes, hash, history, onlyFlag, tokenTransfer, WALLET, walletEvidence } from '../support/evidence.js';

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
});
