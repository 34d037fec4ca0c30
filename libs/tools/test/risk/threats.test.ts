import { CHAINS } from '@paysight/contracts';
import { THREAT_ADDRESSES } from '@paysight/datasets';
import { riskContext } from '../../src/risk/context.js';
import { listedExposure } from '../../src/risk/detectors/listed-exposure.js';
import { detectListedThreat, detectThreatCounterparty, drainedExposure } from '../../src/risk/detectors/threats.js';
import { assessRisk } from '../../src/risk/engine.js';
import { addr, approvalEvent, citedHashes, CONTRACT_CODE, hash, history, logTransfer, onlyExposure, onlyFlag, selfContract, tx, WALLET, walletEvidence } from '../support/evidence.js';

// Whatever the dataset lists first (the threats data grows independently of these rules).
const THREAT = THREAT_ADDRESSES.entries[0]!;
const chain = THREAT.chains[0]!;
const USDC = CHAINS[chain].usdc;
const usdcMeta = { [USDC.toLowerCase()]: { symbol: 'USDC', name: 'USD Coin', decimals: 6 } };
const approval = () => approvalEvent({ token: USDC, spender: THREAT.address, value: 10n ** 12n, logIndex: 0 });

describe('threat detectors', () => {
  it('raises listed_threat when the wallet itself is listed, citing the dataset entry with its source', () => {
    const flag = onlyFlag(detectListedThreat(riskContext(walletEvidence({ chain, address: THREAT.address }))), 'listed_threat');
    expect(flag).toMatchObject({ severity: 'high', weight: 75 });
    expect(flag.evidence[0]).toMatchObject({ kind: 'dataset', address: THREAT.address, dataset: { id: 'threat-addresses' } });
    expect(flag.evidence[0]!.detail).toContain(THREAT.source);
  });

  it('raises threat_counterparty for value the wallet sent to a listed address, not for value it was sent unasked', () => {
    const sent = walletEvidence({ chain, history: history({ transactions: [tx({ hash: hash(2), from: WALLET, to: THREAT.address, value: 10n ** 17n })] }) });
    const flag = onlyFlag(detectThreatCounterparty(riskContext(sent)), 'threat_counterparty');
    expect(citedHashes(flag)).toEqual([hash(2)]);
    expect(flag.explanation).toContain(THREAT.category);

    const unasked = walletEvidence({ chain, history: history({ transactions: [tx({ hash: hash(3), from: THREAT.address, to: WALLET, value: 10n ** 17n })] }) });
    expect(detectThreatCounterparty(riskContext(unasked))).toEqual([]);
    expect(citedHashes(onlyExposure(listedExposure(riskContext(unasked)), 'unsolicited_listed_contact'))).toEqual([hash(3)]);
    expect(assessRisk(unasked).score).toBe(0);
  });

  it('reports value a listed address pulled out of the wallet under the wallet\'s approval as drained_by_listed_drainer, not as threat_counterparty', () => {
    const evidence = walletEvidence({
      chain,
      history: history({ transactions: [tx({ hash: hash(1), from: WALLET, to: USDC })] }),
      snapshot: { transfers: [logTransfer({ transactionHash: hash(4), token: USDC, from: WALLET, to: addr('c011'), amount: 5n * 10n ** 8n })] },
      tokenMetadata: usdcMeta,
      approvals: { events: [approval()], states: [], search: null, spenders: null },
      transactionParties: { [hash(1)]: { from: WALLET, to: USDC, type: null }, [hash(4)]: { from: THREAT.address, to: USDC, type: null } },
    });
    const drained = onlyExposure(drainedExposure(riskContext(evidence)), 'drained_by_listed_drainer');
    expect(citedHashes(drained)).toEqual([hash(4)]);
    expect(drained.evidence.find((e) => e.transactionHash === hash(4))!.detail).toContain(`sent by ${THREAT.address}`);
    // The pull is the drainer's act and the approval is judged by approval_to_threat (approvals.test.ts): no threat_counterparty on top.
    expect(detectThreatCounterparty(riskContext(evidence))).toEqual([]);
    expect(assessRisk(evidence).flags.map((f) => f.id)).not.toContain('threat_counterparty');
  });

  it('raises threat_counterparty, not listed_threat, for an EIP-7702 delegation to a listed address: the account\'s key signed it', () => {
    const evidence = walletEvidence({ chain, snapshot: { code: `0xef0100${THREAT.address.slice(2).toLowerCase()}` } });
    const flag = onlyFlag(detectThreatCounterparty(riskContext(evidence)), 'threat_counterparty');
    expect(flag.evidence.map((e) => e.kind)).toEqual(['dataset', 'contract_code']);
    expect(flag.evidence[1]!.detail).toMatch(/delegates its code to/);
    expect(detectListedThreat(riskContext(evidence))).toEqual([]);
  });

  describe('for a proxy, whose code is its implementation\'s', () => {
    const proxy = (over: Parameters<typeof selfContract>[0], code: string = CONTRACT_CODE) => walletEvidence({ chain, snapshot: { code: code as `0x${string}` }, contracts: [selfContract(over)] });

    it('raises listed_threat when the implementation implementation() names is listed, citing the listing and the read, and no counterparty flag', () => {
      const evidence = proxy({ eip1967Slots: ['implementation'], reads: { implementation: THREAT.address } });
      const flag = onlyFlag(detectListedThreat(riskContext(evidence)), 'listed_threat');
      expect(flag.explanation).toBe(`Its implementation ${THREAT.address} (the code it runs) is listed as a ${THREAT.category} address: ${THREAT.label}.`);
      expect(flag.evidence.map((e) => [e.kind, e.address])).toEqual([
        ['dataset', THREAT.address],
        ['contract_state', WALLET],
      ]);
      expect(flag.evidence[1]!.detail).toBe(`implementation() answered ${THREAT.address} at the head block: the proxy runs its code.`);
      expect(detectThreatCounterparty(riskContext(evidence))).toEqual([]);
      expect(listedExposure(riskContext(evidence))).toEqual([]);
      expect(assessRisk(evidence)).toMatchObject({ score: 75, subject: { type: 'proxy', implementation: THREAT.address } });
    });

    it('finds the implementation in a clone\'s code or the latest Upgraded event, and a listed beacon', () => {
      const clone = `0x363d3d373d3d3d363d73${THREAT.address.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`;
      expect(onlyFlag(detectListedThreat(riskContext(proxy({}, clone))), 'listed_threat').evidence[1]).toMatchObject({ kind: 'contract_code', address: WALLET });

      const upgrade = (event: 'Upgraded' | 'BeaconUpgraded', value: `0x${string}`, n: number) => ({ event, value, transactionHash: hash(n), blockNumber: 990_000n + BigInt(n), logIndex: 0 });
      const upgraded = proxy({ eip1967Slots: ['implementation'], controlEvents: [upgrade('Upgraded', THREAT.address, 1), upgrade('Upgraded', addr('5afe'), 2)] });
      // Upgraded away from the listed code: it no longer runs it.
      expect(detectListedThreat(riskContext(upgraded))).toEqual([]);
      const current = proxy({ eip1967Slots: ['implementation'], controlEvents: [upgrade('Upgraded', addr('5afe'), 1), upgrade('Upgraded', THREAT.address, 2)] });
      expect(onlyFlag(detectListedThreat(riskContext(current)), 'listed_threat').evidence[1]).toMatchObject({ kind: 'log', transactionHash: hash(2), logIndex: 0 });

      const beacon = proxy({ eip1967Slots: ['beacon'], controlEvents: [upgrade('BeaconUpgraded', THREAT.address, 3)] });
      const flag = onlyFlag(detectListedThreat(riskContext(beacon)), 'listed_threat');
      expect(flag.explanation).toMatch(/^Its beacon .* \(which names the code it runs\)/);
      expect(flag.evidence[1]).toMatchObject({ kind: 'log', transactionHash: hash(3) });
      expect(flag.limits.join(' ')).toContain(`implementation is not readable`);
      expect(flag.limits.join(' ')).toContain(`only its beacon ${THREAT.address}`);
    });

    it('does not take an implementation() getter of a contract that is no proxy (a clone factory) as its code', () => {
      const factory = proxy({ reads: { implementation: THREAT.address } });
      expect(riskContext(factory).subject.type).toBe('contract');
      expect(detectListedThreat(riskContext(factory))).toEqual([]);
    });

    it('says in the flag\'s limits when a listed proxy\'s implementation could not be read', () => {
      const listed = walletEvidence({ chain, address: THREAT.address, snapshot: { code: CONTRACT_CODE, address: THREAT.address }, contracts: [selfContract({ address: THREAT.address, eip1967Slots: ['implementation'] })] });
      const flag = onlyFlag(detectListedThreat(riskContext(listed)), 'listed_threat');
      expect(flag.explanation).toMatch(/^The wallet itself is listed/);
      expect(flag.limits.join(' ')).toContain('EIP-1967 proxy (implementation slot)) whose implementation is not readable');
    });
  });
});
