import { CATALOG, mcpResultWrapper, priceOf, responseSchema, toolById } from '@paysight/contracts';
import { FIND_TOOLS_NAME, PAYMENT_RESPONSE_META_KEY } from '@paysight/mcp-adapter';
import { fundedBuyer, officialPaymentClient, readTestStack, usdcBalance } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { PaymentRequired } from '@x402/core/types';

const snapshot = toolById('wallet_snapshot')!;
const PRICE = BigInt(priceOf(snapshot).atomic);
const stack = readTestStack();
const alice = () => stack.devnet.scenario.chains.base.wallets.alice!.address;
const wrapperOf = (name: string) => mcpResultWrapper(responseSchema(CATALOG.find((e) => e.mcpName === name)!));

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'paysight-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

describe('MCP over streamable HTTP at /api/mcp', () => {
  let api: TestApi;
  let client: Client;
  beforeAll(async () => {
    api = await startTestApi();
    client = await connect(`${api.url}/api/mcp`);
  });
  afterAll(async () => {
    await client.close();
    await api.close();
  });

  it('lists every catalog tool and the free finder', async () => {
    const { tools, nextCursor } = await client.listTools();
    expect(nextCursor).toBeUndefined();
    expect(tools.map((t) => t.name)).toEqual([...CATALOG.map((e) => e.mcpName), FIND_TOOLS_NAME]);
  });

  it('asks for payment, then serves a paid call once and never charges the same payment twice', async () => {
    const args = { address: alice(), chain: 'base' };
    const unpaid = await client.callTool({ name: snapshot.mcpName, arguments: args });
    expect(unpaid.isError).toBe(true);
    const challenge = wrapperOf(snapshot.mcpName).parse(unpaid.structuredContent);
    if (challenge.status !== 'payment_required') throw new Error(`expected payment_required, got ${challenge.status}`);
    expect(challenge).toMatchObject({ httpStatus: 402, endpoint: snapshot.path, method: 'POST', price: { amount: '0.01', currency: 'USDC' } });
    const paymentRequired = challenge.paymentRequired as unknown as PaymentRequired;
    expect(JSON.parse((unpaid.content as { text: string }[])[0]!.text)).toEqual(paymentRequired);

    const buyer = await fundedBuyer();
    const payer = officialPaymentClient(buyer);
    const payment = payer.encodePaymentSignatureHeader(await payer.createPaymentPayload(paymentRequired))['PAYMENT-SIGNATURE']!;
    const before = await usdcBalance(api.payTo);
    const paid = await client.callTool({ name: snapshot.mcpName, arguments: { ...args, x402Payment: payment } });
    expect(paid.isError).toBeFalsy();
    const ok = wrapperOf(snapshot.mcpName).parse(paid.structuredContent);
    expect(ok).toMatchObject({ status: 'ok', httpStatus: 200, endpoint: snapshot.path, response: { ok: true, tool: 'wallet_snapshot' } });
    expect(paid._meta?.[PAYMENT_RESPONSE_META_KEY]).toMatchObject({ success: true, network: 'eip155:8453', payer: buyer.address });
    expect((await usdcBalance(api.payTo)) - before).toBe(PRICE);

    const again = await client.callTool({ name: snapshot.mcpName, arguments: { ...args, xPayment: payment } });
    expect(wrapperOf(snapshot.mcpName).parse(again.structuredContent).status).not.toBe('ok');
    expect((await usdcBalance(api.payTo)) - before).toBe(PRICE);
  });
});
