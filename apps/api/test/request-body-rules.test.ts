import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { CATALOG, DISCOVERY_PATHS, JSON_MAX_DEPTH, errorBodySchema } from '@paysight/contracts';
import { startTestApi, type TestApi } from '@paysight/testkit/api';

// One rule on each reader of a JSON body: the paid REST routes (express.json), the free recommend
// endpoint (its own bounded reader) and /api/mcp (its own reader, JSON-RPC error shape).
const paid = CATALOG[0]!;
const body = JSON.stringify(paid.example);
const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
const mcpCall = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: paid.mcpName, arguments: paid.example } });
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('request body rules on every reader', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const readers = () => [
    { name: paid.path, path: paid.path, body, headers: {}, mcp: false, deepest: 100_000 },
    // Recommend takes at most 10000 bytes: 4000 levels is the deepest array that fits.
    { name: DISCOVERY_PATHS.recommend, path: DISCOVERY_PATHS.recommend, body: JSON.stringify({ goal: 'check a wallet' }), headers: {}, mcp: false, deepest: 4_000 },
    { name: '/api/mcp', path: '/api/mcp', body: mcpCall, headers: MCP_HEADERS, mcp: true, deepest: 100_000 },
  ];
  const post = (reader: ReturnType<typeof readers>[number], payload: string | Buffer, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${reader.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...reader.headers, ...headers }, body: payload });

  it.each(['gzip', 'deflate', 'br', 'x-unknown'])('answers 415 naming Content-Encoding %s on a plain body, never 500', async (encoding) => {
    for (const reader of readers()) {
      const res = await post(reader, reader.body, { 'content-encoding': encoding });
      const answer = (await res.json()) as Record<string, unknown>;
      expect([reader.name, res.status]).toEqual([reader.name, 415]);
      const message = reader.mcp ? (answer as { error: { message: string } }).error.message : (answer as { error: { code: string; message: string } }).error.message;
      expect(message).toContain(`Content-Encoding ${encoding}`);
      if (reader.mcp) expect(answer).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
      else expect(answer).toMatchObject({ ok: false, error: { code: 'unsupported_media_type' } });
    }
  });

  it('refuses a really gzipped body the same way: bodies are never inflated', async () => {
    for (const reader of readers()) {
      const res = await post(reader, gzipSync(reader.body), { 'content-encoding': 'gzip' });
      expect([reader.name, res.status]).toEqual([reader.name, 415]);
    }
  });

  it(`refuses JSON nested deeper than ${JSON_MAX_DEPTH} levels with a 400, a 100000-deep array included`, async () => {
    for (const reader of readers()) {
      for (const depth of [JSON_MAX_DEPTH + 1, reader.deepest]) {
        const res = await post(reader, nested(depth));
        const answer = (await res.json()) as Record<string, unknown>;
        expect([reader.name, depth, res.status]).toEqual([reader.name, depth, 400]);
        if (reader.mcp) expect(answer).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringContaining(`${JSON_MAX_DEPTH} levels`) } });
        else expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_json', message: expect.stringContaining(`${JSON_MAX_DEPTH} levels`) } });
      }
    }
  });

  it(`still reads a body nested exactly ${JSON_MAX_DEPTH} levels (refused by the schema, not the depth rule)`, async () => {
    const res = await post(readers()[0]!, JSON.stringify({ ...(paid.example as Record<string, unknown>), notes: JSON.parse(nested(JSON_MAX_DEPTH - 1)) }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });

  /** Raw bytes on a fresh connection: what Node's own HTTP parser refuses before any route runs. */
  function raw(bytes: string): Promise<string> {
    const { port } = new URL(api.url);
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(bytes));
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
  }

  it('gives what Node refuses before any route (headers over 16 KiB, broken HTTP) the one error body too', async () => {
    const big = await fetch(`${api.url}${paid.path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'payment-signature': 'A'.repeat(17_000) }, body });
    expect(big.status).toBe(431);
    expect(errorBodySchema.parse(await big.json()).error.code).toBe('invalid_request');
    const broken = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(errorBodySchema.parse(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4))).error.code).toBe('invalid_request');
  });

  it('answers the next request normally', async () => {
    expect((await post(readers()[0]!, body)).status).toBe(402);
  });
});
