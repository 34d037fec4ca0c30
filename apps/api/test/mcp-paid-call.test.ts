import { CATALOG, mcpResultWrapper, priceOf, responseSchema, toolById } from '@paysight/contracts';
import { FIND_TOOLS_NAME, MAX_STRUCTURED_RESULT_CHARS, OMISSIONS_META_KEY, PAYMENT_RESPONSE_META_KEY, REPLAY_META_KEY } from '@paysight/mcp-adapter';
import { fundedBuyer, officialPaymentClient, readTestStack, usdcBalance } from '@paysight/testkit';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import type { PaymentRequired } from '@x402/core/types';
import { useMcpApi } from './mcp-fixture.js';
import { outputErrors } from './mcp-schema.js';
import { callWithX402 } from './x402-mcp-client.js';

const snapshot = toolById('wallet_snapshot')!;
const audit = toolById('wallet_audit')!;
const stack = readTestStack();
const alice = () => stack.devnet.scenario.chains.base.wallets.alice!.address;
const wrapperOf = (name: string) => mcpResultWrapper(responseSchema(CATALOG.find((e) => e.mcpName === name)!));

describe('paying for MCP tools at /api/mcp', () => {
  const mcp = useMcpApi();

  it('lists every catalog tool and the free finder in one page', async () => {
    expect(mcp.tools.map((t) => t.name)).toEqual([...CATALOG.map((e) => e.mcpName), FIND_TOOLS_NAME]);
  });

  it('serves a payment in x402Payment once: payee gains exactly the price, the same payment again is replayed, not charged', async () => {
    const args = { address: alice(), chain: 'base' };
    const unpaid = await mcp.client.callTool({ name: snapshot.mcpName, arguments: args });
    const challenge = wrapperOf(snapshot.mcpName).parse(unpaid.structuredContent);
    if (challenge.status !== 'payment_required') throw new Error(`expected payment_required, got ${challenge.status}`);
    const paymentRequired = challenge.paymentRequired as unknown as PaymentRequired;

    const buyer = await fundedBuyer();
    const payer = officialPaymentClient(buyer);
    const payment = payer.encodePaymentSignatureHeader(await payer.createPaymentPayload(paymentRequired))['PAYMENT-SIGNATURE']!;
    const before = await usdcBalance(mcp.api.payTo);
    const paid = await mcp.client.callTool({ name: snapshot.mcpName, arguments: { ...args, x402Payment: payment } });
    expect(paid.isError).toBeFalsy();
    expect(outputErrors(mcp.tool(snapshot.mcpName), paid.structuredContent)).toEqual([]);
    const ok = wrapperOf(snapshot.mcpName).parse(paid.structuredContent);
    expect(ok).toMatchObject({ status: 'ok', httpStatus: 200, endpoint: snapshot.path, response: { ok: true, tool: 'wallet_snapshot' } });
    const receipt = paid._meta?.[PAYMENT_RESPONSE_META_KEY] as { transaction: string };
    expect(receipt).toMatchObject({ success: true, network: 'eip155:8453', payer: buyer.address });
    expect(ok.status === 'ok' && (ok.response as { metadata: { settlement: { transaction: string } } }).metadata.settlement.transaction).toBe(receipt.transaction);
    expect((paid.content as { text: string }[])[0]!.text).toMatch(/^Wallet snapshot: paid 0\.01 USDC/);
    expect(paid._meta?.[REPLAY_META_KEY]).toBeUndefined();
    expect((await usdcBalance(mcp.api.payTo)) - before).toBe(BigInt(priceOf(snapshot).atomic));

    for (const name of ['x402Payment', 'xPayment', 'paymentHeader']) {
      const again = await mcp.client.callTool({ name: snapshot.mcpName, arguments: { ...args, [name]: payment } });
      expect(again.structuredContent).toEqual(paid.structuredContent);
      expect(again._meta).toMatchObject({ [PAYMENT_RESPONSE_META_KEY]: receipt, [REPLAY_META_KEY]: true });
    }
    expect((await usdcBalance(mcp.api.payTo)) - before).toBe(BigInt(priceOf(snapshot).atomic));
  });

  it('pays a client written to the x402 MCP transport spec with no special case (payment in _meta)', async () => {
    const buyer = await fundedBuyer();
    const before = await usdcBalance(mcp.api.payTo);
    const { result, settlement } = await callWithX402(mcp.client, officialPaymentClient(buyer), snapshot.mcpName, { address: alice(), chain: 'base' });
    expect(result.isError).toBeFalsy();
    expect(settlement).toMatchObject({ success: true, payer: buyer.address, network: 'eip155:8453' });
    expect(wrapperOf(snapshot.mcpName).parse(result.structuredContent).status).toBe('ok');
    expect((await usdcBalance(mcp.api.payTo)) - before).toBe(BigInt(priceOf(snapshot).atomic));
  });

  it('reports the phases of a paid audit as progress notifications when asked', async () => {
    const buyer = await fundedBuyer();
    const payer = officialPaymentClient(buyer);
    const args = { address: alice(), chain: 'base' };
    const unpaid = (await mcp.client.callTool({ name: audit.mcpName, arguments: args })) as CallToolResult;
    const required = JSON.parse((unpaid.content[0] as { text: string }).text) as PaymentRequired;
    const progress: Progress[] = [];
    const payment = await payer.createPaymentPayload(required);
    const paid = (await mcp.client.callTool({ name: audit.mcpName, arguments: args, _meta: { 'x402/payment': payment } }, undefined, {
      onprogress: (p) => progress.push(p),
    })) as CallToolResult;
    expect(paid.isError).toBeFalsy();
    expect(outputErrors(mcp.tool(audit.mcpName), paid.structuredContent)).toEqual([]);
    expect(progress.map((p) => p.message)).toEqual([
      'payment verified; running wallet_audit',
      'wallet activity, indexed history and approvals read',
      'counterparties, older approvals and block times read',
      'balances, allowances and sanctions checks read in one Multicall3 round trip',
      'chain data read',
      'analysis done',
      'finished',
    ]);
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('fits a deep report within the documented budget and says where the whole report is', async () => {
    const deep = toolById('deep_wallet_report')!;
    const buyer = await fundedBuyer(10_000_000n);
    // The deep report costs 5 USDC: the official client refuses more than 1 USD a payment unless raised.
    const { result } = await callWithX402(mcp.client, officialPaymentClient(buyer, '5'), deep.mcpName, { address: alice(), chain: 'ethereum', reportType: 'wallet_money_map' });
    expect(outputErrors(mcp.tool(deep.mcpName), result.structuredContent)).toEqual([]);
    expect(JSON.stringify(result.structuredContent).length).toBeLessThanOrEqual(MAX_STRUCTURED_RESULT_CHARS);
    const omitted = result._meta?.[OMISSIONS_META_KEY] as { path: string; kept: number; total: number }[];
    expect(omitted.length).toBeGreaterThan(0);
    const url = ((result.structuredContent as { response: { result: { savedReportUrl: string } } }).response.result.savedReportUrl);
    expect((result.content[0] as { text: string }).text).toContain(url);
    const { report } = (await (await fetch(url, { headers: { accept: 'application/json' } })).json()) as { report: Record<string, unknown> };
    for (const { path, kept, total } of omitted) {
      const list = path.replace(/^result\.report\./, '').split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], report) as unknown[];
      expect({ path, kept: Math.min(kept, list.length), total: list.length }).toEqual({ path, kept, total });
    }
  });
});
