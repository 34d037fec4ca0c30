import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CATALOG, CHAIN_NAMES, priceOf, toolById } from '@paysight/contracts';
import { freshAccount } from '@paysight/devnet';
import { DEVNET_RECEIPT_SIGNING_KEY } from '@paysight/api';
import { FIND_TOOLS_NAME, PAYMENT_RESPONSE_META_KEY, REPLAY_META_KEY } from '@paysight/mcp-adapter';
import { fundedBuyer, officialPaymentClient, readTestStack, usdcBalance } from '@paysight/testkit';
import type { PaymentRequired } from '@x402/core/types';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const SNAPSHOT = toolById('wallet_snapshot')!;
const stack = readTestStack();

/** The environment of a production API, pointed at the shared devnet and facilitator. */
function serviceEnv(payTo: string, dataDir: string): Record<string, string> {
  return {
    PAYEE_ADDRESS: payTo,
    RECEIPT_SIGNING_KEY: DEVNET_RECEIPT_SIGNING_KEY,
    FACILITATOR_URL: stack.facilitatorUrl,
    ...Object.fromEntries(CHAIN_NAMES.map((chain) => [`RPC_URL_${chain.toUpperCase()}`, stack.devnet.chains[chain].rpcUrl])),
    CHAIN_DATA_MODE: 'demo',
    EXPLORER_API_URL: stack.devnet.explorerUrl,
    PAYSIGHT_DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'info',
  };
}

describe('paysight-mcp serve over stdio', () => {
  const payTo = freshAccount().address;
  let dataDir: string;
  let client: Client;
  let stderr = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'paysight-serve-'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@paysight/source', '--import', 'tsx', 'apps/mcp/src/main.ts', 'serve'],
      cwd: REPO_ROOT,
      env: serviceEnv(payTo, dataDir),
      stderr: 'pipe',
    });
    transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'serve-test', version: '0' });
    try {
      await client.connect(transport);
    } catch (error) {
      throw new Error(`serve did not start: ${String(error)}\n${stderr}`, { cause: error });
    }
  });
  afterAll(async () => {
    await client.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists every catalog tool and the finder', async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([...CATALOG.map((e) => e.mcpName), FIND_TOOLS_NAME]);
  });

  it('completes a paid call end to end, never charges the same payment twice (it is replayed), and never logs it', async () => {
    const args = { address: stack.devnet.scenario.chains.base.wallets.alice!.address, chain: 'base' };
    const unpaid = (await client.callTool({ name: SNAPSHOT.mcpName, arguments: args })) as CallToolResult;
    expect(unpaid.structuredContent).toMatchObject({ status: 'payment_required', httpStatus: 402 });
    const payer = officialPaymentClient(await fundedBuyer());
    const required = (unpaid.structuredContent as { paymentRequired: PaymentRequired }).paymentRequired;
    const payment = payer.encodePaymentSignatureHeader(await payer.createPaymentPayload(required))['PAYMENT-SIGNATURE']!;

    const before = await usdcBalance(payTo);
    const paid = (await client.callTool({ name: SNAPSHOT.mcpName, arguments: { ...args, x402Payment: payment } })) as CallToolResult;
    expect(paid.structuredContent).toMatchObject({ status: 'ok', httpStatus: 200, response: { ok: true, tool: 'wallet_snapshot' } });
    expect(paid._meta?.[PAYMENT_RESPONSE_META_KEY]).toMatchObject({ success: true });
    expect((await usdcBalance(payTo)) - before).toBe(BigInt(priceOf(SNAPSHOT).atomic));

    const again = (await client.callTool({ name: SNAPSHOT.mcpName, arguments: { ...args, x402Payment: payment } })) as CallToolResult;
    // Presented again: the kept answer, marked as a replay, not a second charge.
    expect(again.structuredContent).toEqual(paid.structuredContent);
    expect(again._meta?.[REPLAY_META_KEY]).toBe(true);
    expect((await usdcBalance(payTo)) - before).toBe(BigInt(priceOf(SNAPSHOT).atomic));

    expect(stderr).toMatch(/serving http:\/\/127\.0\.0\.1:\d+\/api\/mcp and stdio/);
    expect(stderr).not.toContain(payment.slice(0, 40));
  });
});
