import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type ErrorBody, priceOf, toolById } from '@paysight/contracts';
import { REPLAY_META_KEY } from '@paysight/mcp-adapter';
import { fundedBuyer, officialPaymentClient, readTestStack, usdcBalance } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { generatePaymentId } from '@x402/extensions/payment-identifier';
import { wrapFetchWithPayment } from '@x402/fetch';
import { connectMcp } from './mcp-fixture.js';
import { callWithX402 } from './x402-mcp-client.js';

const stack = readTestStack();
const snapshot = toolById('wallet_snapshot')!;
const PRICE = BigInt(priceOf(snapshot).atomic);
const FUNDS = 1_000_000n;
const alice = () => stack.devnet.scenario.chains.base.wallets.alice!.address;
const bob = () => stack.devnet.scenario.chains.base.wallets.bob!.address;

/** An agent paying with the official client, naming the id it is given in each payment (the extension's own helpers). */
async function agent() {
  const buyer = await fundedBuyer(FUNDS);
  let id = generatePaymentId();
  const client = officialPaymentClient(buyer, '1', () => id);
  const pay = wrapFetchWithPayment(fetch, client);
  return {
    buyer,
    client,
    /** Use another id from now on (a new order). */
    newOrder: () => (id = generatePaymentId()),
    post: (url: string, body: unknown) => pay(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}

describe('payment identifiers over REST and MCP, with the official client', () => {
  let api: TestApi;
  let mcp: Client;
  beforeAll(async () => {
    api = await startTestApi();
    mcp = await connectMcp(`${api.url}/api/mcp`);
  });
  afterAll(async () => {
    await mcp.close();
    await api.close();
  });

  it('REST: a retry after a lost reply signs a new payment with the same id and gets the kept answer, charged once', async () => {
    const payer = await agent();
    const url = `${api.url}${snapshot.path}`;
    const first = await payer.post(url, { address: alice(), chain: 'base' });
    expect(first.status).toBe(200);
    const firstBody = await first.text();

    const retry = await payer.post(url, { address: alice(), chain: 'base' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('paysight-replay')).toBe('true');
    expect(retry.headers.get('payment-response')).toBe(first.headers.get('payment-response'));
    expect(await retry.text()).toBe(firstBody);
    expect(await usdcBalance(payer.buyer.address)).toBe(FUNDS - PRICE);

    payer.newOrder();
    const nextOrder = await payer.post(url, { address: alice(), chain: 'base' });
    expect([nextOrder.status, nextOrder.headers.get('paysight-replay')]).toEqual([200, null]);
    expect(await usdcBalance(payer.buyer.address)).toBe(FUNDS - 2n * PRICE);
  });

  it('REST: the same id for another body is 409 payment_identifier_conflict, nothing charged', async () => {
    const payer = await agent();
    const url = `${api.url}${snapshot.path}`;
    expect((await payer.post(url, { address: alice(), chain: 'base' })).status).toBe(200);
    const other = await payer.post(url, { address: bob(), chain: 'base' });
    expect(other.status).toBe(409);
    expect(((await other.json()) as ErrorBody).error).toMatchObject({ code: 'payment_identifier_conflict', details: { paymentId: expect.any(String) } });
    expect(other.headers.get('payment-response')).toBeNull();
    expect(await usdcBalance(payer.buyer.address)).toBe(FUNDS - PRICE);
  });

  it('MCP: the same id in a new payment gets the kept result, marked as a replay, with the first settlement', async () => {
    const payer = await agent();
    const args = { address: alice(), chain: 'base' };
    const first = await callWithX402(mcp, payer.client, snapshot.mcpName, args);
    expect(first.result.isError).toBeFalsy();
    const again = await callWithX402(mcp, payer.client, snapshot.mcpName, args);
    expect(again.result.isError).toBeFalsy();
    expect(again.result._meta?.[REPLAY_META_KEY]).toBe(true);
    expect(again.settlement).toEqual(first.settlement);
    expect(again.result.structuredContent).toEqual(first.result.structuredContent);
    expect(await usdcBalance(payer.buyer.address)).toBe(FUNDS - PRICE);

    const conflict = await callWithX402(mcp, payer.client, snapshot.mcpName, { address: bob(), chain: 'base' });
    expect(conflict.result.isError).toBe(true);
    expect((conflict.result as CallToolResult).structuredContent).toMatchObject({ error: { code: 'payment_identifier_conflict' } });
    expect(await usdcBalance(payer.buyer.address)).toBe(FUNDS - PRICE);
  });
});

describe('PAYMENT_IDENTIFIER=required', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ requirePaymentIdentifier: true });
  });
  afterAll(() => api.close());

  it('the 402 says so; a v2 payment without an id is 400 payment_identifier_required, nothing charged; with one it is served', async () => {
    const url = `${api.url}${snapshot.path}`;
    const body = JSON.stringify({ address: alice(), chain: 'base' });
    const unpaid = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(((await unpaid.json()) as { paymentRequired: { extensions: Record<string, unknown> } }).paymentRequired.extensions['payment-identifier']).toMatchObject({ info: { required: true } });

    const buyer = await fundedBuyer(FUNDS);
    const withoutId = await wrapFetchWithPayment(fetch, officialPaymentClient(buyer))(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(withoutId.status).toBe(400);
    expect(((await withoutId.json()) as ErrorBody).error.code).toBe('payment_identifier_required');
    expect(await usdcBalance(buyer.address)).toBe(FUNDS);

    const payer = await agent();
    expect((await payer.post(url, { address: alice(), chain: 'base' })).status).toBe(200);
  });
});
