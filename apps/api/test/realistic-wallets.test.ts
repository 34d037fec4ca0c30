import { toolById, type RiskFlagId, walletAuditResult, type WalletAuditResult } from '@paysight/contracts';
import type { ScenarioRealisticWallet } from '@paysight/devnet';
import { fundedBuyer, payingFetch, readTestStack } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';

// The wallet audit, bought over x402 on the real REST route, on the devnet's wallets shaped like
// mainnet ones (tools/devnet/README.md, "Realistic wallets"). The expectations are issue 17's rules,
// published by the devnet with each wallet: what strangers did to a wallet does not raise its score,
// and is reported apart from the flags.
const base = readTestStack().devnet.scenario.chains.base;
const shape = (name: ScenarioRealisticWallet['shape']) => base.realisticWallets.find((w) => w.shape === name)!;
const AUDIT_PRICE_USD = '1';

/** What the result says the subject is: a contract, a router, an EIP-7702 account... (issue 17, point 2). */
const subjectType = (result: WalletAuditResult) => result.subjectType.type;

/** The result's text apart from the flags and what is derived from them (summary, next action, each flow's flag ids). */
function textBesideFlags(result: WalletAuditResult): string {
  const { riskFlags: _flags, summary: _summary, recommendedNextAction: _next, ...rest } = result;
  return JSON.stringify(rest, (key, value: unknown) => (key === 'flags' ? undefined : value));
}

describe('wallet_audit on wallets shaped like mainnet ones, paid end to end on base', () => {
  let api: TestApi;
  const audits = new Map<string, WalletAuditResult>();

  beforeAll(async () => {
    api = await startTestApi();
    const buyer = await fundedBuyer(BigInt(base.realisticWallets.length + 1) * 1_000_000n);
    const pay = payingFetch(buyer, { maxUsd: AUDIT_PRICE_USD });
    // One after another: the buyer's payments must not race.
    for (const wallet of base.realisticWallets) {
      const res = await pay(`${api.url}${toolById('wallet_audit')!.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: wallet.address, chain: 'base' }),
      });
      const body = (await res.json()) as { result?: unknown; error?: unknown };
      if (res.status !== 200) throw new Error(`auditing ${wallet.wallet}: ${res.status} ${JSON.stringify(body.error)}`);
      audits.set(wallet.shape, walletAuditResult.parse(body.result));
    }
  }, 300_000);
  afterAll(() => api?.close());

  const flagIds = (result: WalletAuditResult): RiskFlagId[] => result.riskFlags.map((f) => f.id);

  it.each(base.realisticWallets.map((w) => [w.shape, w] as const))('%s: raises the expected flags, none of the forbidden ones, and scores in its band', (_shape, wallet) => {
    const result = audits.get(wallet.shape)!;
    const raised = flagIds(result);
    expect({ missing: wallet.expectedFlags.filter((f) => !raised.includes(f)), forbidden: wallet.forbiddenFlags.filter((f) => raised.includes(f)) }).toEqual({ missing: [], forbidden: [] });
    expect(wallet.scoreBands).toContain(result.riskLabel);
  });

  it.each(base.realisticWallets.filter((w) => w.exposureMentions.length > 0).map((w) => [w.shape, w] as const))(
    '%s: reports what strangers did to it apart from the flags',
    (_shape, wallet) => {
      const text = textBesideFlags(audits.get(wallet.shape)!).toLowerCase();
      expect([wallet.exposureMentions, wallet.exposureMentions.some((word) => text.includes(word))]).toEqual([wallet.exposureMentions, true]);
    },
  );

  it('poisoning victim: the exposure cites both look-alikes as its evidence', () => {
    const text = textBesideFlags(audits.get('poisoning-victim')!).toLowerCase();
    const victim = shape('poisoning-victim');
    for (const label of ['contractorLookalikeA', 'contractorLookalikeB']) expect([label, text.includes(victim.counterparties[label]!.toLowerCase())]).toEqual([label, true]);
  });

  it('router contract: is audited as a contract (a router), and a listed caller does not make it sanctioned', () => {
    const result = audits.get('router-contract')!;
    expect(['router', 'contract']).toContain(subjectType(result));
    expect(flagIds(result)).not.toContain('sanctioned_counterparty');
  });

  it('relayed smart account: is audited as an EIP-7702 account, not as swept or compromised', () => {
    const result = audits.get('relayed-smart-account')!;
    expect(subjectType(result)).toBe('eip7702_account');
    expect(flagIds(result)).not.toContain('eip7702_sweeper_delegation');
    expect(JSON.stringify(result)).not.toMatch(/compromised/i);
  });

  it('DeFi power user: wrapping and unwrapping the wrapped native coin is not wash trading, and the router approvals are to a known spender', () => {
    const result = audits.get('defi-power-user')!;
    expect(flagIds(result)).not.toContain('wash_trading');
    expect(flagIds(result)).not.toContain('unlimited_approval');
  });

  it('busy hot wallet: completes within its caps and says what it sampled of its ten thousand transfers', () => {
    const result = audits.get('busy-hot-wallet')!;
    expect(result.recentFlows.length).toBeGreaterThan(0);
    expect(result.recentFlows.length).toBeLessThanOrEqual(100);
    expect([...result.dataNotes, ...result.limitations].join(' ')).toMatch(/sampl|newest [\d,]+ entries/i);
  });

  it('busy hot wallet: is audited as a hot wallet', () => {
    expect(subjectType(audits.get('busy-hot-wallet')!)).toBe('cex_like_hot_wallet');
  });
});
