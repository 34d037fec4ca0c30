import { riskContext } from '../../src/risk/context.js';
import { detectEip7702Delegation } from '../../src/risk/detectors/eip7702-delegation.js';
import { addr, citedHashes, hash, history, internal, logTransfer, onlyFlag, tx, WALLET, walletEvidence } from '../support/evidence.js';

const METAMASK = '0x63c0c19a282a1b52b07dd5a65b58948a07dae32b';
const SWEEPER = addr('5eeb');
const COLLECTOR = addr('c011');
const SENDER = addr('5e4d');
const delegatedTo = (target: string) => `0xef0100${target.slice(2).toLowerCase()}` as const;

describe('EIP-7702 delegation', () => {
  it('reports a known smart-account implementation as informational, weight 0, citing the dataset, the type-4 transaction and the calls it ran', () => {
    const evidence = walletEvidence({
      snapshot: { code: delegatedTo(METAMASK) },
      history: history({ transactions: [tx({ hash: hash(7), from: WALLET, to: WALLET, selector: '0x12345678' }), tx({ hash: hash(6), from: WALLET, to: WALLET })] }),
      transactionParties: { [hash(6)]: { from: WALLET, to: WALLET, type: 'eip7702' }, [hash(7)]: { from: WALLET, to: WALLET, type: 'eip1559' } },
    });
    const flag = onlyFlag(detectEip7702Delegation(riskContext(evidence)), 'eip7702_smart_account_delegation');
    expect(flag).toMatchObject({ severity: 'info', weight: 0 });
    expect(flag.evidence.map((e) => [e.kind, e.transactionHash])).toEqual([
      ['contract_code', undefined],
      ['dataset', undefined],
      ['transaction', hash(6)],
      ['transaction', hash(7)],
    ]);
    expect(flag.evidence[1]!.dataset).toMatchObject({ id: 'eip7702-smart-accounts', snapshotDate: '2026-11-28', entry: expect.stringContaining('MetaMask EIP7702StatelessDeleGator') });
    expect(flag.evidence[2]!.detail).toMatch(/Type-4 .* sent by the account itself/);
  });

  it('reports a sweeper when coin sent to the account leaves it in the same transaction, citing both legs', () => {
    const evidence = walletEvidence({
      snapshot: { code: delegatedTo(SWEEPER) },
      history: history({
        transactions: [tx({ hash: hash(1), from: SENDER, to: WALLET, value: 10n ** 18n })],
        internalTransfers: [internal({ transactionHash: hash(1), from: WALLET, to: COLLECTOR, value: 10n ** 18n })],
      }),
    });
    const flag = onlyFlag(detectEip7702Delegation(riskContext(evidence)), 'eip7702_sweeper_delegation');
    expect(flag).toMatchObject({ severity: 'critical', weight: 90 });
    const legs = flag.evidence.filter((e) => e.transactionHash === hash(1));
    expect(legs.map((e) => e.address)).toEqual([SENDER, COLLECTOR]);
    expect(flag.explanation).toContain(COLLECTOR);
  });

  it('counts coin the delegate moved out to a known collector without anything arriving, once a forward to that collector is seen', () => {
    const evidence = walletEvidence({
      snapshot: { code: delegatedTo(SWEEPER) },
      history: history({
        transactions: [tx({ hash: hash(1), from: SENDER, to: WALLET, value: 10n ** 18n }), tx({ hash: hash(4), from: COLLECTOR, to: WALLET, value: 0n })],
        internalTransfers: [
          internal({ transactionHash: hash(1), from: WALLET, to: COLLECTOR, value: 10n ** 18n }),
          internal({ transactionHash: hash(4), from: WALLET, to: COLLECTOR, value: 10n ** 18n }),
        ],
      }),
      transactionParties: { [hash(1)]: { from: SENDER, to: WALLET, type: null }, [hash(4)]: { from: COLLECTOR, to: WALLET, type: 'eip7702' } },
    });
    const flag = onlyFlag(detectEip7702Delegation(riskContext(evidence)), 'eip7702_sweeper_delegation');
    expect(flag.evidence.filter((e) => e.transactionHash === hash(4)).map((e) => e.detail)).toEqual([
      expect.stringMatching(/^Moved out by the delegate to the same collector .* sent 1 ETH \(internal transfer\) to/),
      expect.stringMatching(/^Type-4 .* sent by 0x/),
    ]);
  });

  it('does not read a bundler- or relayer-driven account as swept: payments in relayer-sent transactions, the fee to the relayer, and no forward', () => {
    const RELAYER = addr('4e1a');
    const MERCHANT = addr('3e4c');
    const evidence = walletEvidence({
      snapshot: { code: delegatedTo(SWEEPER) },
      accounts: { [SWEEPER.toLowerCase()]: { kind: 'contract', size: 900, delegatedTo: null } },
      history: history({
        transactions: [tx({ hash: hash(5), from: RELAYER, to: WALLET }), tx({ hash: hash(6), from: RELAYER, to: WALLET, value: 0n }), tx({ hash: hash(8), from: SENDER, to: WALLET, value: 10n ** 18n })],
        internalTransfers: [
          // A sponsored payment to a merchant and the fee to the relayer that sent the transaction.
          internal({ transactionHash: hash(5), from: WALLET, to: MERCHANT, value: 5n * 10n ** 17n }),
          internal({ transactionHash: hash(5), from: WALLET, to: RELAYER, value: 10n ** 15n }),
          // Coin that arrives in a relayer transaction and pays the relayer back: its fee, not a forward.
          internal({ transactionHash: hash(6), from: SENDER, to: WALLET, value: 10n ** 16n }),
          internal({ transactionHash: hash(6), from: WALLET, to: RELAYER, value: 10n ** 16n }),
          // A payment in and a small part out to someone else: not a forward (under 90 %).
          internal({ transactionHash: hash(8), from: WALLET, to: MERCHANT, value: 10n ** 17n }),
        ],
      }),
    });
    expect(detectEip7702Delegation(riskContext(evidence)).map((f) => f.id)).toEqual(['eip7702_unrecognized_delegation']);
  });

  it('sees token sweeps from logs alone', () => {
    const token = addr('70c');
    const evidence = walletEvidence({
      history: null,
      // The sender of a log-only transaction is looked up by hash when gathering; without it nothing is called a sweep.
      transactionParties: { [hash(2)]: { from: SENDER, to: token, type: null } },
      snapshot: {
        code: delegatedTo(SWEEPER),
        transfers: [
          logTransfer({ transactionHash: hash(2), token, from: SENDER, to: WALLET, amount: 7n, logIndex: 0 }),
          logTransfer({ transactionHash: hash(2), token, from: WALLET, to: COLLECTOR, amount: 7n, logIndex: 1 }),
        ],
      },
    });
    expect(citedHashes(onlyFlag(detectEip7702Delegation(riskContext(evidence)), 'eip7702_sweeper_delegation'))).toEqual([hash(2)]);
  });

  it('calls an unknown delegate without observed sweeps unrecognized, and ignores the owner\'s own batches', () => {
    const evidence = walletEvidence({
      snapshot: { code: delegatedTo(SWEEPER) },
      accounts: { [SWEEPER.toLowerCase()]: { kind: 'contract', size: 120, delegatedTo: null } },
      history: history({
        // The owner sends to itself and the delegate pays out: that is the owner acting, not a sweep.
        transactions: [tx({ hash: hash(3), from: WALLET, to: WALLET, value: 10n ** 18n })],
        internalTransfers: [internal({ transactionHash: hash(3), from: WALLET, to: COLLECTOR, value: 10n ** 18n })],
      }),
    });
    const flag = onlyFlag(detectEip7702Delegation(riskContext(evidence)), 'eip7702_unrecognized_delegation');
    expect(flag.evidence[1]).toMatchObject({ kind: 'contract_code', address: SWEEPER });
    expect(flag.explanation).toContain('120 bytes');
  });

  it('says nothing for an account without a delegation', () => {
    expect(detectEip7702Delegation(riskContext(walletEvidence()))).toHaveLength(0);
    expect(detectEip7702Delegation(riskContext(walletEvidence({ snapshot: { code: '0x6080604052' } })))).toHaveLength(0);
  });
});
