import { deepWalletReportResult, priceOf, savedReportResult, toolById, walletAuditResult, walletReport } from '@paysight/contracts';
import { fundedBuyer, payingFetch, readTestStack, usdcBalance } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';

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

describe('wallet audit with an AI provider configured', () => {
  it('adds validated AI sections and says so in generation, leaving the deterministic fields as they are', async () => {
    const { createServer } = await import('node:http');
    // A local chat-completions server that answers with a section grounded in the facts it was sent.
    const provider = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const prompt = JSON.stringify(JSON.parse(raw).messages);
        const address = prompt.match(/0x[0-9a-fA-F]{40}/)?.[0] ?? '';
        const content = JSON.stringify({ sections: [{ title: 'What the score rests on', text: `The audit of ${address} found the flags listed above.` }] });
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'local', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }),
        );
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const port = (provider.address() as { port: number }).port;
    const api = await startTestApi({ ai: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: null, model: 'local', timeoutMs: 5_000 } });
    const plain = await startTestApi();
    try {
      const call = async (target: TestApi) => {
        const res = await payingFetch(await fundedBuyer())(`${target.url}${toolById('wallet_audit')!.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ address: alice, chain: 'base' }),
        });
        expect(res.status).toBe(200);
        return walletAuditResult.parse(((await res.json()) as { result: unknown }).result);
      };
      const [assisted, deterministic] = await Promise.all([call(api), call(plain)]);
      expect(assisted.generation).toEqual({ mode: 'ai_assisted', aiStatus: 'succeeded' });
      expect(assisted.aiSections).toEqual([{ title: 'What the score rests on', text: `The audit of ${alice} found the flags listed above.` }]);
      // dataNotes name the head block, which the two calls' own settlements may have moved.
      const { generation: _a, aiSections: _s, dataNotes: _n1, ...assistedFacts } = assisted;
      const { generation: _b, dataNotes: _n2, ...deterministicFacts } = deterministic;
      expect(assistedFacts).toEqual(deterministicFacts);
    } finally {
      await Promise.all([api.close(), plain.close(), new Promise((resolve) => provider.close(resolve))]);
    }
  });
});
