import { riskContext } from '../../src/risk/context.js';
import { listedExposure } from '../../src/risk/detectors/listed-exposure.js';
import { detectMixerInteraction } from '../../src/risk/detectors/mixer-interaction.js';
import { addr, citedHashes, hash, history, internal, logTransfer, onlyExposure, onlyFlag, tx, WALLET, walletEvidence } from '../support/evidence.js';

const POOL = '0x12D66f87A04A9E220743712cE6d9bB1B5616B8Fc';
const RELAYER = addr('4e1a');

const mixerHistory = history({
  transactions: [tx({ hash: hash(1), from: WALLET, to: POOL, value: 10n ** 17n, selector: '0xb214faa5' }), tx({ hash: hash(2), from: RELAYER, to: POOL, value: 0n })],
  internalTransfers: [internal({ transactionHash: hash(2), from: POOL, to: WALLET, value: 10n ** 17n })],
});

describe('mixer_interaction', () => {
  it('finds a deposit to and a withdrawal (internal transfer, submitted by a relayer) from a listed pool, both the wallet\'s acts', () => {
    const flag = onlyFlag(detectMixerInteraction(riskContext(walletEvidence({ history: mixerHistory }))), 'mixer_interaction');
    expect(citedHashes(flag).sort()).toEqual([hash(1), hash(2)]);
    expect(flag.explanation).toMatch(/by its own act: 1 deposit\(s\), 1 withdrawal\(s\) paid to it/);
    expect(flag.limits.join(' ')).toMatch(/August 2022/);
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

  it('does not count dust paid out by a pool, nor a token Transfer event naming the pool that a stranger emitted: both are exposure', () => {
    const planted = walletEvidence({
      history: history({ transactions: [tx({ hash: hash(4), from: RELAYER, to: POOL, value: 0n })], internalTransfers: [internal({ transactionHash: hash(4), from: POOL, to: WALLET, value: 10n ** 13n })] }),
      snapshot: { transfers: [logTransfer({ transactionHash: hash(5), token: addr('fa4e'), from: POOL, to: WALLET, amount: 10n ** 20n })] },
      transactionParties: { [hash(4)]: { from: RELAYER, to: POOL, type: null }, [hash(5)]: { from: addr('dead'), to: addr('fa4e'), type: null } },
    });
    expect(detectMixerInteraction(riskContext(planted))).toEqual([]);
    expect(citedHashes(onlyExposure(listedExposure(riskContext(planted)), 'unsolicited_listed_contact')).sort()).toEqual([hash(4), hash(5)]);
  });

  it('finds nothing without mixer counterparties', () => {
    expect(detectMixerInteraction(riskContext(walletEvidence({ history: history({ transactions: [tx({ hash: hash(1), value: 10n ** 17n })] }) })))).toHaveLength(0);
  });
});
