import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CATALOG, priceOf, toolById } from '@paysight/contracts';
import { MAX_DESCRIPTION_LENGTH, PAYMENT_ARGUMENTS } from '@paysight/mcp-adapter';
import { fundedBuyer, readTestStack, usdcBalance } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import type { DevnetAccount } from '@paysight/devnet';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const SNAPSHOT = toolById('wallet_snapshot')!;
const DEEP_REPORT = toolById('deep_wallet_report')!;
const PRICE = BigInt(priceOf(SNAPSHOT).atomic);
const FUNDS = 5_000_000n;
const alice = () => readTestStack().devnet.scenario.chains.base.wallets.alice!.address;
const snapshotCall = () => ({ name: SNAPSHOT.mcpName, arguments: { address: alice(), chain: 'base' } });

interface RunningProxy {
  client: Client;
  /** What the proxy wrote on stderr so far. */
  stderr(): string;
}

/** The proxy as an MCP host runs it: a child process on stdio, started by the SDK's own transport. */
async function startProxy(api: TestApi, env: Record<string, string>, flags: string[] = []): Promise<RunningProxy> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--conditions=@paysight/source', '--import', 'tsx', 'apps/mcp/src/main.ts', 'proxy', '--url', api.url, ...flags],
    cwd: REPO_ROOT,
    env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'proxy-test', version: '0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`the proxy did not start: ${String(error)}\n${stderr}`, { cause: error });
  }
  return { client, stderr: () => stderr };
}

const keyOf = (buyer: DevnetAccount) => ({ PAYSIGHT_BUYER_KEY: buyer.privateKey });
const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const call = async (proxy: RunningProxy, params: { name: string; arguments?: Record<string, unknown> }) => (await proxy.client.callTool(params)) as CallToolResult;

describe('paysight-mcp proxy', () => {
  let api: TestApi;
  const proxies: RunningProxy[] = [];
  const proxyFor = async (buyer: DevnetAccount, flags: string[] = []) => {
    const proxy = await startProxy(api, keyOf(buyer), flags);
    proxies.push(proxy);
    return proxy;
  };

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await Promise.all(proxies.map((p) => p.client.close()));
    await api.close();
  });

  it('lists every remote tool without the payment arguments, plus its own free spend report, and passes protocol errors through', async () => {
    const remote = new Client({ name: 'proxy-test-remote', version: '0' });
    await remote.connect(new StreamableHTTPClientTransport(new URL(`${api.url}/api/mcp`)));
    const remoteTools = (await remote.listTools()).tools;
    const unknownTool = await remote.callTool({ name: 'svc_no_such_tool' }).catch((error: Error) => error.message);
    await remote.close();

    const buyer = await fundedBuyer();
    const proxy = await proxyFor(buyer);
    const { tools } = await proxy.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...remoteTools.map((t) => t.name), 'proxy_spend_report'].sort());
    for (const tool of tools) {
      for (const name of PAYMENT_ARGUMENTS) {
        expect(tool.inputSchema.properties ?? {}).not.toHaveProperty(name);
        expect(tool.inputSchema.required ?? []).not.toContain(name);
      }
    }
    for (const tool of tools) expect(tool.description!.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    const snapshot = tools.find((t) => t.name === SNAPSHOT.mcpName)!;
    expect(snapshot.description).toMatch(/paid automatically .* at most 0\.25 USD per call and 2\.00 USD per session/);
    expect(snapshot._meta).toMatchObject({ x402ToolId: SNAPSHOT.id, x402Required: true });
    const paid = remoteTools.filter((t) => t._meta?.x402Required === true).length;
    expect(proxy.stderr()).toContain(
      `proxying ${paid} paid and ${remoteTools.length - paid} free tools of ${api.url}/api/mcp; paying from ${buyer.address}, at most 0.25 USD per call and 2.00 USD this session`,
    );
    // A protocol error of the service reaches the agent exactly as a direct client sees it.
    expect(await proxy.client.callTool({ name: 'svc_no_such_tool' }).catch((error: Error) => error.message)).toBe(unknownTool);
  });

  it('lists only the toolsets asked for, and still calls any tool by name as the service allows', async () => {
    const proxy = await proxyFor(await fundedBuyer(), ['--toolsets', 'tx']);
    const { tools } = await proxy.client.listTools();
    const tx = CATALOG.filter((entry) => entry.family === 'tx').map((entry) => entry.mcpName);
    expect(tools.map((t) => t.name).sort()).toEqual([...tx, 'paysight_find_tools', 'proxy_spend_report'].sort());
    expect((await call(proxy, snapshotCall())).structuredContent).toMatchObject({ status: 'ok' });
  });

  it('pays for svc_wallet_snapshot from the buyer key: the payee gets exactly the price, and the spend report shows it', async () => {
    const buyer = await fundedBuyer(FUNDS);
    const proxy = await proxyFor(buyer);
    const payeeBefore = await usdcBalance(api.payTo);

    const result = await call(proxy, snapshotCall());

    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: 'ok', httpStatus: 200, response: { ok: true, tool: 'wallet_snapshot', result: { addressSummary: { address: alice() } } } });
    const receipt = result._meta!['x402/payment-response'] as { success: boolean; transaction: string; payer: string };
    expect(receipt).toMatchObject({ success: true, payer: buyer.address });
    expect(result._meta!['paysight/spend']).toEqual({
      charged: expect.objectContaining({ tool: SNAPSHOT.mcpName, amount: '0.01', transaction: receipt.transaction, payer: buyer.address }),
      session: { spent: '0.01', remaining: '1.99', sessionCap: '2.00', perCallCap: '0.25', currency: 'USDC' },
    });
    expect(textOf(result)).toContain(`The Paysight proxy paid 0.01 USDC for ${SNAPSHOT.mcpName} (settlement ${receipt.transaction}`);
    expect((await usdcBalance(api.payTo)) - payeeBefore).toBe(PRICE);
    expect(await usdcBalance(buyer.address)).toBe(FUNDS - PRICE);

    const report = await call(proxy, { name: 'proxy_spend_report' });
    expect(report.structuredContent).toMatchObject({
      spent: '0.01',
      remaining: '1.99',
      inFlight: '0.00',
      payments: [{ tool: SNAPSHOT.mcpName, amount: '0.01', transaction: receipt.transaction, payer: buyer.address, network: 'eip155:8453' }],
      unconfirmedPayments: [],
    });
    expect(textOf(report)).toContain(`${SNAPSHOT.mcpName}: 0.01 USDC, settlement ${receipt.transaction}`);
    expect(proxy.stderr()).toContain(`paid 0.01 USDC for ${SNAPSHOT.mcpName}`);
    expect(proxy.stderr()).not.toContain(buyer.privateKey.slice(2));
  });

  it('refuses a call above the per-call cap, says how to raise it, and charges nothing', async () => {
    const buyer = await fundedBuyer(FUNDS);
    const proxy = await proxyFor(buyer);
    const payeeBefore = await usdcBalance(api.payTo);

    const result = await call(proxy, { name: DEEP_REPORT.mcpName, arguments: { address: alice(), chain: 'base' } });

    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      `Not paid: ${DEEP_REPORT.mcpName} costs 5.00 USDC, above this proxy's per-call cap of 0.25 USD. ` +
        "To allow it, raise --max-usd-per-call (to 5.00 or more) in the proxy's configuration and restart it. Nothing was signed or charged.",
    );
    expect(result.structuredContent).toMatchObject({ status: 'error', httpStatus: 402, error: { code: 'payment_required', details: { cap: 'per_call', price: '5.00', limit: '0.25' } } });
    expect(await usdcBalance(buyer.address)).toBe(FUNDS);
    expect(await usdcBalance(api.payTo)).toBe(payeeBefore);
    expect((await call(proxy, { name: 'proxy_spend_report' })).structuredContent).toMatchObject({ spent: '0.00', remaining: '2.00', payments: [] });
  });

  it('stops at the session cap, also for calls made at the same moment', async () => {
    const buyer = await fundedBuyer(FUNDS);
    const proxy = await proxyFor(buyer, ['--max-usd-per-session', '0.025']);
    const payeeBefore = await usdcBalance(api.payTo);

    const results = await Promise.all([1, 2, 3].map(() => call(proxy, snapshotCall())));

    const paid = results.filter((r) => !r.isError);
    const refused = results.filter((r) => r.isError);
    expect(paid).toHaveLength(2);
    expect(refused).toHaveLength(1);
    expect(textOf(refused[0]!)).toContain(`Not paid: ${SNAPSHOT.mcpName} costs 0.01 USDC, but only 0.005 USD of this session's 0.025 USD cap is left.`);
    expect(textOf(refused[0]!)).toContain('raise --max-usd-per-session');
    expect((await usdcBalance(api.payTo)) - payeeBefore).toBe(2n * PRICE);
    expect(await usdcBalance(buyer.address)).toBe(FUNDS - 2n * PRICE);
    expect((await call(proxy, { name: 'proxy_spend_report' })).structuredContent).toMatchObject({ spent: '0.02', remaining: '0.005' });
  });

  it('reports an unreachable service clearly and charges nothing', async () => {
    const buyer = await fundedBuyer(FUNDS);
    const gone = await startTestApi();
    const proxy = await startProxy(gone, keyOf(buyer));
    proxies.push(proxy);
    await gone.close();

    const result = await call(proxy, snapshotCall());

    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(new RegExp(`^The Paysight service at ${gone.url}/api/mcp did not answer: .*\\. Nothing was paid\\.$`));
    expect(await usdcBalance(buyer.address)).toBe(FUNDS);
  });

  it('refuses to start without a buyer key, and says where the key goes', async () => {
    await expect(startProxy(api, {})).rejects.toThrow(/PAYSIGHT_BUYER_KEY is not set\. The proxy pays from this key: create a fresh wallet, fund it with a small amount of USDC on Base/);
    await expect(startProxy(api, { PAYSIGHT_BUYER_KEY: '0x1234' })).rejects.toThrow(/PAYSIGHT_BUYER_KEY is not a private key: expected 0x followed by 64 hex digits \(its value is not shown\)/);
  });
});
