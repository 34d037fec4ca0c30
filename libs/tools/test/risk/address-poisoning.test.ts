import { riskContext } from '../../src/risk/context.js';
import { detectAddressPoisoning, poisoningExposure } from '../../src/risk/detectors/address-poisoning.js';
import { lookalikeKey } from '../../src/shared/lookalike.js';
import { addr, citedHashes, hash, history, logTransfer, onlyExposure, onlyFlag, tx, WALLET, walletEvidence } from '../support/evidence.js';
import { CHAINS } from '@paysight/contracts';

const USDC = CHAINS.ethereum.usdc;
const PAYEE = addr('1234a00000000000000000000000000000005678');
const LOOKALIKE = addr('1234bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb5678');
const ATTACKER = addr('dead');
const usdcMeta = { [USDC.toLowerCase()]: { symbol: 'USDC', name: 'USD Coin', decimals: 6 } };

/** The wallet paid PAYEE 500 USDC in a transaction it sent. */
const realPayment = {
  transactions: [tx({ hash: hash(1), from: WALLET, to: USDC, blockNumber: 990_000n })],
  tokenTransfers: [],
};
const paidTransfer = logTransfer({ transactionHash: hash(1), token: USDC, from: WALLET, to: PAYEE, amount: 500_000_000n, blockNumber: 990_000n, logIndex: 3 });

describe('address_poisoning', () => {
  it('matches look-alikes on the first and last four hex characters', () => {
    expect(lookalikeKey(PAYEE)).toBe(lookalikeKey(LOOKALIKE));
    expect(lookalikeKey(PAYEE)).not.toBe(lookalikeKey(addr('1234a00000000000000000000000000000005679')));
  });

  it('reports a zero-value transfer to a look-alike that the wallet did not send as exposure (targeted_by_poisoning), citing the log, and raises no flag', () => {
    const evidence = walletEvidence({
      history: history(realPayment),
      snapshot: { transfers: [logTransfer({ transactionHash: hash(2), token: USDC, from: WALLET, to: LOOKALIKE, amount: 0n, blockNumber: 995_000n, logIndex: 7 }), paidTransfer] },
      tokenMetadata: usdcMeta,
      transactionParties: { [hash(1)]: { from: WALLET, to: USDC, type: null }, [hash(2)]: { from: ATTACKER, to: USDC, type: null } },
    });
    expect(detectAddressPoisoning(riskContext(evidence))).toEqual([]);
    const flag = onlyExposure(poisoningExposure(riskContext(evidence)), 'targeted_by_poisoning');
    expect(flag.evidence[0]).toMatchObject({ kind: 'log', transactionHash: hash(2), logIndex: 7, blockNumber: '995000', address: LOOKALIKE });
    expect(flag.evidence[0]!.detail).toMatch(/zero-value/);
    expect(flag.explanation).toContain(`${LOOKALIKE} imitates ${PAYEE}`);
    expect(citedHashes(flag)).toEqual([hash(2)]);
  });

  it('reports dust from a look-alike and a zero-value transfer out that a stranger sent (even without a look-alike) as exposure', () => {
    const evidence = walletEvidence({
      history: history(realPayment),
      snapshot: {
        transfers: [
          logTransfer({ transactionHash: hash(3), token: USDC, from: LOOKALIKE, to: WALLET, amount: 9_999n, blockNumber: 996_000n, logIndex: 1 }),
          logTransfer({ transactionHash: hash(4), token: USDC, from: WALLET, to: addr('5555'), amount: 0n, blockNumber: 997_000n, logIndex: 2 }),
          paidTransfer,
        ],
      },
      tokenMetadata: usdcMeta,
      transactionParties: { [hash(1)]: { from: WALLET, to: USDC, type: null }, [hash(4)]: { from: ATTACKER, to: USDC, type: null } },
    });
    expect(detectAddressPoisoning(riskContext(evidence))).toEqual([]);
    const flag = onlyExposure(poisoningExposure(riskContext(evidence)), 'targeted_by_poisoning');
    expect(citedHashes(flag).sort()).toEqual([hash(3), hash(4)].sort());
    expect(flag.evidence.find((e) => e.transactionHash === hash(3))!.detail).toMatch(/dust/);
    expect(flag.evidence.find((e) => e.transactionHash === hash(4))!.detail).toContain(ATTACKER);
  });

  it('treats 0.01 USDC as the dust edge: a look-alike paying exactly 0.01 USDC is taken as a real payer', () => {
    const inbound = (amount: bigint) =>
      walletEvidence({
        history: history(realPayment),
        snapshot: { transfers: [logTransfer({ transactionHash: hash(5), token: USDC, from: LOOKALIKE, to: WALLET, amount, blockNumber: 996_000n, logIndex: 1 }), paidTransfer] },
        tokenMetadata: usdcMeta,
      });
    expect(poisoningExposure(riskContext(inbound(10_000n)))).toHaveLength(0);
    expect(poisoningExposure(riskContext(inbound(9_999n)))).toHaveLength(1);
  });

  it('does not flag ordinary activity: a zero-value transfer the wallet sent itself, different addresses', () => {
    const evidence = walletEvidence({
      history: history({ transactions: [...realPayment.transactions, tx({ hash: hash(6), from: WALLET, to: USDC })] }),
      snapshot: { transfers: [paidTransfer, logTransfer({ transactionHash: hash(6), token: USDC, from: WALLET, to: addr('9999'), amount: 0n, logIndex: 1 })] },
      tokenMetadata: usdcMeta,
    });
    expect(detectAddressPoisoning(riskContext(evidence))).toHaveLength(0);
    expect(poisoningExposure(riskContext(evidence))).toHaveLength(0);
  });

  it('raises address_poisoning when the wallet itself paid the look-alike after the real payee (the attack worked), citing the payment and the bait', () => {
    const evidence = walletEvidence({
      history: history({ transactions: [...realPayment.transactions, tx({ hash: hash(9), from: WALLET, to: USDC, blockNumber: 998_000n })] }),
      snapshot: {
        transfers: [
          paidTransfer,
          logTransfer({ transactionHash: hash(2), token: USDC, from: WALLET, to: LOOKALIKE, amount: 0n, blockNumber: 995_000n, logIndex: 7 }),
          logTransfer({ transactionHash: hash(9), token: USDC, from: WALLET, to: LOOKALIKE, amount: 400_000_000n, blockNumber: 998_000n, logIndex: 2 }),
        ],
      },
      tokenMetadata: usdcMeta,
      transactionParties: { [hash(1)]: { from: WALLET, to: USDC, type: null }, [hash(2)]: { from: ATTACKER, to: USDC, type: null }, [hash(9)]: { from: WALLET, to: USDC, type: null } },
    });
    const flag = onlyFlag(detectAddressPoisoning(riskContext(evidence)), 'address_poisoning');
    expect(flag.evidence[0]).toMatchObject({ transactionHash: hash(9), address: LOOKALIKE });
    expect(flag.evidence[0]!.detail).toMatch(/^The wallet paid the look-alike/);
    expect(citedHashes(flag)).toEqual([hash(9), hash(2)]);
    expect(flag.explanation).toContain(`${LOOKALIKE} imitates ${PAYEE}`);
    expect(poisoningExposure(riskContext(evidence))).toEqual([]);
  });

  it('does not count a transfer whose sender is unknown as the wallet\'s own payment', () => {
    const evidence = walletEvidence({
      history: null,
      snapshot: { transfers: [logTransfer({ transactionHash: hash(7), token: USDC, from: WALLET, to: PAYEE, amount: 1_000_000n }), logTransfer({ transactionHash: hash(8), token: USDC, from: LOOKALIKE, to: WALLET, amount: 1n, logIndex: 1 })] },
      tokenMetadata: usdcMeta,
    });
    expect(detectAddressPoisoning(riskContext(evidence))).toHaveLength(0);
  });
});
