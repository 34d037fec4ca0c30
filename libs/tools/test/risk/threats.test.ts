import { CHAINS } from '@paysight/contracts';
import { THREAT_ADDRESSES } from '@paysight/datasets';
import { riskContext } from '../../src/risk/context.js';
import { listedExposure } from '../../src/risk/detectors/listed-exposure.js';
import { detectListedThreat, detectThreatCounterparty, drainedExposure } from '../../src/risk/detectors/threats.js';
import { assessRisk } from '../../src/risk/engine.js';
import { addr, approvalEvent, citedHashes, hash, history, logTransfer, onlyExposure, onlyFlag, tx, WALLET, walletEvidence } from '../support/evidence.js';

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
});
