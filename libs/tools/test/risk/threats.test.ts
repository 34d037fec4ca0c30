import { CHAINS } from '@paysight/contracts';
import { THREAT_ADDRESSES } from '@paysight/datasets';
import { riskContext } from '../../src/risk/context.js';
import { listedExposure } from '../../src/risk/detectors/listed-exposure.js';
import { detectDrainerApprovalLive, detectListedThreat, detectThreatCounterparty, drainedExposure } from '../../src/risk/detectors/threats.js';
import { assessRisk } from '../../src/risk/engine.js';
import { addr, citedHashes, hash, history, logTransfer, onlyExposure, onlyFlag, tx, WALLET, walletEvidence } from '../support/evidence.js';

// Whatever the dataset lists first (the threats data grows independently of these rules).
const THREAT = THREAT_ADDRESSES.entries[0]!;
const chain = THREAT.chains[0]!;
const USDC = CHAINS[chain].usdc;
const usdcMeta = { [USDC.toLowerCase()]: { symbol: 'USDC', name: 'USD Coin', decimals: 6 } };
const approval = (over: Partial<{ value: bigint; hash: number }> = {}) => ({
  kind: 'erc20' as const,
  token: USDC,
  spender: THREAT.address,
  value: over.value ?? 10n ** 12n,
  transactionHash: hash(over.hash ?? 1),
  blockNumber: 900_000n,
  logIndex: 0,
  foundIn: 'logs' as const,
});

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

  it('reports value a listed address pulled out of the wallet as drained_by_listed_drainer, and a still-live approval to it as drainer_approval_live', () => {
    const evidence = walletEvidence({
      chain,
      history: history({ transactions: [tx({ hash: hash(1), from: WALLET, to: USDC })] }),
      snapshot: { transfers: [logTransfer({ transactionHash: hash(4), token: USDC, from: WALLET, to: addr('c011'), amount: 5n * 10n ** 8n })] },
      tokenMetadata: usdcMeta,
      approvals: { events: [approval()], states: [{ kind: 'erc20', token: USDC, spender: THREAT.address, latest: approval(), allowance: 10n ** 12n - 5n * 10n ** 8n }] },
      transactionParties: { [hash(1)]: { from: WALLET, to: USDC, type: null }, [hash(4)]: { from: THREAT.address, to: USDC, type: null } },
    });
    const drained = onlyExposure(drainedExposure(riskContext(evidence)), 'drained_by_listed_drainer');
    expect(citedHashes(drained)).toEqual([hash(4)]);
    expect(drained.evidence.find((e) => e.transactionHash === hash(4))!.detail).toContain(`sent by ${THREAT.address}`);
    const live = onlyFlag(detectDrainerApprovalLive(riskContext(evidence)), 'drainer_approval_live');
    expect(live).toMatchObject({ severity: 'critical', weight: 80 });
    expect(live.evidence.map((e) => e.kind)).toEqual(['dataset', 'log', 'contract_state']);
    // The pull is the drainer's act, the approval the wallet's: no threat_counterparty on top.
    expect(detectThreatCounterparty(riskContext(evidence))).toEqual([]);
    expect(assessRisk(evidence).flags.map((f) => f.id)).toEqual(['drainer_approval_live']);
  });

  it('raises no live-approval flag once the approval is revoked, nor for an Approval event a stranger\'s token emitted', () => {
    const revoked = walletEvidence({ chain, approvals: { events: [approval()], states: [{ kind: 'erc20', token: USDC, spender: THREAT.address, latest: approval(), allowance: 0n }] } });
    expect(detectDrainerApprovalLive(riskContext(revoked))).toEqual([]);
    const FAKE = addr('fa4e');
    const forged = { ...approval({ hash: 9 }), token: FAKE };
    const spoofed = walletEvidence({
      chain,
      approvals: { events: [forged], states: [{ kind: 'erc20', token: FAKE, spender: THREAT.address, latest: forged, allowance: 10n ** 12n }] },
      transactionParties: { [hash(9)]: { from: addr('dead'), to: FAKE, type: null } },
    });
    expect(detectDrainerApprovalLive(riskContext(spoofed))).toEqual([]);
  });
});
