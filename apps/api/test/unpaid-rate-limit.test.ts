import { CATALOG, DISCOVERY_PATHS, errorBodySchema, priceOf } from '@paysight/contracts';
import { devnetChainSource, fundedBuyer, officialPaymentClient, openTestStore, readTestStack, usdcBalance } from '@paysight/testkit';
import { freshAccount } from '@paysight/devnet';
import type { PaymentRequired } from '@x402/core/types';
import { startApiService, type ApiService } from '../src/compose.js';
import { apiConfig } from '../src/config.js';

// A tiny limit (3 requests per client a minute) on the real API. Each test is its own client by
// X-Forwarded-For, which is how the limit tells clients apart behind a proxy.
const LIMIT = 3;
const snapshot = CATALOG.find((e) => e.id === 'wallet_snapshot')!;
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

describe('the unpaid rate limit (UNPAID_RATE_LIMIT)', () => {
  const stack = readTestStack();
  const payTo = freshAccount().address;
  let api: ApiService;
  beforeAll(async () => {
    const config = apiConfig({ payTo, facilitatorUrl: stack.facilitatorUrl, port: 0, unpaidRateLimit: { limit: LIMIT, windowMs: 60_000 } });
    api = await startApiService(config, devnetChainSource(), { baseRpcUrl: stack.devnet.chains.base.rpcUrl, store: await openTestStore() });
  });
  afterAll(async () => {
    await api.close();
    await api.store.close();
  });

  const unpaid = (client: string, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${snapshot.path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...headers }, body: JSON.stringify(snapshot.example) });
  const mcp = (client: string, message: unknown) =>
    fetch(`${api.url}/api/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, 'x-forwarded-for': client }, body: JSON.stringify(message) });

  /** A genuine payment for the snapshot, signed from an offer fetched as `client`. */
  async function payments(client: string, count: number): Promise<{ buyer: `0x${string}`; headers: string[] }> {
    const buyer = await fundedBuyer();
    const payer = officialPaymentClient(buyer);
    const offer = await unpaid(client);
    const required = payer.getPaymentRequiredResponse((name) => offer.headers.get(name), await offer.json()) as PaymentRequired;
    const headers: string[] = [];
    for (let i = 0; i < count; i++) headers.push(payer.encodePaymentSignatureHeader(await payer.createPaymentPayload(required))['PAYMENT-SIGNATURE']!);
    return { buyer: buyer.address, headers };
  }

  it('answers 429 with Retry-After and the one error body past the limit, on paid routes and free ones alike', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await unpaid('198.51.100.1')).status);
    expect(statuses).toEqual([402, 402, 402]);
    const refused = await unpaid('198.51.100.1');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    const body = errorBodySchema.parse(await refused.json());
    expect(body.error).toMatchObject({ code: 'rate_limited', details: { retryAfterSeconds: retryAfter } });
    const free = await fetch(`${api.url}${DISCOVERY_PATHS.llmsTxt}`, { headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(free.status).toBe(429);
    // A malformed payment header is no payment: still limited.
    expect((await unpaid('198.51.100.1', { 'payment-signature': 'garbage' })).status).toBe(429);
    // The health check a load balancer polls is never limited.
    expect((await fetch(`${api.url}${DISCOVERY_PATHS.health}`, { headers: { 'x-forwarded-for': '198.51.100.1' } })).status).not.toBe(429);
    // Another client has its own count.
    expect((await unpaid('198.51.100.2')).status).toBe(402);
  });

  it('never limits a paid retry: a client past its limit is still served when it pays, on REST and MCP', async () => {
    const client = '198.51.100.3';
    const { buyer, headers } = await payments(client, 2);
    for (let i = 0; i < LIMIT; i++) await unpaid(client);
    expect((await unpaid(client)).status).toBe(429);
    const before = await usdcBalance(buyer);
    const paid = await unpaid(client, { 'payment-signature': headers[0]! });
    expect(paid.status).toBe(200);
    const call = await mcp(client, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: snapshot.mcpName, arguments: { ...(snapshot.example as object), x402Payment: headers[1] } } });
    expect(call.status).toBe(200);
    expect(((await call.json()) as { result: { isError?: boolean } }).result.isError).toBeFalsy();
    expect(before - (await usdcBalance(buyer))).toBe(2n * BigInt(priceOf(snapshot).atomic));
  });

  it('counts unpaid MCP requests with REST ones and answers 429 in the JSON-RPC error shape', async () => {
    const client = '198.51.100.4';
    for (let i = 0; i < LIMIT; i++) expect((await mcp(client, { jsonrpc: '2.0', id: i, method: 'tools/list' })).status).toBe(200);
    expect((await unpaid(client)).status).toBe(429);
    const refused = await mcp(client, { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: snapshot.mcpName, arguments: { ...(snapshot.example as object), x402Payment: 'not-a-payment' } } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32029, message: expect.stringContaining('without a payment') } });
  });
});
