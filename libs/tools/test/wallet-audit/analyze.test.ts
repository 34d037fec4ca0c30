import { CHAINS, walletAuditRequest, walletAuditResult, type WalletAuditResult } from '@paysight/contracts';
import { analyzeWalletAudit } from '../../src/wallet/audit/analyze.js';
import { RISK_FLAG_DEFINITIONS } from '../../src/risk/flag-catalog.js';
import { addr, ago, CONTRACT_CODE, hash, history, selfContract, tokenTransfer, tx, WALLET, walletEvidence, type EvidenceOverrides } from '../support/evidence.js';

const USDC = CHAINS.ethereum.usdc;
const POOL = '0x12D66f87A04A9E220743712cE6d9bB1B5616B8Fc';
const FUNDER = addr('f00d');
const [PAYER_A, PAYER_B, SUPPLIER] = [addr('aaa1'), addr('bbb2'), addr('5a1e')];
const ctx = { now: new Date('2026-11-23T00:00:00Z') };
const usdc = (whole: number) => BigInt(whole) * 1_000_000n;

/** A small business wallet: funded with coin, paid in USDC by two customers, pays a supplier, and once used a mixer. */
const businessHistory = history({
  transactions: [
    tx({ hash: hash(1), from: FUNDER, to: WALLET, value: 2n * 10n ** 18n, blockNumber: 800_000n, timestamp: ago(40) }),
    tx({ hash: hash(6), from: WALLET, to: POOL, value: 10n ** 17n, blockNumber: 900_500n, timestamp: ago(5) }),
    tx({ hash: hash(5), from: WALLET, to: USDC, blockNumber: 900_400n, timestamp: ago(6) }),
  ],
  tokenTransfers: [
    tokenTransfer({ transactionHash: hash(2), token: USDC, from: PAYER_A, value: usdc(100), symbol: 'USDC', decimals: 6, blockNumber: 850_000n, timestamp: ago(20) }),
    tokenTransfer({ transactionHash: hash(3), token: USDC, from: PAYER_A, value: usdc(300), symbol: 'USDC', decimals: 6, blockNumber: 860_000n, timestamp: ago(15) }),
    tokenTransfer({ transactionHash: hash(4), token: USDC, from: PAYER_B, value: usdc(600), symbol: 'USDC', decimals: 6, blockNumber: 870_000n, timestamp: ago(10) }),
    tokenTransfer({ transactionHash: hash(5), token: USDC, from: WALLET, to: SUPPLIER, value: usdc(250), symbol: 'USDC', decimals: 6, blockNumber: 900_400n, timestamp: ago(6) }),
  ],
});

function audit(over: EvidenceOverrides = {}, request: Record<string, unknown> = {}) {
  const input = walletAuditRequest.parse({ address: WALLET, ...request });
  const evidence = walletEvidence({
    history: businessHistory,
    depth: input.depth,
    snapshot: { tokens: [{ address: USDC, balance: usdc(750), symbol: 'USDC', name: 'USD Coin', decimals: 6, source: 'known_token' }], nativeBalance: 19n * 10n ** 17n },
    ...over,
  });
  const output = analyzeWalletAudit(input, evidence, ctx);
  expect(walletAuditResult.safeParse(output.result).success).toBe(true);
  return output;
}

const findings = (r: WalletAuditResult) => Object.fromEntries(r.reportSection.findings.map((f) => [f.label, f]));

describe('wallet_audit analysis', () => {
  it('fills every result field from the evidence, with the score following the flags', () => {
    const { result, metadata } = audit();
    expect(result.riskFlags.map((f) => f.id)).toEqual(['mixer_interaction']);
    expect(result).toMatchObject({ riskScore: 40, riskLabel: 'elevated', dataSourceStatus: 'Live', confidence: 'high', savedReportUrl: null });
    expect(result.generation).toEqual({ mode: 'deterministic', aiStatus: 'not_attempted', reason: 'not_configured' });
    expect(result.recommendedNextAction).toMatch(/source of funds/);
    expect(result.summary).toContain('risk 40/100 (elevated)');
    expect(result.tokenExposure).toEqual([expect.objectContaining({ address: USDC, balance: '750000000', isStablecoin: true })]);
    const deposit = result.recentFlows.find((f) => f.transactionHash === hash(6))!;
    expect(deposit).toMatchObject({ direction: 'out', kind: 'native', amount: '100000000000000000', formatted: '0.1', counterparty: POOL, flags: ['mixer_interaction'], logIndex: null });
    expect(result.recentFlows[0]!.transactionHash).toBe(hash(6));
    const pool = result.topCounterparties.find((c) => c.address === POOL)!;
    expect(pool).toMatchObject({ label: 'Tornado Cash 0.1 ETH pool', nativeOut: '100000000000000000', flags: ['mixer_interaction'] });
    expect(result.topCounterparties[0]).toMatchObject({ address: PAYER_A, interactions: 2, stablecoinInUsd: '400' });
    expect(metadata).toMatchObject({ dataSourceStatus: 'Live', depth: 'basic', reportType: 'wallet_money_map' });
    expect(result.dataNotes.join(' ')).toMatch(/basic depth: .*no funder fan-out check/);
  });

  it('says Partial, with low confidence, when the indexed history is unavailable', () => {
    const { result } = audit({ history: null });
    expect(result).toMatchObject({ dataSourceStatus: 'Partial', confidence: 'low' });
    expect(result.summary).toMatch(/Partial data/);
    expect(result.riskFlags).toEqual([]);
    expect(result.recommendedNextAction).toMatch(/indexed history was unavailable/);
  });

  it('lowers confidence to medium when a bound cut what was read, and describes deep depth', () => {
    const { result } = audit({ limitations: ['Counterparties whose code was read: 30 of 45 were read (bound for deep depth).'] }, { depth: 'deep' });
    expect(result.confidence).toBe('medium');
    expect(result.limitations[0]).toMatch(/30 of 45/);
    expect(result.dataNotes.join(' ')).toMatch(/deep depth: .*main funder's history/);
  });

  it('maps the money: totals both ways, main sources and destinations, first funding, flagged flows', () => {
    const { result } = audit();
    expect(result.reportSection).toMatchObject({ reportType: 'wallet_money_map', title: expect.stringMatching(/Money map/) });
    const f = findings(result);
    expect(f['Native coin in']!.value).toBe('2 ETH');
    expect(f['Stablecoins in / out']!.value).toBe('1000 / 250 USD');
    expect(f['Main sources']!.value).toContain(`${PAYER_B}: 600 USD (60%)`);
    expect(f['Main destinations']!.value).toContain(`${POOL} [Tornado Cash 0.1 ETH pool]: 0.1 ETH (100%)`);
    expect(f['First funding']!.value).toBe(`2 ETH from ${FUNDER}`);
    expect(f['Flows behind risk flags']).toMatchObject({ value: '1 of 6 flow(s)', note: 'Cited by: mixer_interaction.' });
    const minted = audit({ history: history({ tokenTransfers: [tokenTransfer({ transactionHash: hash(9), token: USDC, from: '0x0000000000000000000000000000000000000000', value: usdc(5), symbol: 'USDC', decimals: 6 })] }) });
    expect(findings(minted.result)['Main sources']!.value).toBe('0x0000000000000000000000000000000000000000 [zero address (mint or burn)]: 5 USD (100%)');
  });

  it('reads stablecoin receipts as a business: payers, repeat payers, tickets, concentration, payouts', () => {
    const { result } = audit({}, { reportType: 'stablecoin_creator_business_setup' });
    expect(result.reportSection.reportType).toBe('stablecoin_creator_business_setup');
    const f = findings(result);
    expect(f['Stablecoin receipts']!.value).toBe('3 payment(s), 1000 USD');
    expect(f['Distinct payers']!.value).toBe('2');
    expect(f['Repeat payers']).toMatchObject({ value: '1 of 2', note: expect.stringMatching(/^40% of receipts/) });
    expect(f['Ticket size (USD)']!.value).toBe('min 100, median 300, max 600');
    expect(f['Payer concentration']!.value).toBe('top payer 60%, top 3 100%');
    expect(f['Payout pattern']!.value).toBe('1 payout(s), 250 USD to 1 destination(s)');
    expect(f['Payout pattern']!.note).toContain(`25% of receipts paid out; main destination ${SUPPLIER}`);
    expect(f['Stablecoins held now']!.value).toBe('750 USD');
  });

  it('describes a contract: code, proxy shape, control, control changes and users', () => {
    const contractHistory = history({
      transactions: [
        tx({ hash: hash(20), from: addr('d3b'), to: null, contractCreated: WALLET, blockNumber: 700_000n }),
        ...[21, 22, 23].map((n) => tx({ hash: hash(n), from: addr('ca11'), to: WALLET, blockNumber: 800_000n + BigInt(n) })),
        tx({ hash: hash(24), from: addr('ca12'), to: WALLET, blockNumber: 800_100n }),
      ],
    });
    const { result } = audit(
      {
        history: contractHistory,
        snapshot: { code: '0x60806040' },
        contracts: [
          {
            address: WALLET,
            role: 'self',
            creationTransaction: hash(20),
            code: { kind: 'contract', size: 4, delegatedTo: null },
            eip1967Slots: ['implementation'],
            reads: { owner: addr('0e0e'), paused: 'false' },
            controlEvents: [{ event: 'Upgraded', transactionHash: hash(25), blockNumber: 950_000n, logIndex: 0, value: addr('1e1e') }],
          },
        ],
      },
      { reportType: 'contract_project_risk_snapshot' },
    );
    const f = findings(result);
    expect(f['Code']).toMatchObject({ value: '4 bytes', note: `Created in ${hash(20)}.` });
    expect(f['Proxy']!.value).toBe('upgradeable proxy (EIP-1967 implementation)');
    expect(f['Proxy']!.note).toContain(addr('1e1e'));
    expect(f['Control']!.value).toBe(`owner ${addr('0e0e')}`);
    expect(f['Control changes in the window']!.value).toBe('1 upgrade(s), 0 ownership transfer(s), 0 admin change(s)');
    expect(f['Users']).toMatchObject({ value: '2 distinct caller(s) in 4 transaction(s)', note: expect.stringContaining(`${addr('ca11')} with 3 call(s) (75%)`) });
    expect(result.recommendedNextAction).toMatch(/agent_wallet_profile/);
  });

  it('gives each report type its own section for the same wallet', () => {
    const sections = (['wallet_money_map', 'contract_project_risk_snapshot', 'stablecoin_creator_business_setup'] as const).map((reportType) => audit({}, { reportType }).result.reportSection);
    expect(new Set(sections.map((s) => s.title)).size).toBe(3);
    expect(new Set(sections.map((s) => JSON.stringify(s.findings.map((f) => f.label)))).size).toBe(3);
    expect(findings({ reportSection: sections[1]! } as WalletAuditResult)['Subject']!.value).toBe('externally owned account');
  });

  it('advises per the weightiest flag, and a deeper look when nothing was raised at basic depth', () => {
    const clean = audit({ history: history({ transactions: [tx({ hash: hash(1), from: FUNDER, to: WALLET, value: 10n ** 18n, timestamp: ago(100) })] }) });
    expect(clean.result.riskFlags).toEqual([]);
    expect(clean.result).toMatchObject({ riskScore: 0, riskLabel: 'low' });
    expect(clean.result.recommendedNextAction).toMatch(/depth deep/);
  });

  it('reports what strangers did to the wallet as exposure, apart from the score, with the subject type and the flags it skips', () => {
    const LAZARUS = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';
    const unasked = history({ transactions: [...businessHistory.transactions.filter((t) => t.to !== POOL), tx({ hash: hash(9), from: LAZARUS, to: WALLET, value: 10n ** 18n, blockNumber: 900_600n })], tokenTransfers: businessHistory.tokenTransfers });
    const { result } = audit({ history: unasked });
    expect(result.riskFlags).toEqual([]);
    expect(result).toMatchObject({ riskScore: 0, riskLabel: 'low', subjectType: { type: 'eoa', skippedFlags: [] } });
    expect(result.exposureFindings.map((e) => e.id)).toEqual(['unsolicited_listed_contact']);
    expect(result.summary).toContain('Done to the wallet, not scored: Contact with listed addresses the wallet did not initiate.');
    expect(result.dataNotes.join(' ')).toMatch(/exposure findings are not scored/);

    const contract = audit({ history: unasked, snapshot: { code: '0x6080604052' } }).result;
    expect(contract.subjectType).toMatchObject({ type: 'contract', skippedFlags: ['fresh_wallet', 'funding_concentration'] });
    expect(contract.dataNotes.join(' ')).toContain('Flags that do not apply to this type: fresh_wallet, funding_concentration.');
    expect(contract.exposureFindings.map((e) => e.id)).toEqual(['serves_listed_callers']);
  });

  it('audits a counterfeit token contract as a token with its own flag', () => {
    const counterfeit = audit({ history: history(), snapshot: { code: CONTRACT_CODE }, contracts: [selfContract({ reads: { symbol: 'USDT', name: 'Tether USD', totalSupply: '10000000000' } })] }).result;
    expect(counterfeit).toMatchObject({ riskScore: 60, riskLabel: 'high', subjectType: { type: 'token' } });
    expect(counterfeit.riskFlags.map((f) => f.id)).toEqual(['counterfeit_token_contract']);
    expect(counterfeit.recommendedNextAction).toBe(RISK_FLAG_DEFINITIONS.counterfeit_token_contract.nextAction);
    expect(counterfeit.summary).toContain('(token contract): risk 60/100 (high). 1 risk flag(s): Counterfeit of a well-known token.');
  });

  it('says in its limitations when a proxy\'s implementation, the code it runs, could not be checked', () => {
    const unread = audit({ history: history(), snapshot: { code: CONTRACT_CODE }, contracts: [selfContract({ eip1967Slots: ['implementation'] })] }).result;
    expect(unread.subjectType).toMatchObject({ type: 'proxy', implementation: null });
    expect(unread.limitations.join(' ')).toMatch(/whose implementation is not readable .*: the code it runs was not checked against the sanctions and threat lists\./);
    const readable = audit({ history: history(), snapshot: { code: CONTRACT_CODE }, contracts: [selfContract({ eip1967Slots: ['implementation'], reads: { implementation: addr('1e1e') } })] }).result;
    expect(readable.limitations.join(' ')).not.toMatch(/implementation is not readable/);
  });
});
