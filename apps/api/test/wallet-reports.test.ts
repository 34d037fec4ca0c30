import { deepWalletReportResult, priceOf, savedReportResult, toolById, walletAuditResult, walletReport } from '@paysight/contracts';
import { fundedBuyer, payingFetch, readTestStack, startTestApi, usdcBalance, type TestApi } from '@paysight/testkit';

const base = readTestStack().devnet.scenario.chains.base;
const alice = base.wallets.alice!.address;
const USDC_20 = 20_000_000n;

describe('wallet audit and reports, paid end to end', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  async function pay(tool: string, body: unknown) {
    const buyer = await fundedBuyer(USDC_20);
    const res = await payingFetch(buyer, { maxUsd: '5' })(`${api.url}${toolById(tool)!.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { res, body: (await res.json()) as { ok: boolean; result: unknown; metadata: Record<string, unknown> }, buyer };
  }

  it('wallet_audit returns every spec field and saves nothing', async () => {
    const { res, body } = await pay('wallet_audit', { address: alice, chain: 'base' });
    expect(res.status).toBe(200);
    const result = walletAuditResult.parse(body.result);
    expect(result).toMatchObject({ savedReportUrl: null, generation: { mode: 'deterministic', aiStatus: 'not_attempted', reason: 'not_configured' } });
    expect(result.reportSection.reportType).toBe('wallet_money_map');
  });

  it('deep_wallet_report returns the report and keeps it at an unlisted URL that serves the same document', async () => {
    const before = await usdcBalance(api.payTo);
    const { res, body } = await pay('deep_wallet_report', { address: alice, chain: 'base' });
    expect(res.status).toBe(200);
    const result = deepWalletReportResult.parse(body.result);
    expect(result.reportId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.savedReportUrl).toBe(`${api.publicBaseUrl}/reports/${result.reportId}`);
    expect(result.report).toMatchObject({ kind: 'wallet_report', depth: 'deep', subject: { address: alice, chain: 'base' } });
    expect((await usdcBalance(api.payTo)) - before).toBe(BigInt(priceOf(toolById('deep_wallet_report')!).atomic));

    const json = await fetch(result.savedReportUrl, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(200);
    const served = (await json.json()) as { report: unknown };
    expect(walletReport.parse(served.report)).toEqual(result.report);
    const page = await fetch(result.savedReportUrl);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain(alice);
  });

  it('saved_report returns where the report is kept and its headline', async () => {
    const { res, body } = await pay('saved_report', { address: alice, chain: 'base', reportType: 'stablecoin_creator_business_setup' });
    expect(res.status).toBe(200);
    const result = savedReportResult.parse(body.result);
    const served = (await (await fetch(result.savedReportUrl, { headers: { accept: 'application/json' } })).json()) as { report: { reportType: string; riskScore: number } };
    expect(served.report).toMatchObject({ reportType: 'stablecoin_creator_business_setup', riskScore: result.riskScore });
  });
});
