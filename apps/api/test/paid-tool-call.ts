import { EXPANSION_VERSION, EXTENDED_VERSION, TRUST_PRODUCT_FAMILY, TRUST_VERSION, mcpResultWrapper, priceOf, responseSchema, toolById, type CatalogEntry, type ToolId } from '@paysight/contracts';
import { fundedBuyer, officialPaymentClient, payingFetch, usdcBalance } from '@paysight/testkit';
import type { TestApi } from '@paysight/testkit/api';
import { type McpFixture, useMcpApi } from './mcp-fixture.js';
import { outputErrors } from './mcp-schema.js';
import { callWithX402 } from './x402-mcp-client.js';

/** The fixed fields of a family envelope, as a paid answer on the test stack (devnet data) carries them. */
function envelopeHead(entry: CatalogEntry): Record<string, unknown> {
  switch (entry.envelope.kind) {
    case 'trust':
      return { product_family: TRUST_PRODUCT_FAMILY, endpoint: entry.slug, version: TRUST_VERSION, metadata: { dataSourceStatus: 'Demo' } };
    case 'expansion':
      return {
        product_family: entry.envelope.productFamily,
        endpoint: entry.slug,
        tool_id: entry.id,
        version: EXPANSION_VERSION,
        pricePaid: { amount: entry.price },
        ...(entry.envelope.strict ? { metadata: { paymentStatus: 'settled' } } : {}),
      };
    case 'extended':
      return { service: entry.slug, version: EXTENDED_VERSION, pricePaid: { amount: entry.price }, metadata: { paymentStatus: 'settled' } };
    case 'paid':
      throw new Error('the paid envelope of the wallet and transaction tools has its own tests');
  }
}

/** The request of a paid call; it may read the API under test first (its discovery documents, a 402). */
export type PaidCallArgs = (api: TestApi) => Record<string, unknown> | Promise<Record<string, unknown>>;

/**
 * One paid call of a family-envelope tool through REST (the official x402 fetch client) and one over
 * MCP (the SDK client, payment in _meta): each settles exactly the price and answers the tool's
 * envelope, which `check` then inspects.
 */
export function paidToolCallTests(id: ToolId, args: PaidCallArgs, check: (body: Record<string, unknown>) => void): void {
  describe(`${id} paid over x402`, () => {
    paidToolCallCases(useMcpApi(), id, args, check);
  });
}

/** The two cases of `paidToolCallTests` on a stack the caller started (many tools, one stack). */
export function paidToolCallCases(mcp: McpFixture, id: ToolId, args: PaidCallArgs, check: (body: Record<string, unknown>) => void): void {
  const entry = toolById(id)!;
  const price = BigInt(priceOf(entry).atomic);
  const envelope = responseSchema(entry);

  it(`through REST: answers the ${entry.envelope.kind} envelope and settles exactly the price`, async () => {
    const buyer = await fundedBuyer();
    const before = await usdcBalance(mcp.api.payTo);
    const res = await payingFetch(buyer)(`${mcp.api.url}${entry.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(await args(mcp.api)) });
    expect(res.status).toBe(200);
    const body = envelope.parse(await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject(envelopeHead(entry));
    check(body);
    expect((await usdcBalance(mcp.api.payTo)) - before).toBe(price);
  });

  it('over MCP: the same answer in structured content', async () => {
    const buyer = await fundedBuyer();
    const before = await usdcBalance(mcp.api.payTo);
    const { result, settlement } = await callWithX402(mcp.client, officialPaymentClient(buyer), entry.mcpName, await args(mcp.api));
    expect(result.isError).toBeFalsy();
    expect(settlement).toMatchObject({ success: true, payer: buyer.address });
    expect(outputErrors(mcp.tool(entry.mcpName), result.structuredContent)).toEqual([]);
    const wrapped = mcpResultWrapper(envelope).parse(result.structuredContent);
    if (wrapped.status !== 'ok') throw new Error(`expected ok, got ${wrapped.status}`);
    expect(wrapped.response).toMatchObject(envelopeHead(entry));
    check(wrapped.response as Record<string, unknown>);
    expect((await usdcBalance(mcp.api.payTo)) - before).toBe(price);
  });
}
