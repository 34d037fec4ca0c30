import { SDN_ADDRESSES } from '@paysight/datasets';
import { CHAINS } from '@paysight/contracts';
import { riskContext } from '../../src/risk/context.js';
import { listedExposure } from '../../src/risk/detectors/listed-exposure.js';
import { detectSanctionedCounterparty } from '../../src/risk/detectors/sanctioned-counterparty.js';
import { assessRisk } from '../../src/risk/engine.js';
import { ROUTER_MIN_DISTINCT_CALLERS } from '../../src/risk/subject.js';
import { addr, approvalEvent, citedHashes, CONTRACT_CODE, hash, history, internal, logTransfer, onlyExposure, onlyFlag, selfContract, tokenTransfer, tx, WALLET, walletEvidence } from '../support/evidence.js';

const LAZARUS = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';
const ORACLE = '0x40C57923924B5c5c5455c48D93317139ADDaC8fb';
const STRANGER = addr('dead');
const USDC = CHAINS.ethereum.usdc;
const usdcMeta = { [USDC.toLowerCase()]: { symbol: 'USDC', name: 'USD Coin', decimals: 6 } };

describe('sanctioned_counterparty', () => {
  it('raises the flag when the wallet sent value to a listed address, citing the SDN entry and the transaction', () => {
    const evidence = walletEvidence({ history: history({ transactions: [tx({ hash: hash(1), from: WALLET, to: LAZARUS, value: 5n * 10n ** 17n })] }) });
    const flag = onlyFlag(detectSanctionedCounterparty(riskContext(evidence)), 'sanctioned_counterparty');
    expect(flag.evidence[0]).toMatchObject({ kind: 'dataset', address: LAZARUS, dataset: { id: 'ofac-sdn-evm-addresses', snapshotDate: SDN_ADDRESSES.header.snapshotDate } });
    expect(flag.evidence[0]!.detail).toContain('Lazarus Group');
    expect(flag.evidence[1]).toMatchObject({ kind: 'transaction', transactionHash: hash(1) });
    expect(flag.evidence[1]!.detail).toMatch(/the wallet's own act/);
    expect(flag.explanation).toMatch(/never a sanctions determination/);
    expect(flag.limits.join(' ')).toContain(`The SDN snapshot is dated ${SDN_ADDRESSES.header.snapshotDate}.`);
    expect(flag.limits.join(' ')).toMatch(/reported as exposure/);
    expect(listedExposure(riskContext(evidence))).toEqual([]);
  });

  it('does not raise it for value a listed address sent unasked: that is exposure (unsolicited_listed_contact)', () => {
    const evidence = walletEvidence({ history: history({ transactions: [tx({ hash: hash(1), from: LAZARUS, to: WALLET, value: 5n * 10n ** 17n })] }) });
    expect(detectSanctionedCounterparty(riskContext(evidence))).toEqual([]);
    const exposure = onlyExposure(listedExposure(riskContext(evidence)), 'unsolicited_listed_contact');
    expect(citedHashes(exposure)).toEqual([hash(1)]);
    expect(exposure.evidence.find((e) => e.transactionHash === hash(1))!.detail).toMatch(/sent to the wallet unasked/);
  });

  it('does not raise it for a zero-value transferFrom or a forged Transfer event that a stranger emitted with the wallet as sender', () => {
    const evidence = walletEvidence({
      snapshot: {
        transfers: [
          logTransfer({ transactionHash: hash(2), token: USDC, from: WALLET, to: LAZARUS, amount: 0n, logIndex: 1 }),
          logTransfer({ transactionHash: hash(3), token: addr('fa4e'), from: WALLET, to: LAZARUS, amount: 10n ** 21n, logIndex: 0 }),
        ],
      },
      tokenMetadata: usdcMeta,
      transactionParties: { [hash(2)]: { from: STRANGER, to: USDC, type: null }, [hash(3)]: { from: STRANGER, to: addr('fa4e'), type: null } },
    });
    expect(detectSanctionedCounterparty(riskContext(evidence))).toEqual([]);
    const exposure = onlyExposure(listedExposure(riskContext(evidence)), 'unsolicited_listed_contact');
    expect(citedHashes(exposure).sort()).toEqual([hash(2), hash(3)]);
    expect(exposure.evidence.find((e) => e.transactionHash === hash(2))!.detail).toMatch(/zero-value transfer someone else emitted/);
  });

  it('does not take a transfer whose sender is unknown as the wallet\'s act', () => {
    const evidence = walletEvidence({ history: null, snapshot: { transfers: [logTransfer({ transactionHash: hash(4), token: USDC, from: WALLET, to: LAZARUS, amount: 10n ** 6n })] }, tokenMetadata: usdcMeta });
    expect(detectSanctionedCounterparty(riskContext(evidence))).toEqual([]);
    expect(onlyExposure(listedExposure(riskContext(evidence)), 'unsolicited_listed_contact').evidence[1]!.detail).toMatch(/sender of the transaction unknown/);
  });

  it('counts value received in a transaction the wallet sent (a trade with the listed address), an approval it signed, and value pulled under that approval', () => {
    const received = walletEvidence({
      history: history({ transactions: [tx({ hash: hash(5), from: WALLET, to: USDC })], tokenTransfers: [tokenTransfer({ transactionHash: hash(5), token: USDC, from: LAZARUS, to: WALLET, value: 10n ** 9n, symbol: 'USDC', decimals: 6 })] }),
    });
    expect(citedHashes(onlyFlag(detectSanctionedCounterparty(riskContext(received)), 'sanctioned_counterparty'))).toEqual([hash(5)]);

    const approved = walletEvidence({
      history: history({ transactions: [tx({ hash: hash(6), from: WALLET, to: USDC })] }),
      snapshot: { transfers: [logTransfer({ transactionHash: hash(7), token: USDC, from: WALLET, to: LAZARUS, amount: 10n ** 6n })] },
      approvals: { events: [approvalEvent({ token: USDC, spender: LAZARUS, value: 10n ** 6n, transactionHash: hash(6), logIndex: 0 })], states: [], search: null, spenders: null },
      transactionParties: { [hash(6)]: { from: WALLET, to: USDC, type: null }, [hash(7)]: { from: LAZARUS, to: USDC, type: null } },
    });
    const flag = onlyFlag(detectSanctionedCounterparty(riskContext(approved)), 'sanctioned_counterparty');
    expect(citedHashes(flag).sort()).toEqual([hash(6), hash(7)]);
    expect(flag.evidence.find((e) => e.transactionHash === hash(6))!.detail).toMatch(/approved/);
  });

  it('cites unsolicited transfers beside the wallet\'s own act with the same address, marked as not its act', () => {
    const evidence = walletEvidence({
      history: history({ transactions: [tx({ hash: hash(1), from: LAZARUS, to: WALLET, value: 2n * 10n ** 18n }), tx({ hash: hash(2), from: WALLET, to: LAZARUS, value: 5n * 10n ** 17n })] }),
    });
    const flag = onlyFlag(detectSanctionedCounterparty(riskContext(evidence)), 'sanctioned_counterparty');
    expect(flag.evidence.find((e) => e.transactionHash === hash(1))!.detail).toMatch(/^Also \(not the wallet's act/);
    expect(listedExposure(riskContext(evidence))).toEqual([]);
  });

  it('reports the oracle\'s answer, and the wallet itself when it is listed', () => {
    const evidence = walletEvidence({
      sanctionsOracle: { address: ORACLE, deployed: true, checked: [WALLET], listed: [WALLET], failed: [] },
    });
    const flag = onlyFlag(detectSanctionedCounterparty(riskContext(evidence)), 'sanctioned_counterparty');
    expect(flag.evidence).toEqual([expect.objectContaining({ kind: 'contract_state', address: ORACLE })]);
    expect(flag.explanation).toMatch(/^The wallet itself is on a sanctions list/);
  });

  it('does not sanction a contract for the listed callers it serves, but does for what it pays at someone else\'s call', () => {
    const OWNER = addr('0a11');
    const served = walletEvidence({
      snapshot: { code: '0x6080604052' },
      history: history({
        transactions: [tx({ hash: hash(1), from: LAZARUS, to: WALLET, value: 10n ** 18n }), tx({ hash: hash(2), from: LAZARUS, to: WALLET, value: 0n })],
        internalTransfers: [{ transactionHash: hash(2), blockNumber: 900_000n, timestamp: 0n, from: WALLET, to: LAZARUS, value: 10n ** 18n, kind: 'call', reverted: false }],
      }),
    });
    expect(detectSanctionedCounterparty(riskContext(served))).toEqual([]);
    const exposure = onlyExposure(listedExposure(riskContext(served)), 'serves_listed_callers');
    expect(citedHashes(exposure).sort()).toEqual([hash(1), hash(2)]);
    expect(exposure.explanation).toMatch(/this contract as callers/);

    const paid = walletEvidence({
      snapshot: { code: '0x6080604052' },
      history: history({
        transactions: [tx({ hash: hash(3), from: OWNER, to: WALLET, value: 0n })],
        internalTransfers: [{ transactionHash: hash(3), blockNumber: 900_000n, timestamp: 0n, from: WALLET, to: LAZARUS, value: 10n ** 18n, kind: 'call', reverted: false }],
      }),
    });
    expect(citedHashes(onlyFlag(detectSanctionedCounterparty(riskContext(paid)), 'sanctioned_counterparty'))).toEqual([hash(3)]);
  });

  it('counts an EIP-7702 delegation to a listed address as the account\'s act (its key signed the authorization)', () => {
    const evidence = walletEvidence({
      snapshot: { code: `0xef0100${LAZARUS.slice(2).toLowerCase()}` },
      sanctionsOracle: { address: ORACLE, deployed: true, checked: [WALLET, LAZARUS], listed: [LAZARUS], failed: [] },
    });
    const flag = onlyFlag(detectSanctionedCounterparty(riskContext(evidence)), 'sanctioned_counterparty');
    expect(flag.evidence.map((e) => e.kind)).toEqual(['dataset', 'contract_state', 'contract_code']);
    expect(flag.evidence[2]!.detail).toMatch(/delegates its code to/);
  });

  it('finds nothing for ordinary counterparties', () => {
    const evidence = walletEvidence({
      history: history({ transactions: [tx({ hash: hash(1), from: addr('99'), to: WALLET, value: 1n })] }),
      sanctionsOracle: { address: ORACLE, deployed: true, checked: [WALLET, addr('99')], listed: [], failed: [] },
    });
    expect(detectSanctionedCounterparty(riskContext(evidence))).toHaveLength(0);
    expect(listedExposure(riskContext(evidence))).toHaveLength(0);
  });

  it('does not sanction a router or a token for the listed callers it serves, nor for what it pays a listed address at a caller\'s request: the score stays 0', () => {
    const OWNER = addr('0a11');
    const calls = [
      ...Array.from({ length: ROUTER_MIN_DISTINCT_CALLERS }, (_, i) => tx({ hash: hash(100 + i), from: addr(`ca${i + 10}`), to: WALLET })),
      tx({ hash: hash(1), from: LAZARUS, to: WALLET, value: 10n ** 18n }),
      tx({ hash: hash(3), from: OWNER, to: WALLET }),
    ];
    const payout = internal({ transactionHash: hash(3), from: WALLET, to: LAZARUS, value: 10n ** 18n });
    const router = walletEvidence({ snapshot: { code: CONTRACT_CODE }, history: history({ transactions: calls, internalTransfers: [payout] }) });
    const token = walletEvidence({ snapshot: { code: CONTRACT_CODE }, contracts: [selfContract({ reads: { symbol: 'TKN', totalSupply: '1000' } })], history: history({ transactions: calls.slice(-2), internalTransfers: [payout] }) });
    for (const [type, evidence] of [['router', router], ['token', token]] as const) {
      const assessment = assessRisk(evidence);
      expect(assessment.subject.type).toBe(type);
      expect([type, assessment.flags.map((f) => f.id), assessment.score]).toEqual([type, [], 0]);
      const served = onlyExposure(assessment.exposure, 'serves_listed_callers');
      expect(citedHashes(served).sort()).toEqual([hash(1), hash(3)]);
      expect(served.explanation).toContain(`used this ${type} as callers`);
    }
  });

  it('raises it for a proxy (a token too) whose implementation is on a sanctions list: it runs that code', () => {
    const upgraded = { event: 'Upgraded' as const, value: LAZARUS as `0x${string}`, transactionHash: hash(7), blockNumber: 990_000n, logIndex: 1 };
    const evidence = walletEvidence({
      snapshot: { code: CONTRACT_CODE },
      contracts: [selfContract({ eip1967Slots: ['implementation'], controlEvents: [upgraded], reads: { symbol: 'TKN', totalSupply: '1000' } })],
      sanctionsOracle: { address: ORACLE, deployed: true, checked: [WALLET, LAZARUS], listed: [LAZARUS], failed: [] },
    });
    const assessment = assessRisk(evidence);
    expect(assessment.subject).toMatchObject({ type: 'token', implementation: LAZARUS });
    const flag = onlyFlag(assessment.flags, 'sanctioned_counterparty');
    expect(flag.explanation).toMatch(new RegExp(`^Its implementation ${LAZARUS} \\(the code it runs\\) is on a sanctions list\\.`));
    expect(flag.evidence.map((e) => e.kind)).toEqual(['dataset', 'contract_state', 'log']);
    expect(flag.evidence[1]).toMatchObject({ address: ORACLE });
    expect(flag.evidence[2]).toMatchObject({ transactionHash: hash(7), logIndex: 1, address: WALLET });
    expect(assessment.exposure).toEqual([]);
  });
});
