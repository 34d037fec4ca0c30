import {
  CATALOG,
  DISCOVERY_PATHS,
  DISCOVERY_VERSION,
  MCP_DISCOVERY_VERSION,
  TOOL_FAMILIES,
  discoveryManifest,
  healthReport,
  mcpDiscoveryDocument,
  priceObjectFor,
  requestJsonSchema,
  responseJsonSchema,
  type DiscoveryManifest,
  type McpDiscoveryDocument,
} from '@paysight/contracts';
import { FIND_TOOLS_NAME, PAYMENT_ARGUMENTS } from '@paysight/mcp-adapter';
import { readTestStack } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { createJsonRpcChainSource } from '@paysight/chain-data';
import { devnetChainSourceConfig } from '@paysight/devnet';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { connectMcp } from './mcp-fixture.js';
import { DEVNET_RECEIPT_SIGNER } from './receipt-signer.js';

const stack = readTestStack();
const get = (api: TestApi, path: string, init?: RequestInit) => fetch(`${api.url}${path}`, init);
const json = async <T>(api: TestApi, path: string): Promise<T> => (await get(api, path)).json() as Promise<T>;
/** A GET whose body is not decoded (fetch would undo the gzip). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string | undefined>, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}
/** A port nothing listens on. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
const trustTools = CATALOG.filter((entry) => entry.family === 'trust');

/** The MCP input schema without the payment arguments: what the REST body accepts. */
function withoutPaymentArguments(schema: Tool['inputSchema']): Record<string, unknown> {
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !(PAYMENT_ARGUMENTS as readonly string[]).includes(name)));
  return { ...schema, properties };
}

/** Every internal address the test stack uses; none may appear in a public document. */
function internalAddresses(): string[] {
  const chains = Object.values(stack.devnet.chains).map((chain) => chain.rpcUrl);
  return [stack.facilitatorUrl, stack.devnet.explorerUrl, ...chains, process.env.TEST_DATABASE_URL].filter((s): s is string => Boolean(s));
}

const HOST_PORT = /(?:\d{1,3}(?:\.\d{1,3}){3}|localhost|\[[0-9a-f:]+\]|[a-z0-9-]+(?:\.[a-z0-9-]+)+):\d{2,5}/i;

/** What a body shows besides its own public origin: no internal URL, no host:port. */
function leaks(body: string, publicOrigin: string): string[] {
  const rest = body.split(publicOrigin).join('');
  return [...internalAddresses().filter((address) => rest.includes(address)), ...(rest.match(HOST_PORT) ?? [])];
}

describe('discovery documents: manifest, /.well-known/ai, /.well-known/mcp, llms.txt (default settings)', () => {
  let api: TestApi;
  let mcp: Client;
  let listed: Tool[];
  beforeAll(async () => {
    api = await startTestApi();
    mcp = await connectMcp(`${api.url}${DISCOVERY_PATHS.mcpEndpoint}`);
    listed = (await mcp.listTools()).tools;
  });
  afterAll(async () => {
    await mcp.close();
    await api.close();
  });

  it('serves one manifest at /api/agents/manifest and /.well-known/ai, valid against the contract, with the spec constants', async () => {
    const [fromApi, fromWellKnown] = await Promise.all([get(api, DISCOVERY_PATHS.manifest), get(api, DISCOVERY_PATHS.ai)]);
    expect([fromApi.status, fromWellKnown.status]).toEqual([200, 200]);
    expect(fromApi.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await fromApi.text();
    expect(await fromWellKnown.text()).toBe(body);
    const manifest = discoveryManifest.parse(JSON.parse(body));
    expect(manifest).toMatchObject({
      name: 'Paysight',
      version: DISCOVERY_VERSION,
      baseUrl: api.url,
      apiBaseUrl: api.url,
      humanBaseUrl: `${api.url}/agents`,
      support: { contact: null },
      mcp: { enabled: true, endpoint: `${api.url}/api/mcp`, protocolVersion: '2025-11-25', transport: 'streamable-http', discovery: `${api.url}/.well-known/mcp` },
      x402: { enabled: true, environment: 'local', currency: 'USDC', network: 'base', caip2Network: 'eip155:8453', facilitatorProvider: 'local', receiptSigner: DEVNET_RECEIPT_SIGNER },
    });
    expect(manifest.discovery).toEqual(Object.fromEntries(Object.entries(DISCOVERY_PATHS).map(([name, path]) => [name, `${api.url}${path}`])));
    expect(manifest.rules.length).toBeGreaterThanOrEqual(5);
  });

  it('lists every catalog tool as a tool and a resource with its endpoint\'s own input schema, and the MCP tool the same minus payment arguments', async () => {
    const manifest = await json<DiscoveryManifest>(api, DISCOVERY_PATHS.manifest);
    expect(manifest.tools.map((t) => t.id)).toEqual(CATALOG.map((e) => e.id));
    expect(manifest.resources.map((r) => r.id)).toEqual(CATALOG.map((e) => e.id));
    for (const entry of CATALOG) {
      const tool = manifest.tools.find((t) => t.id === entry.id)!;
      const resource = manifest.resources.find((r) => r.id === entry.id)!;
      expect(tool).toEqual({
        id: entry.id,
        title: entry.title,
        description: entry.description,
        method: 'POST',
        endpoint: `${api.url}${entry.path}`,
        price: priceObjectFor(entry.price),
        inputSchema: requestJsonSchema(entry),
        outputSchema: responseJsonSchema(entry),
        x402Required: true,
      });
      expect(resource).toEqual({ id: entry.id, name: entry.title, description: entry.description, method: 'POST', path: entry.path, price: priceObjectFor(entry.price), inputSchema: requestJsonSchema(entry) });
      const mcpTool = listed.find((t) => t.name === entry.mcpName)!;
      expect({ tool: entry.id, schema: withoutPaymentArguments(mcpTool.inputSchema) }).toEqual({ tool: entry.id, schema: tool.inputSchema });
    }
    expect(manifest.mcp.tools).toEqual(listed.map((t) => t.name));
  });

  it('/.well-known/mcp: version 0.2.0, every tool exactly as tools/list gives it, toolsets with their counts', async () => {
    const response = await get(api, DISCOVERY_PATHS.mcp);
    expect(response.status).toBe(200);
    const document = mcpDiscoveryDocument.parse(await response.json());
    expect(document).toMatchObject({ version: MCP_DISCOVERY_VERSION, endpoint: `${api.url}/api/mcp`, protocolVersion: '2025-11-25', transport: 'streamable-http', freeTools: [FIND_TOOLS_NAME] });
    expect(document.tools).toEqual(JSON.parse(JSON.stringify(listed)));
    expect(document.toolsets).toEqual(
      TOOL_FAMILIES.map((name) => ({
        name,
        tools: CATALOG.filter((e) => e.family === name).length,
        endpoint: `${api.url}/api/mcp?toolsets=${name}`,
        discovery: `${api.url}/.well-known/mcp?toolsets=${name}`,
      })),
    );
    expect(document.links).toMatchObject({ manifest: `${api.url}/api/agents/manifest`, llmsTxt: `${api.url}/llms.txt` });
  });

  it('/.well-known/mcp?toolsets= lists what /api/mcp?toolsets= lists, and refuses an unknown toolset', async () => {
    const document = await json<McpDiscoveryDocument>(api, `${DISCOVERY_PATHS.mcp}?toolsets=tx,trust`);
    const client = await connectMcp(`${api.url}/api/mcp?toolsets=tx,trust`);
    try {
      expect(document.tools).toEqual(JSON.parse(JSON.stringify((await client.listTools()).tools)));
    } finally {
      await client.close();
    }
    expect(document.tools.map((t) => t.name)).toEqual([...CATALOG.filter((e) => e.family === 'tx' || e.family === 'trust').map((e) => e.mcpName), FIND_TOOLS_NAME]);
    expect(document.selectedToolsets).toEqual(['tx', 'trust']);
    expect(document.toolsets.find((t) => t.name === 'wallet')!.tools).toBe(CATALOG.filter((e) => e.family === 'wallet').length);

    const refused = await get(api, `${DISCOVERY_PATHS.mcp}?toolsets=walet`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringContaining('"walet"') } });
  });

  it('/llms.txt: markdown with a title, a summary, the free addresses and every tool with its URL, price and MCP name', async () => {
    const response = await get(api, DISCOVERY_PATHS.llmsTxt);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await response.text();
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Paysight');
    expect(lines[2]).toMatch(/^> \S/);
    for (const heading of ['## How to pay', '## Rules', '## Free addresses', '## Wallet tools', '## Transaction tools', '## Agent-commerce trust tools']) expect(lines).toContain(heading);
    for (const path of Object.values(DISCOVERY_PATHS).filter((p) => p !== DISCOVERY_PATHS.llmsTxt)) expect(text).toContain(`](${api.url}${path})`);
    for (const entry of CATALOG) {
      const line = lines.find((l) => l.startsWith(`- [${entry.title}](${api.url}${entry.path}): `));
      expect({ tool: entry.id, line }).toEqual({ tool: entry.id, line: expect.stringMatching(new RegExp(`\\. Price ${entry.price.replace('.', '\\.')} USDC\\. MCP \`${entry.mcpName}\`$`)) });
    }
  });

  it('caches: a strong ETag answered 304 on If-None-Match, Cache-Control, HEAD without a body, 405 with Allow for other methods', async () => {
    const plain = { 'accept-encoding': 'identity' };
    for (const path of [DISCOVERY_PATHS.manifest, DISCOVERY_PATHS.ai, DISCOVERY_PATHS.mcp, DISCOVERY_PATHS.llmsTxt]) {
      const first = await get(api, path, { headers: plain });
      const etag = first.headers.get('etag')!;
      expect({ path, etag, cacheControl: first.headers.get('cache-control'), encoding: first.headers.get('content-encoding') }).toEqual({
        path,
        etag: expect.stringMatching(/^"[\w-]+"$/),
        cacheControl: 'public, max-age=300',
        encoding: null,
      });
      expect((await get(api, path, { headers: plain })).headers.get('etag')).toBe(etag);
      const again = await get(api, path, { headers: { ...plain, 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const head = await get(api, path, { method: 'HEAD', headers: plain });
      expect([head.status, head.headers.get('etag'), head.headers.get('content-length'), await head.text()]).toEqual([200, etag, String(Buffer.byteLength(await first.text())), '']);
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const refused = await get(api, path, { method });
        expect({ path, method, status: refused.status, allow: refused.headers.get('allow') }).toEqual({ path, method, status: 405, allow: 'GET, HEAD' });
        expect(await refused.json()).toMatchObject({ ok: false, error: { code: 'method_not_allowed' } });
      }
    }
    expect((await get(api, DISCOVERY_PATHS.mcp)).headers.get('etag')).not.toBe((await get(api, `${DISCOVERY_PATHS.mcp}?toolsets=wallet`)).headers.get('etag'));
  });

  it('sends gzip to a client that accepts it: the same document, a smaller body, an ETag of its own', async () => {
    const plain = await get(api, DISCOVERY_PATHS.mcp, { headers: { 'accept-encoding': 'identity' } });
    const plainBody = Buffer.from(await plain.arrayBuffer());
    const zipped = await rawGet(`${api.url}${DISCOVERY_PATHS.mcp}`, { 'accept-encoding': 'br;q=1, gzip;q=0.8' });
    expect(zipped.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    expect(gunzipSync(zipped.body).equals(plainBody)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plainBody.length / 4);
    expect(zipped.headers.etag).not.toBe(plain.headers.get('etag'));
    expect((await rawGet(`${api.url}${DISCOVERY_PATHS.mcp}`, { 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.etag! })).status).toBe(304);
  });

  it('shows no internal address: no facilitator, RPC, explorer or database URL and no host:port besides the public origin', async () => {
    for (const path of [DISCOVERY_PATHS.manifest, DISCOVERY_PATHS.mcp, DISCOVERY_PATHS.llmsTxt, DISCOVERY_PATHS.health]) {
      const body = await (await get(api, path)).text();
      expect({ path, leaks: leaks(body, api.url) }).toEqual({ path, leaks: [] });
    }
  });

  it('/api/health validates against the contract and names no address', async () => {
    const response = await get(api, DISCOVERY_PATHS.health);
    expect(response.status).toBe(200);
    const body = await response.text();
    const report = healthReport.parse(JSON.parse(body));
    expect(report).toMatchObject({ ok: true, status: 'ok', store: { reachable: true }, facilitator: { reachable: true } });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(report.chains).sort()).toEqual(Object.keys(stack.devnet.chains).sort());
    expect(leaks(body, api.url)).toEqual([]);
    expect(body).not.toMatch(/https?:\/\//);
  });
});

describe('/api/health when the facilitator and a chain node are down', () => {
  it('reports them unreachable, degraded but serving, and still names no address', async () => {
    const closedPort = await freePort();
    const deadUrl = `http://127.0.0.1:${closedPort}`;
    const { rpc } = devnetChainSourceConfig(stack.devnet, { retryCount: 0 });
    const chainSource = createJsonRpcChainSource({ ...rpc, chains: { ...rpc.chains, polygon: { rpcUrl: deadUrl, demo: true } } });
    const api = await startTestApi({ chainSource, facilitatorUrl: deadUrl });
    try {
      const response = await get(api, DISCOVERY_PATHS.health);
      const body = await response.text();
      const report = healthReport.parse(JSON.parse(body));
      expect(response.status).toBe(200);
      expect(report).toMatchObject({ ok: true, status: 'degraded', facilitator: { reachable: false }, chains: { polygon: { reachable: false, blockNumber: null }, base: { reachable: true } } });
      expect(body).not.toContain(String(closedPort));
      expect(leaks(body, api.url)).toEqual([]);
      const manifest = discoveryManifest.parse(await json(api, DISCOVERY_PATHS.manifest));
      expect(manifest.x402).toMatchObject({ environment: 'local', facilitatorProvider: 'local' });
      expect(JSON.stringify(manifest)).not.toContain(String(closedPort));
    } finally {
      await api.close();
    }
  });
});

describe('discovery documents follow AGENT_DISCOVERY=off and MCP_TRUST_TOOLS=off', () => {
  let api: TestApi;
  let listed: Tool[];
  beforeAll(async () => {
    api = await startTestApi({ agentDiscovery: false, mcpTrustTools: false });
    const client = await connectMcp(`${api.url}/api/mcp`);
    listed = (await client.listTools()).tools;
    await client.close();
  });
  afterAll(() => api.close());

  it('drops the two agent endpoints from the manifest, /.well-known/mcp and llms.txt', async () => {
    const manifest = discoveryManifest.parse(await json(api, DISCOVERY_PATHS.manifest));
    expect(Object.keys(manifest.discovery)).not.toEqual(expect.arrayContaining(['recommend']));
    expect(manifest.discovery).not.toHaveProperty('workflows');
    expect(manifest.discovery).toHaveProperty('health', `${api.url}/api/health`);
    const document = mcpDiscoveryDocument.parse(await json(api, DISCOVERY_PATHS.mcp));
    expect(document.links).not.toHaveProperty('recommend');
    expect(document.links).not.toHaveProperty('workflows');
    const text = await (await get(api, DISCOVERY_PATHS.llmsTxt)).text();
    expect(text).not.toContain(DISCOVERY_PATHS.recommend);
    expect(text).not.toContain(DISCOVERY_PATHS.workflows);
  });

  it('lists no trust tool on MCP, and still every catalog tool for REST', async () => {
    expect(listed.map((t) => t.name)).not.toEqual(expect.arrayContaining([trustTools[0]!.mcpName]));
    const manifest = await json<DiscoveryManifest>(api, DISCOVERY_PATHS.manifest);
    expect(manifest.mcp.tools).toEqual(listed.map((t) => t.name));
    expect(manifest.tools.map((t) => t.id)).toEqual(CATALOG.map((e) => e.id));
    const document = await json<McpDiscoveryDocument>(api, DISCOVERY_PATHS.mcp);
    expect(document.tools).toEqual(JSON.parse(JSON.stringify(listed)));
    expect(document.tools.some((t) => trustTools.some((e) => e.mcpName === t.name))).toBe(false);
    expect(document.toolsets.find((t) => t.name === 'trust')!.tools).toBe(0);
    const text = await (await get(api, DISCOVERY_PATHS.llmsTxt)).text();
    for (const entry of trustTools) expect(text).toContain(`MCP \`${entry.mcpName}\` (not listed by this server)`);
  });
});
