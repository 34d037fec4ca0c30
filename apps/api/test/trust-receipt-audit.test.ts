import { CATALOG, mcpResultWrapper, priceOf, responseSchema, toolById } from '@paysight/contracts';
import { officialPaymentClient, fundedBuyer, payingFetch, readTestStack, usdcBalance } from '@paysight/testkit';
import { decodePaymentResponseHeader } from '@x402/fetch';
import { useMcpApi } from './mcp-fixture.js';
import { outputErrors } from './mcp-schema.js';
import { callWithX402 } from './x402-mcp-client.js';

const receiptAudit = toolById('receipt_audit')!;
const PRICE = BigInt(priceOf(receiptAudit).atomic);
const stack = readTestStack();
const arbitrum = stack.devnet.scenario.chains.arbitrum;
const HASHES = { resource_url_hash: `sha256:${'ab'.repeat(32)}`, response_hash: `sha256:${'cd'.repeat(32)}` };
const wrapper = mcpResultWrapper(responseSchema(CATALOG.find((e) => e.id === 'receipt_audit')!));

describe('a paid receipt audit', () => {
  const mcp = useMcpApi();

  it('is served through REST in the trust envelope, then audits its own settlement over MCP', async () => {
    const buyer = await fundedBuyer();
    const before = await usdcBalance(mcp.api.payTo);
    const res = await payingFetch(buyer)(`${mcp.api.url}${receiptAudit.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chain: 'arbitrum',
        transaction_hash: arbitrum.transactions['receipt-underpaid']!.hash,
        expected_payee: arbitrum.wallets.payee!.address,
        expected_amount: '0.01',
        currency: 'USDC',
        ...HASHES,
      }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(responseSchema(receiptAudit).safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      product_family: 'agent_commerce_trust_api',
      endpoint: 'receipt-audit',
      version: 'v0.1',
      decision: 'mismatch',
      payment_status: 'settled',
      receipt_grade: 'partial',
      paid_amount: '0.005',
      amount_matches_expected: false,
      risk_flags: ['underpaid'],
      metadata: { dataSourceStatus: 'Demo' },
    });
    expect((await usdcBalance(mcp.api.payTo)) - before).toBe(PRICE);
    const settlement = decodePaymentResponseHeader(res.headers.get('payment-response')!);

    const { result, settlement: mcpSettlement } = await callWithX402(mcp.client, officialPaymentClient(await fundedBuyer()), receiptAudit.mcpName, {
      chain: 'eip155:8453',
      transaction_hash: settlement.transaction,
      expected_payee: mcp.api.payTo,
      expected_amount: '0.01',
      currency: 'USDC',
      ...HASHES,
    });
    expect(result.isError).toBeFalsy();
    expect(mcpSettlement).toMatchObject({ success: true });
    expect(outputErrors(mcp.tool(receiptAudit.mcpName), result.structuredContent)).toEqual([]);
    const ok = wrapper.parse(result.structuredContent);
    if (ok.status !== 'ok') throw new Error(`expected ok, got ${ok.status}`);
    expect(ok.response).toMatchObject({
      endpoint: 'receipt-audit',
      decision: 'verified',
      payment_status: 'settled',
      receipt_grade: 'complete',
      chain: 'base',
      paid_amount: '0.01',
      payee: mcp.api.payTo,
      evidence: { authorizations_used: [expect.objectContaining({ authorizer: buyer.address })] },
    });
    expect((await usdcBalance(mcp.api.payTo)) - before).toBe(2n * PRICE);
  });
});
