import { SDN_ADDRESSES } from '@paysight/datasets';
import { riskContext } from '../../src/risk/context.js';
import { detectSanctionedCounterparty } from '../../src/risk/detectors/sanctioned-counterparty.js';
import { addr, hash, history, tx, WALLET, walletEvidence, onlyFlag } from '../support/evidence.js';

const LAZARUS = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';
const ORACLE = '0x40C57923924B5c5c5455c48D93317139ADDaC8fb';

describe('sanctioned_counterparty', () => {
  it('matches a counterparty against the dated SDN snapshot and cites the entry and the transaction', () => {
    const evidence = walletEvidence({ history: history({ transactions: [tx({ hash: hash(1), from: LAZARUS, to: WALLET, value: 5n * 10n ** 17n })] }) });
    const flag = onlyFlag(detectSanctionedCounterparty(riskContext(evidence)), 'sanctioned_counterparty');
    expect(flag.evidence[0]).toMatchObject({ kind: 'dataset', address: LAZARUS, dataset: { id: 'ofac-sdn-evm-addresses', snapshotDate: SDN_ADDRESSES.header.snapshotDate } });
    expect(flag.evidence[0]!.detail).toContain('Lazarus Group');
    expect(flag.evidence[1]).toMatchObject({ kind: 'transaction', transactionHash: hash(1) });
    expect(flag.explanation).toMatch(/never a sanctions determination/);
    expect(flag.limits.join(' ')).toContain(`The SDN snapshot is dated ${SDN_ADDRESSES.header.snapshotDate}.`);
  });

  it('reports the oracle\'s answer, and the wallet itself when it is listed', () => {
    const evidence = walletEvidence({
      sanctionsOracle: { address: ORACLE, deployed: true, checked: [WALLET], listed: [WALLET], failed: [] },
    });
    const flag = onlyFlag(detectSanctionedCounterparty(riskContext(evidence)), 'sanctioned_counterparty');
    expect(flag.evidence).toEqual([expect.objectContaining({ kind: 'contract_state', address: ORACLE })]);
    expect(flag.explanation).toMatch(/^The wallet itself is on a sanctions list/);
  });

  it('finds nothing for ordinary counterparties', () => {
    const evidence = walletEvidence({
      history: history({ transactions: [tx({ hash: hash(1), from: addr('99'), to: WALLET, value: 1n })] }),
      sanctionsOracle: { address: ORACLE, deployed: true, checked: [WALLET, addr('99')], listed: [], failed: [] },
    });
    expect(detectSanctionedCounterparty(riskContext(evidence))).toHaveLength(0);
  });
});
