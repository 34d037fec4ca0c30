import { request } from 'node:http';
import { CATALOG, X402_REQUEST_LIMITS, toolById } from '@paysight/contracts';
import { FIND_TOOLS_NAME } from '@paysight/mcp-adapter';
import { NOT_SERVED_YET } from '@paysight/tools';
import { readTestStack } from '@paysight/testkit';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connectMcp, useMcpApi } from './mcp-fixture.js';
import { outputErrors } from './mcp-schema.js';

const stack = readTestStack();
const alice = () => stack.devnet.scenario.chains.base.wallets.alice!.address;
const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

const rpc = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** fetch may not set Host; node:http may. */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const req = request(url, { method: 'POST', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const structured = (result: unknown) => (result as CallToolResult).structuredContent as Record<string, unknown>;
const texts = (result: unknown) => ((result as CallToolResult).content as { text: string }[]).map((c) => c.text).join('\n');

describe('/api/mcp: tools, toolsets, validation and protection', () => {
  const mcp = useMcpApi();

  it('answers each catalog tool unpaid with payment_required, the same offer as REST, valid against its outputSchema', async () => {
    for (const entry of CATALOG) {
      const result = await mcp.client.callTool({ name: entry.mcpName, arguments: entry.example as Record<string, unknown> });
      const content = structured(result);
      expect({ tool: entry.id, errors: outputErrors(mcp.tool(entry.mcpName), content) }).toEqual({ tool: entry.id, errors: [] });
      expect(result.isError).toBe(true);
      if (NOT_SERVED_YET[entry.id as keyof typeof NOT_SERVED_YET]) {
        expect(content).toMatchObject({ status: 'error', httpStatus: 501, endpoint: entry.path, error: { code: 'not_implemented' } });
        continue;
      }
      expect(content).toMatchObject({ status: 'payment_required', httpStatus: 402, endpoint: entry.path, method: 'POST', price: { amount: entry.price } });
      const rest = await fetch(`${mcp.api.url}${entry.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(entry.example) });
      expect(rest.status).toBe(402);
      expect(content.paymentRequiredHeader).toBe(rest.headers.get('payment-required'));
      expect(content.paymentRequired).toEqual(JSON.parse(Buffer.from(rest.headers.get('payment-required')!, 'base64').toString('utf8')));
    }
  });

  it('refuses invalid input with a 400 error before asking for payment', async () => {
    const result = await mcp.client.callTool({ name: 'svc_wallet_snapshot', arguments: { address: '0x12', chain: 'base' } });
    expect(result.isError).toBe(true);
    expect(structured(result)).toMatchObject({ status: 'error', httpStatus: 400, endpoint: '/api/x402/wallet-snapshot', error: { code: 'invalid_request' } });
    expect(outputErrors(mcp.tool('svc_wallet_snapshot'), structured(result))).toEqual([]);
  });

  it('refuses secret material in any argument, payment arguments included, and never echoes it', async () => {
    for (const args of [
      { address: alice(), chain: 'base', notes: MNEMONIC },
      { address: alice(), chain: 'base', x402Payment: MNEMONIC },
      { address: alice(), chain: 'base', paymentHeader: `0x${'ab'.repeat(32)}` },
    ]) {
      const result = await mcp.client.callTool({ name: 'svc_saved_report', arguments: args });
      expect(structured(result)).toMatchObject({ status: 'error', httpStatus: 400, error: { code: 'sensitive_input' } });
      expect(JSON.stringify(result)).not.toContain('sausage');
      expect(JSON.stringify(result)).not.toContain('abababab');
    }
  });

  it('refuses two different payments in one call, and names the argument of a malformed one', async () => {
    const both = await mcp.client.callTool({ name: 'svc_tx_status', arguments: { ...(toolById('tx_status')!.example as Record<string, unknown>), x402Payment: 'eyJhIjoxfQ==', xPayment: 'eyJiIjoyfQ==' } });
    expect(structured(both)).toMatchObject({ status: 'error', httpStatus: 400, error: { code: 'invalid_request' } });
    const malformed = await mcp.client.callTool({ name: 'svc_tx_status', arguments: { ...(toolById('tx_status')!.example as Record<string, unknown>), paymentHeader: 'eyJhIjoxfQ==' } });
    expect(structured(malformed)).toMatchObject({ status: 'payment_required', x402: { reason: { code: 'payment_invalid' } } });
    expect(texts(malformed)).toMatch(/paymentHeader argument is malformed/);
  });

  it('serves a toolset subset, still calls other tools by name, and refuses unknown toolsets', async () => {
    const tx = await connectMcp(`${mcp.api.url}/api/mcp?toolsets=tx`);
    try {
      expect((await tx.listTools()).tools.map((t) => t.name)).toEqual(['svc_tx_status', 'svc_tx_hash_lookup', FIND_TOOLS_NAME]);
      const outside = await tx.callTool({ name: 'svc_wallet_snapshot', arguments: { address: alice(), chain: 'base' } });
      expect(structured(outside)).toMatchObject({ status: 'payment_required' });
    } finally {
      await tx.close();
    }
    const res = await rpc(`${mcp.api.url}/api/mcp?toolsets=wallet,bogus`, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: expect.stringMatching(/unknown toolset "bogus"/) } });
  });

  it('pages tools/list with cursors when a page size is asked for, and refuses a forged cursor', async () => {
    const paged = await connectMcp(`${mcp.api.url}/api/mcp?pageSize=4`);
    try {
      const names: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await paged.listTools(cursor ? { cursor } : {});
        expect(page.tools.length).toBeLessThanOrEqual(4);
        names.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(names).toEqual(mcp.tools.map((t) => t.name));
      expect(pages).toBe(Math.ceil(mcp.tools.length / 4));
      await expect(paged.listTools({ cursor: 'bm90LW91cnM' })).rejects.toThrow(/Invalid or expired cursor/);
    } finally {
      await paged.close();
    }
  });

  it('answers an unknown tool with a protocol error that points to the finder', async () => {
    await expect(mcp.client.callTool({ name: 'svc_nope', arguments: {} })).rejects.toThrow(/^MCP error -32602: Unknown tool: svc_nope\. Call paysight_find_tools/);
  });

  it('answers a plain tools/list from its kept bytes exactly as the SDK answers it', async () => {
    const list = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
    const kept = await rpc(`${mcp.api.url}/api/mcp?toolsets=wallet,tx`, list('a'));
    expect(kept.headers.get('content-type')).toBe('application/json');
    // A page size makes the SDK answer (one page of up to 1000 is the whole list).
    const sdk = await rpc(`${mcp.api.url}/api/mcp?toolsets=wallet,tx&pageSize=1000`, list('a'));
    expect(sdk.headers.get('content-type')).toBe('application/json');
    expect(await kept.json()).toEqual(await sdk.json());
    const numbered = (await (await rpc(`${mcp.api.url}/api/mcp`, list(7))).json()) as { id: unknown; result: { tools: unknown[] } };
    expect(numbered.id).toBe(7);
    expect(numbered.result.tools).toHaveLength(mcp.tools.length);
    // What the SDK would refuse is left to the SDK.
    expect((await rpc(`${mcp.api.url}/api/mcp`, list(1), { accept: 'application/json' })).status).toBe(406);
    expect((await rpc(`${mcp.api.url}/api/mcp`, list(1), { 'mcp-protocol-version': '1999-01-01' })).status).toBe(400);
    expect((await rpc(`${mcp.api.url}/api/mcp`, { ...list(1), id: null })).status).toBe(400);
  });

  it('finds tools for a task, free, across toolsets', async () => {
    const result = await mcp.client.callTool({ name: FIND_TOOLS_NAME, arguments: { task: 'why did my transaction revert' } });
    expect(result.isError).toBeFalsy();
    expect(outputErrors(mcp.tool(FIND_TOOLS_NAME), structured(result))).toEqual([]);
    const matches = structured(result).matches as { name: string; endpoint: string; price: string }[];
    expect(matches.slice(0, 2).map((m) => m.name).sort()).toEqual(['svc_tx_hash_lookup', 'svc_tx_status']);
    expect(matches[0]!.endpoint).toMatch(new RegExp(`^${mcp.api.url}/api/x402/`));
  });

  it('refuses foreign Host and Origin headers (DNS rebinding), GET streams, and oversized bodies', async () => {
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const foreign = await rpc(`${mcp.api.url}/api/mcp`, list, { origin: 'https://evil-7Qx9.example' });
    expect(foreign.status).toBe(403);
    // The refusal never repeats the header it refuses.
    expect(await foreign.text()).not.toContain('evil-7Qx9');
    expect(await statusWithHost(`${mcp.api.url}/api/mcp`, 'evil.example')).toBe(403);
    expect(await statusWithHost(`${mcp.api.url}/api/mcp`, new URL(mcp.api.url).host)).toBe(200);
    expect((await rpc(`${mcp.api.url}/api/mcp`, list, { origin: mcp.api.url })).status).toBe(200);
    const get = await fetch(`${mcp.api.url}/api/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    // The endpoint reads up to the largest body a tool takes (the x402 family's 1 MiB).
    const huge = await rpc(`${mcp.api.url}/api/mcp`, { ...list, params: { pad: 'x'.repeat(X402_REQUEST_LIMITS.bodyBytes) } });
    expect(huge.status).toBe(413);
    const garbage = await rpc(`${mcp.api.url}/api/mcp`, '{not json');
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });
});
