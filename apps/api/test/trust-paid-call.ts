import { CATALOG, mcpResultWrapper, priceOf, responseSchema, toolById, type ToolId } from '@paysight/contracts';
import { fundedBuyer, officialPaymentClient, payingFetch, usdcBalance } from '@paysight/testkit';
import { useMcpApi } from './mcp-fixture.js';
import { outputErrors } from './mcp-schema.js';
import { callWithX402 } from './x402-mcp-client.js';

/**
 * One paid call of a trust tool through REST (the official x402 fetch client) and one over MCP (the
 * SDK client, payment in _meta): each settles exactly the price and answers the trust envelope.
 */
export function paidTrustCallTests(id: ToolId, args: () => Record<string, unknown>, check: (body: Record<string, unknown>) => void): void {
  const entry = toolById(id)!;
  const price = BigInt(priceOf(entry).atomic);
  const envelope = responseSchema(CATALOG.find((e) => e.id === id)!);

  describe(`${id} paid over x402`, () => {
    const mcp = useMcpApi();

    it('through REST: answers the trust envelope and settles exactly the price', async () => {
      const buyer = await fundedBuyer();
      const before = await usdcBalance(mcp.api.payTo);
      const res = await payingFetch(buyer)(`${mcp.api.url}${entry.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(args()) });
      expect(res.status).toBe(200);
      const body = envelope.parse(await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ product_family: 'agent_commerce_trust_api', endpoint: entry.slug, version: 'v0.1', metadata: { dataSourceStatus: 'Demo' } });
      check(body);
      expect((await usdcBalance(mcp.api.payTo)) - before).toBe(price);
    });

    it('over MCP: the same answer in structured content', async () => {
      const buyer = await fundedBuyer();
      const before = await usdcBalance(mcp.api.payTo);
      const { result, settlement } = await callWithX402(mcp.client, officialPaymentClient(buyer), entry.mcpName, args());
      expect(result.isError).toBeFalsy();
      expect(settlement).toMatchObject({ success: true, payer: buyer.address });
      expect(outputErrors(mcp.tool(entry.mcpName), result.structuredContent)).toEqual([]);
      const wrapped = mcpResultWrapper(envelope).parse(result.structuredContent);
      if (wrapped.status !== 'ok') throw new Error(`expected ok, got ${wrapped.status}`);
      check(wrapped.response as Record<string, unknown>);
      expect((await usdcBalance(mcp.api.payTo)) - before).toBe(price);
    });
  });
}
