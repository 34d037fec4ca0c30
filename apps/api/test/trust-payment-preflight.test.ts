import { CATALOG, mcpResultWrapper, priceOf, responseSchema, toolById } from '@paysight/contracts';
import { fundedBuyer, officialPaymentClient, payingFetch, readTestStack, usdcBalance } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { useMcpApi } from './mcp-fixture.js';
import { outputErrors } from './mcp-schema.js';
import { callWithX402 } from './x402-mcp-client.js';

const preflight = toolById('agent_payment_preflight')!;
const PRICE = BigInt(priceOf(preflight).atomic);
const base = readTestStack().devnet.scenario.chains.base;
const seller = () => base.wallets.establishedSeller!.address;
const lookalike = () => base.wallets.sellerLookalike!.address;
const request = (payee: string) => ({ chain: 'eip155:8453', payee, amount: '0.25', currency: 'USDC', resource_url: 'https://seller.example/api/report', expected_payee: seller(), max_amount: '1' });

describe('payment preflight, paid over REST', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('answers the trust envelope for the established seller and settles exactly the price', async () => {
    const before = await usdcBalance(api.payTo);
    const res = await payingFetch(await fundedBuyer())(`${api.url}${preflight.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request(seller())),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(responseSchema(preflight).safeParse(body).error).toBeUndefined();
    expect(body).toMatchObject({
      product_family: 'agent_commerce_trust_api',
      endpoint: 'payment-preflight',
      version: 'v0.1',
      decision: 'proceed',
      payee_type: 'eoa',
      visible_activity: { distinct_payers: 5 },
    });
    expect((await usdcBalance(api.payTo)) - before).toBe(PRICE);
  });
});

describe('payment preflight, paid over MCP', () => {
  const mcp = useMcpApi();

  it('blocks a look-alike of the expected payee', async () => {
    const before = await usdcBalance(mcp.api.payTo);
    const { result, settlement } = await callWithX402(mcp.client, officialPaymentClient(await fundedBuyer()), preflight.mcpName, request(lookalike()));
    expect(result.isError).toBeFalsy();
    expect(settlement).toMatchObject({ success: true, network: 'eip155:8453' });
    expect(outputErrors(mcp.tool(preflight.mcpName), result.structuredContent)).toEqual([]);
    const ok = mcpResultWrapper(responseSchema(CATALOG.find((e) => e.id === preflight.id)!)).parse(result.structuredContent);
    expect(ok).toMatchObject({ status: 'ok', response: { endpoint: 'payment-preflight', decision: 'block' } });
    expect(ok.status === 'ok' && (ok.response as { risk_flags: string[] }).risk_flags).toContain('payee_lookalike_of_expected');
    expect((await usdcBalance(mcp.api.payTo)) - before).toBe(PRICE);
  });
});
