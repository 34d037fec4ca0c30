import { riskContext } from '../../src/risk/context.js';
import { detectMixerInteraction } from '../../src/risk/detectors/mixer-interaction.js';
import { addr, citedHashes, hash, history, internal, onlyFlag, tx, WALLET, walletEvidence } from '../support/evidence.js';

const POOL = '0x12D66f87A04A9E220743712cE6d9bB1B5616B8Fc';
const RELAYER = addr('4e1a');

const mixerHistory = history({
  transactions: [tx({ hash: hash(1), from: WALLET, to: POOL, value: 10n ** 17n, selector: '0xb214faa5' }), tx({ hash: hash(2), from: RELAYER, to: POOL, value: 0n })],
  internalTransfers: [internal({ transactionHash: hash(2), from: POOL, to: WALLET, value: 10n ** 17n })],
});

describe('mixer_interaction', () => {
  it('finds a deposit to and a withdrawal (internal transfer) from a listed pool', () => {
    const flag = onlyFlag(detectMixerInteraction(riskContext(walletEvidence({ history: mixerHistory }))), 'mixer_interaction');
    expect(citedHashes(flag).sort()).toEqual([hash(1), hash(2)]);
    expect(flag.explanation).toMatch(/1 deposit\(s\) and 1 withdrawal\(s\)/);
    expect(flag.explanation).toMatch(/not a sanctions hit/);
    expect(flag.evidence.find((e) => e.transactionHash === hash(2))).toMatchObject({ kind: 'transaction', address: POOL, dataset: { id: 'mixers' } });
    expect(flag.evidence.find((e) => e.transactionHash === hash(2))!.detail).toContain(`sent by ${RELAYER} (a relayer)`);
  });

  it('matches a pool only on the chains its dataset entry lists', () => {
    expect(detectMixerInteraction(riskContext(walletEvidence({ history: mixerHistory, chain: 'base' })))).toHaveLength(0);
    const l2Pool = '0x84443CFd09A48AF6eF360C6976C5392aC5023a1F'; // Tornado Cash 0.1 ETH on Optimism and Arbitrum
    const l2 = history({ transactions: [tx({ hash: hash(4), from: WALLET, to: l2Pool, value: 10n ** 17n })] });
    expect(detectMixerInteraction(riskContext(walletEvidence({ history: l2, chain: 'arbitrum' })))).toHaveLength(1);
    expect(detectMixerInteraction(riskContext(walletEvidence({ history: l2, chain: 'ethereum' })))).toHaveLength(0);
  });

  it('counts a call the wallet sent to a pool without value, such as a withdrawal it submits itself', () => {
    const own = history({ transactions: [tx({ hash: hash(3), from: WALLET, to: POOL, value: 0n, selector: '0x21a0adb6' })] });
    const flag = onlyFlag(detectMixerInteraction(riskContext(walletEvidence({ history: own }))), 'mixer_interaction');
    expect(flag.evidence[0]).toMatchObject({ kind: 'transaction', transactionHash: hash(3), address: POOL });
  });

  it('finds nothing without mixer counterparties', () => {
    expect(detectMixerInteraction(riskContext(walletEvidence({ history: history({ transactions: [tx({ hash: hash(1), value: 10n ** 17n })] }) })))).toHaveLength(0);
  });
});
