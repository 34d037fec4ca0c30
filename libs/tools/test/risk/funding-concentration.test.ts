import type { HistoryTransaction } from '@paysight/contracts';
import { riskContext } from '../../src/risk/context.js';
import { detectFundingConcentration, FANOUT_MIN_FRESH_RECIPIENTS, FANOUT_WINDOW_SECONDS } from '../../src/risk/detectors/funding-concentration.js';
import { addr, ago, citedHashes, hash, history, onlyFlag, tx, WALLET, walletEvidence } from '../support/evidence.js';

const FUNDER = addr('f0f0');
const ETH = 10n ** 18n;
const funded = ago(2);
const siblings = [addr('51b1'), addr('51b2'), addr('51b3'), addr('51b4')];

function scenario(options: { siblingCount?: number; nonce?: number; amount?: bigint; delay?: bigint; otherFunding?: bigint } = {}) {
  const { siblingCount = FANOUT_MIN_FRESH_RECIPIENTS, nonce = 1, amount = ETH, delay = 600n, otherFunding = 0n } = options;
  const fundings: HistoryTransaction[] = [tx({ hash: hash(1), from: FUNDER, to: WALLET, value: ETH, timestamp: funded })];
  if (otherFunding) fundings.push(tx({ hash: hash(2), from: addr('0e0e'), to: WALLET, value: otherFunding, timestamp: funded }));
  const fanOut = siblings.slice(0, siblingCount).map((to, i) => tx({ hash: hash(10 + i), from: FUNDER, to, value: amount, timestamp: funded + delay }));
  return walletEvidence({
    depth: 'deep',
    history: history({ transactions: fundings }),
    funder: { address: FUNDER, history: { status: 'ok', history: history({ transactions: [...fanOut, fundings[0]!] }) }, recipientNonces: Object.fromEntries(siblings.map((s) => [s.toLowerCase(), nonce])) },
  });
}

describe('funding_concentration', () => {
  it('flags a wallet whose main funder fanned out similar amounts to fresh wallets, citing every transfer', () => {
    const flag = onlyFlag(detectFundingConcentration(riskContext(scenario())), 'funding_concentration');
    expect(citedHashes(flag)).toEqual([hash(1), hash(10), hash(11), hash(12)]);
    expect(flag.evidence.filter((e) => e.kind === 'transaction' && e.address !== FUNDER).map((e) => e.address)).toEqual(siblings.slice(0, 3));
    expect(flag.explanation).toMatch(/^100% of the native coin/);
  });

  it('needs enough fresh siblings, similar amounts, a short time and a majority share', () => {
    expect(detectFundingConcentration(riskContext(scenario({ siblingCount: FANOUT_MIN_FRESH_RECIPIENTS - 1 })))).toHaveLength(0);
    expect(detectFundingConcentration(riskContext(scenario({ nonce: 11 })))).toHaveLength(0);
    expect(detectFundingConcentration(riskContext(scenario({ amount: (ETH * 111n) / 100n })))).toHaveLength(0);
    expect(detectFundingConcentration(riskContext(scenario({ amount: (ETH * 110n) / 100n })))).toHaveLength(1);
    expect(detectFundingConcentration(riskContext(scenario({ delay: FANOUT_WINDOW_SECONDS })))).toHaveLength(1);
    expect(detectFundingConcentration(riskContext(scenario({ delay: FANOUT_WINDOW_SECONDS + 1n })))).toHaveLength(0);
    expect(detectFundingConcentration(riskContext(scenario({ otherFunding: ETH + 1n })))).toHaveLength(0);
  });

  it('does not flag a wallet funded by one ordinary source, or when the funder was not read (basic depth)', () => {
    const ordinary = walletEvidence({
      depth: 'deep',
      history: history({ transactions: [tx({ hash: hash(1), from: FUNDER, to: WALLET, value: ETH, timestamp: funded })] }),
      funder: { address: FUNDER, history: { status: 'ok', history: history({ transactions: [tx({ hash: hash(5), from: FUNDER, to: addr('ca5e'), value: 3n * ETH, timestamp: funded })] }) }, recipientNonces: {} },
    });
    expect(detectFundingConcentration(riskContext(ordinary))).toHaveLength(0);
    expect(detectFundingConcentration(riskContext({ ...scenario(), funder: null }))).toHaveLength(0);
  });
});
