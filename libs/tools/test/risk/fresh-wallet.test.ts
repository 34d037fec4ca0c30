import { riskFlag } from '@paysight/contracts';
import { riskContext } from '../../src/risk/context.js';
import { detectFreshWallet, FRESH_WALLET_MAX_AGE_DAYS, FRESH_WALLET_MAX_TRANSACTIONS } from '../../src/risk/detectors/fresh-wallet.js';
import { addr, ago, hash, history, tx, WALLET, walletEvidence, type EvidenceOverrides } from '../support/evidence.js';

const FUNDER = addr('f00d');

function fundedAt(seconds: bigint, nonce: number, over: EvidenceOverrides = {}) {
  return walletEvidence({
    history: history({ transactions: [tx({ hash: hash(1), from: FUNDER, to: WALLET, value: 10n ** 18n, timestamp: seconds, blockNumber: 999_000n })] }),
    snapshot: { transactionCount: nonce },
    ...over,
  });
}

describe('fresh_wallet', () => {
  it('flags a wallet first funded days ago with few transactions, citing the funding', () => {
    const [flag] = detectFreshWallet(riskContext(fundedAt(ago(3), 2)));
    expect(riskFlag.parse(flag)).toMatchObject({ id: 'fresh_wallet', severity: 'low', weight: 10 });
    expect(flag!.evidence[0]).toMatchObject({ kind: 'transaction', transactionHash: hash(1), blockNumber: '999000' });
    expect(flag!.evidence.some((e) => e.kind === 'transaction' && e.address === FUNDER)).toBe(true);
    expect(flag!.explanation).toMatch(/3 day\(s\) old.*2 transaction\(s\).*1 source/);
  });

  it('holds at the age and transaction thresholds and stops just past them', () => {
    expect(detectFreshWallet(riskContext(fundedAt(ago(FRESH_WALLET_MAX_AGE_DAYS), FRESH_WALLET_MAX_TRANSACTIONS)))).toHaveLength(1);
    expect(detectFreshWallet(riskContext(fundedAt(ago(FRESH_WALLET_MAX_AGE_DAYS, -1), 0)))).toHaveLength(0);
    expect(detectFreshWallet(riskContext(fundedAt(ago(1), FRESH_WALLET_MAX_TRANSACTIONS + 1)))).toHaveLength(0);
  });

  it('says nothing when the first activity is not in view or the account is a contract', () => {
    const incomplete = history({ transactions: [tx({ hash: hash(1), from: FUNDER, to: WALLET, value: 1n, timestamp: ago(1) })], complete: false });
    expect(detectFreshWallet(riskContext(fundedAt(ago(1), 0, { history: incomplete })))).toHaveLength(0);
    expect(detectFreshWallet(riskContext(fundedAt(ago(1), 0, { history: null })))).toHaveLength(0);
    expect(detectFreshWallet(riskContext(fundedAt(ago(1), 0, { snapshot: { code: '0x6080', transactionCount: 1 } })))).toHaveLength(0);
  });

  it('does not flag an old wallet', () => {
    expect(detectFreshWallet(riskContext(fundedAt(ago(400), 3)))).toHaveLength(0);
  });
});
