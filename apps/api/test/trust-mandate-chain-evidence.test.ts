import { CATALOG, mcpResultWrapper, priceOf, responseSchema, toolById } from '@paysight/contracts';
import { fundedBuyer, officialPaymentClient, payingFetch, readTestStack, usdcBalance } from '@paysight/testkit';
import { decodePaymentResponseHeader } from '@x402/fetch';
import { useMcpApi } from './mcp-fixture.js';
import { outputErrors } from './mcp-schema.js';
import { callWithX402 } from './x402-mcp-client.js';

const mandateTool = toolById('mandate_chain_evidence')!;
const PRICE = BigInt(priceOf(mandateTool).atomic);
const polygon = readTestStack().devnet.scenario.chains.polygon;
const wrapper = mcpResultWrapper(responseSchema(CATALOG.find((e) => e.id === 'mandate_chain_evidence')!));

describe('a paid mandate chain evidence check', () => {
  const mcp = useMcpApi();

  it('is served through REST in the trust envelope, then holds its own settlement against a mandate over MCP', async () => {
    const buyer = await fundedBuyer();
    const before = await usdcBalance(mcp.api.payTo);
    const res = await payingFetch(buyer)(`${mcp.api.url}${mandateTool.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chain: 'polygon',
        transaction_hash: polygon.transactions['receipt-paid-wrong-payee']!.hash,
        mandate_context: { authorized_max_amount: '1', currency: 'USDC', expected_payee: polygon.wallets.payee!.address, purpose: 'data purchase', human_present: true },
      }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(responseSchema(mandateTool).safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      product_family: 'agent_commerce_trust_api',
      endpoint: 'mandate-chain-evidence',
      decision: 'outside_mandate',
      payment_observed: true,
      payee_matches_expected: false,
      risk_flags: ['payee_mismatch'],
      metadata: { dataSourceStatus: 'Demo' },
    });
    expect((await usdcBalance(mcp.api.payTo)) - before).toBe(PRICE);
    const settlement = decodePaymentResponseHeader(res.headers.get('payment-response')!);

    const { result } = await callWithX402(mcp.client, officialPaymentClient(await fundedBuyer()), mandateTool.mcpName, {
      chain: 'base',
      transaction_hash: settlement.transaction,
      mandate_context: { authorized_max_amount: '0.25', currency: 'USDC', expected_payee: mcp.api.payTo, purpose: 'mandate check', human_present: false },
    });
    expect(result.isError).toBeFalsy();
    expect(outputErrors(mcp.tool(mandateTool.mcpName), result.structuredContent)).toEqual([]);
    const ok = wrapper.parse(result.structuredContent);
    if (ok.status !== 'ok') throw new Error(`expected ok, got ${ok.status}`);
    expect(ok.response).toMatchObject({
      endpoint: 'mandate-chain-evidence',
      decision: 'within_mandate',
      payment_observed: true,
      amount_within_declared_limit: true,
      payee_matches_expected: true,
      evidence: { payer: buyer.address, paid_amount: '0.25' },
    });
    expect((await usdcBalance(mcp.api.payTo)) - before).toBe(2n * PRICE);
  });
});
