import { CATALOG, mcpResultWrapper, priceOf, responseSchema, toolById } from '@paysight/contracts';
import { fundedBuyer, officialPaymentClient, payingFetch, readTestStack, usdcBalance } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { useMcpApi } from './mcp-fixture.js';
import { outputErrors } from './mcp-schema.js';
import { callWithX402 } from './x402-mcp-client.js';

// One paid agent_wallet_profile call end to end, over REST and over MCP: the payee gains the price, the
// answer is the trust envelope around the profile of a planted wallet.
const profileTool = toolById('agent_wallet_profile')!;
const PRICE = BigInt(priceOf(profileTool).atomic);
const base = () => readTestStack().devnet.scenario.chains.base;

describe('agent_wallet_profile paid over REST', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('profiles the sweeper-delegated wallet in the trust envelope and settles exactly the price', async () => {
    const buyer = await fundedBuyer();
    const before = await usdcBalance(api.payTo);
    const res = await payingFetch(buyer)(`${api.url}${profileTool.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chain: 'eip155:8453', address: base().wallets.sweeperVictim!.address }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(responseSchema(profileTool).parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      product_family: 'agent_commerce_trust_api',
      endpoint: 'agent-wallet-profile',
      version: 'v0.1',
      wallet_type: 'delegated_smart_account',
      delegation_detected: true,
      decision: 'high_risk',
      risk_flags: ['eip7702_sweeper_delegation'],
      metadata: { dataSourceStatus: 'Demo' },
    });
    expect((await usdcBalance(api.payTo)) - before).toBe(PRICE);
  });
});

describe('agent_wallet_profile paid over MCP', () => {
  const mcp = useMcpApi();
  const wrapper = () => mcpResultWrapper(responseSchema(CATALOG.find((e) => e.id === 'agent_wallet_profile')!));

  it('profiles the Safe-style multisig through the SDK client and settles exactly the price', async () => {
    const buyer = await fundedBuyer();
    const before = await usdcBalance(mcp.api.payTo);
    const { result, settlement } = await callWithX402(mcp.client, officialPaymentClient(buyer), profileTool.mcpName, { chain: 'base', address: base().contracts.agentMultisig!.address });
    expect(result.isError).toBeFalsy();
    expect(settlement).toMatchObject({ success: true, payer: buyer.address, network: 'eip155:8453' });
    expect(outputErrors(mcp.tool(profileTool.mcpName), result.structuredContent)).toEqual([]);
    const ok = wrapper().parse(result.structuredContent);
    expect(ok).toMatchObject({
      status: 'ok',
      response: { endpoint: 'agent-wallet-profile', wallet_type: 'proxy_contract', decision: 'low_risk', contract_signals: { proxy_pattern: 'safe_proxy', safe: { threshold: '2' } } },
    });
    expect((await usdcBalance(mcp.api.payTo)) - before).toBe(PRICE);
  });
});
