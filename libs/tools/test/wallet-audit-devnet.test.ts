import {
  CHAIN_NAMES,
  CHAINS,
  EXPOSURE_IDS,
  walletAuditRequest,
  walletAuditResult,
  type ChainName,
  type ChainSource,
  type NarrationOutcome,
  type Narrator,
  type RiskFlag,
  type WalletAuditResult,
} from '@paysight/contracts';
import { devnetChainSource, readTestStack, toolPorts } from '@paysight/testkit';
import { riskLabel, riskScore } from '../src/risk/score.js';
import { gatherWalletEvidence } from '../src/wallet/evidence/gather.js';
import { walletAudit } from '../src/wallet/audit/index.js';

const { devnet } = readTestStack();
const ctx = () => ({ now: new Date() });

/** The devnet's chains with its local Etherscan-v2 explorer: what production has with EXPLORER_API_URL set. */
const explorerSource = (): ChainSource => devnetChainSource();
const withExplorer = toolPorts({ chain: explorerSource() });

async function audit(chain: ChainName, address: string, options: { depth?: 'basic' | 'deep'; reportType?: string; ports?: typeof withExplorer } = {}) {
  const input = walletAuditRequest.parse({ address, chain, depth: options.depth ?? 'basic', ...(options.reportType && { reportType: options.reportType }) });
  const output = await walletAudit.run(input, options.ports ?? withExplorer, ctx());
  const parsed = walletAuditResult.safeParse(output.result);
  if (!parsed.success) throw new Error(`result does not match the schema: ${parsed.error.message}`);
  return output;
}

function expectScoreFromFlags(result: WalletAuditResult) {
  expect(result.riskScore).toBe(riskScore(result.riskFlags));
  expect(result.riskLabel).toBe(riskLabel(result.riskScore));
  expect(result.riskFlags.map((f) => f.weight)).toEqual([...result.riskFlags.map((f) => f.weight)].sort((a, b) => b - a));
}

describe.each(CHAIN_NAMES)('wallet_audit on the %s devnet', (chain) => {
  const world = devnet.scenario.chains[chain];

  it.each(world.riskPatterns.map((p) => [`${p.flag} (${p.wallet})`, p] as const))('finds %s with its evidence', async (_name, pattern) => {
    const { result, metadata } = await audit(chain, pattern.address, { depth: pattern.flag === 'funding_concentration' ? 'deep' : 'basic' });
    // A pattern done to the wallet is an exposure finding, found with its evidence but never scored.
    const exposure = (EXPOSURE_IDS as readonly string[]).includes(pattern.flag);
    const flag = (exposure ? result.exposureFindings : result.riskFlags).find((f) => f.id === pattern.flag) as Pick<RiskFlag, 'evidence'>;
    expect(flag).toBeDefined();
    // The planted exposure (a poisoning victim who never paid the look-alike) leaves the wallet unscored.
    if (exposure) expect(result.riskFlags.map((f) => f.id)).toEqual([]);
    const cited = new Set(flag.evidence.flatMap((e) => [e.transactionHash?.toLowerCase(), e.address?.toLowerCase()]).filter(Boolean));
    for (const name of pattern.transactions) {
      const planted = world.transactions[name]!;
      // A deployment is cited by the contract it created; every other transaction by its hash.
      expect([name, cited.has(planted.hash.toLowerCase()) || (planted.contractAddress !== undefined && cited.has(planted.contractAddress.toLowerCase()))]).toEqual([name, true]);
    }
    const text = JSON.stringify(flag).toLowerCase();
    for (const [label, address] of Object.entries(pattern.counterparties)) expect([label, text.includes(address.toLowerCase())]).toEqual([label, true]);
    expectScoreFromFlags(result);
    expect(result).toMatchObject({ dataSourceStatus: 'Demo', savedReportUrl: null, generation: { mode: 'deterministic', aiStatus: 'not_attempted', reason: 'not_configured' } });
    expect(metadata.dataSourceStatus).toBe('Demo');
  });

  it.each(['alice', 'carol'])('raises no fake_token for %s, who holds the canonical wrapped native coin', async (label) => {
    const wallet = world.wallets[label]!;
    expect(BigInt(wallet.balances.tokens.wrappedNative!)).toBeGreaterThan(0n);
    const { result } = await audit(chain, wallet.address);
    expect(result.riskFlags.map((f) => f.id)).not.toContain('fake_token');
  });

  it('flags the counterfeit USDC contract itself, audited by its address, and not the canonical USDC', async () => {
    const fake = world.contracts.counterfeitUsdc!;
    const { result } = await audit(chain, fake.address);
    expect(result.subjectType.type).toBe('token');
    const flag = result.riskFlags.find((f) => f.id === 'counterfeit_token_contract')!;
    expect(flag.evidence[0]).toMatchObject({ kind: 'contract_state', address: fake.address });
    expect(flag.evidence[0]!.detail).toContain(`the canonical USDC on ${chain} is ${CHAINS[chain].usdc}`);
    expect(flag.evidence[1]).toMatchObject({ kind: 'transaction', transactionHash: world.transactions['deploy-counterfeit-usdc']!.hash, address: world.wallets.poisoner!.address });
    expectScoreFromFlags(result);
    const canonical = (await audit(chain, CHAINS[chain].usdc)).result;
    expect(canonical.subjectType.type).toBe('token');
    expect(canonical.riskFlags.map((f) => f.id)).not.toContain('counterfeit_token_contract');
  });

  it.each(world.benignWallets)('raises no flag for the benign wallet %s, at either depth', async (label) => {
    for (const depth of ['basic', 'deep'] as const) {
      const { result } = await audit(chain, world.wallets[label]!.address, { depth });
      expect([depth, result.riskFlags.map((f) => `${f.id}: ${f.explanation}`)]).toEqual([depth, []]);
      expect(result).toMatchObject({ riskScore: 0, riskLabel: 'low', confidence: 'high' });
      expect(result.recentFlows.length).toBeGreaterThan(0);
    }
  });
});

describe('wallet_audit on the ethereum devnet, in detail', () => {
  const world = devnet.scenario.chains.ethereum;
  const wallet = (label: string) => world.wallets[label]!.address;
  const pattern = (flag: string) => world.riskPatterns.find((p) => p.flag === flag)!;

  it('reads everything in one Multicall3 round trip', async () => {
    const source = explorerSource();
    let multicalls = 0;
    const counting = new Proxy(source, {
      get(target, key, receiver) {
        if (key === 'readContracts') return (...args: Parameters<ChainSource['readContracts']>) => (multicalls++, target.readContracts(...args));
        const value = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const evidence = await gatherWalletEvidence(walletAuditRequest.parse({ address: pattern('unlimited_approval_to_eoa').address, chain: 'ethereum' }), toolPorts({ chain: counting }));
    expect(multicalls).toBe(1);
    expect(evidence.approvals.states.length).toBeGreaterThanOrEqual(2);
    expect(evidence.sanctionsOracle).toMatchObject({ deployed: true });
    expect(evidence.sanctionsOracle!.checked.length).toBeGreaterThan(1);
  });

  it('asks the sanctions oracle about the implementation a proxy runs, known from its Upgraded event', async () => {
    const proxy = world.contracts.counterProxy!;
    const evidence = await gatherWalletEvidence(walletAuditRequest.parse({ address: proxy.address, chain: 'ethereum' }), withExplorer);
    expect(evidence.sanctionsOracle!.checked).toContain(proxy.implementation);
  });

  it('continues on logs alone and says Partial without the explorer', async () => {
    const { result } = await audit('ethereum', pattern('unlimited_approval_to_eoa').address, { ports: toolPorts({ chain: devnetChainSource({ explorer: false }) }) });
    expect(result).toMatchObject({ dataSourceStatus: 'Partial', confidence: 'low' });
    expect(result.riskFlags.map((f) => f.id)).toContain('unlimited_approval_to_eoa');
    expect(result.limitations.join(' ')).toMatch(/No indexed history/);
    expect(result.summary).toMatch(/Partial data/);
    const native = result.recentFlows.filter((f) => f.kind === 'native' || f.kind === 'internal');
    expect(native).toEqual([]);
  });

  it('fetches more at deep depth than at basic, and says so', async () => {
    const sybil = pattern('funding_concentration').address;
    const basic = await audit('ethereum', sybil, { depth: 'basic' });
    const deep = await audit('ethereum', sybil, { depth: 'deep' });
    expect(basic.result.riskFlags.map((f) => f.id)).not.toContain('funding_concentration');
    expect(basic.result.limitations.join(' ')).toMatch(/deep depth only/);
    expect(deep.result.riskFlags.map((f) => f.id)).toContain('funding_concentration');
    expect(basic.result.dataNotes.join(' ')).toMatch(/basic depth: up to 100 history entries/);
    expect(deep.result.dataNotes.join(' ')).toMatch(/deep depth: up to 500 history entries.*main funder's history/);
    expect(deep.result.riskScore).toBeGreaterThan(basic.result.riskScore);
  });

  it('gives each report type its own section', async () => {
    const saver = wallet('benignSaver');
    const money = (await audit('ethereum', saver)).result.reportSection;
    const business = (await audit('ethereum', saver, { reportType: 'stablecoin_creator_business_setup' })).result.reportSection;
    const proxy = world.contracts.counterProxy!;
    const contract = (await audit('ethereum', proxy.address, { reportType: 'contract_project_risk_snapshot' })).result.reportSection;
    const get = (section: typeof money, label: string) => section.findings.find((f) => f.label === label);

    expect(money.reportType).toBe('wallet_money_map');
    expect(get(money, 'Main sources')!.value).toContain(wallet('employer'));
    expect(get(money, 'First funding')!.value).toContain(wallet('exchange'));
    expect(business.reportType).toBe('stablecoin_creator_business_setup');
    expect(get(business, 'Distinct payers')!.value).toBe('3');
    expect(get(business, 'Repeat payers')!.value).toBe('1 of 3');
    expect(get(business, 'Payout pattern')!.value).toMatch(/^3 payout\(s\)/);
    expect(contract.reportType).toBe('contract_project_risk_snapshot');
    expect(get(contract, 'Proxy')!.value).toBe('upgradeable proxy (EIP-1967 implementation)');
    expect(get(contract, 'Proxy')!.note).toContain(proxy.implementation!);
    expect(get(contract, 'Code')!.note).toContain(world.transactions['deploy-counter-proxy']!.hash);
    expect(get(contract, 'Users')!.value).toMatch(/distinct caller/);
  });

  it('maps each narrator outcome to its generation variant and keeps the deterministic fields', async () => {
    const input = walletAuditRequest.parse({ address: pattern('sanctioned_counterparty').address, chain: 'ethereum' });
    const evidence = await walletAudit.gather(input, withExplorer, () => undefined, ctx());
    const deterministic = walletAudit.analyze(input, evidence, ctx());
    const grounded: Narrator = {
      narrate: async ({ facts }) => {
        const f = facts as { riskScore: number; flags: { id: string; evidence: { transactionHash?: string }[] }[] };
        return { status: 'succeeded', sections: [{ title: 'Why', text: `Score ${f.riskScore} from ${f.flags[0]!.id}, see ${f.flags[0]!.evidence.find((e) => e.transactionHash)!.transactionHash}.` }] };
      },
    };
    const outcomes: [Narrator, WalletAuditResult['generation']][] = [
      [grounded, { mode: 'ai_assisted', aiStatus: 'succeeded' }],
      [{ narrate: async (): Promise<NarrationOutcome> => ({ status: 'not_configured' }) }, { mode: 'deterministic', aiStatus: 'not_attempted', reason: 'not_configured' }],
      [{ narrate: async (): Promise<NarrationOutcome> => ({ status: 'failed', reason: 'timeout' }) }, { mode: 'deterministic', aiStatus: 'failed', reason: 'timeout' }],
    ];
    for (const [narrator, generation] of outcomes) {
      const { result } = await walletAudit.finish!(input, deterministic, toolPorts({ chain: explorerSource(), narrator }), ctx());
      expect(result.generation).toEqual(generation);
      const { generation: _g, aiSections, ...rest } = result;
      const { generation: _d, ...expected } = deterministic.result;
      expect(rest).toEqual(expected);
      expect(aiSections === undefined).toBe(generation.mode !== 'ai_assisted');
    }
  });
});
