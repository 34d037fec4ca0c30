// /api/mcp against the MCP conformance suite (@modelcontextprotocol/conformance 0.1.13) and through
// the MCP Inspector CLI (@modelcontextprotocol/inspector-cli 1.0.3), both run from node_modules as child
// processes (nothing is fetched). The scenarios that cannot apply to our server are listed, each with
// its reason, in mcp-conformance-expected-failures.yml; every other one must pass.
//
// 0.1.13 predates two checks that later suites make, so this file makes them itself: tool names in the
// 2025-11-25 format (SEP-986), and the wire: each JSON-RPC response validated against the schemas of
// @modelcontextprotocol/sdk (protocol 2025-11-25). It also sends the concurrent POSTs of
// server-sse-multiple-streams, which that scenario skips on a server without sessions.
import path from 'node:path';
import { catalogEntry } from '@paysight/contracts';
import { describeFailures, listServerScenarios, readExpectedFailures, runConformance, runInspector, toolNameProblem, type ConformanceRun } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import {
  CallToolResultSchema,
  EmptyResultSchema,
  InitializeResultSchema,
  JSONRPCResultResponseSchema,
  LATEST_PROTOCOL_VERSION,
  ListToolsResultSchema,
} from '@modelcontextprotocol/sdk/types.js';

const EXPECTED_FAILURES_FILE = path.join(__dirname, 'mcp-conformance-expected-failures.yml');
const expectedFailures = readExpectedFailures(EXPECTED_FAILURES_FILE);
/** Scenarios that apply to any streamable HTTP server with tools: never to be listed as expected failures. */
const MUST_PASS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
/** A paid tool, called without payment: the answer is its payment requirements. */
const PAID = catalogEntry('tx_status');

/** One JSON-RPC request over streamable HTTP; the answer may be JSON or an SSE stream. */
async function rpc(url: string, method: string, params: Record<string, unknown> | undefined, id: number): Promise<{ status: number; message: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LATEST_PROTOCOL_VERSION },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) return { status: res.status, message: text ? JSON.parse(text) : null };
  const messages = text
    .split(/\r?\n\r?\n/)
    .map((event) => event.split(/\r?\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n'))
    .filter((data) => data.trim())
    .map((data) => JSON.parse(data) as { id?: unknown });
  return { status: res.status, message: messages.find((m) => m.id === id) ?? null };
}

/** A zod schema of the SDK, as far as this file uses it. */
type Schema = { safeParse(value: unknown): { success: true } | { success: false; error: { message: string } } };

function wireProblems(message: unknown, result: Schema): string[] {
  const envelope = JSONRPCResultResponseSchema.safeParse(message);
  if (!envelope.success) return [`not a JSON-RPC result: ${envelope.error.message} in ${JSON.stringify(message).slice(0, 500)}`];
  const parsed = result.safeParse(envelope.data.result);
  return parsed.success ? [] : [parsed.error.message];
}

describe('MCP conformance of /api/mcp', () => {
  let api: TestApi;
  let mcpUrl: string;
  let run: ConformanceRun;

  beforeAll(async () => {
    api = await startTestApi();
    mcpUrl = `${api.url}/api/mcp`;
    run = await runConformance({ url: mcpUrl, suite: 'all', expectedFailuresFile: EXPECTED_FAILURES_FILE, timeoutMs: 120_000 });
  }, 150_000);
  afterAll(() => api?.close());

  it('runs every server scenario of the suite, and the suite finishes in time', async () => {
    expect(run.timedOut).toBe(false);
    expect(run.scenarios.map((s) => s.scenario).sort()).toEqual((await listServerScenarios()).sort());
  });

  it('lists only scenarios that exist, never one that applies to every server', async () => {
    const scenarios = await listServerScenarios();
    expect(expectedFailures.map((e) => e.scenario).filter((s) => !scenarios.includes(s))).toEqual([]);
    expect(expectedFailures.map((e) => e.scenario).filter((s) => MUST_PASS.includes(s))).toEqual([]);
  });

  it.each(MUST_PASS)('passes %s', (scenario) => {
    const result = run.scenarios.find((s) => s.scenario === scenario);
    expect(result).toBeDefined();
    if (!result!.passed) throw new Error(describeFailures(run, [scenario]));
  });

  it('passes every scenario that is not an expected failure', () => {
    if (run.unexpectedFailures.length) throw new Error(`unexpected failures:\n${describeFailures(run, run.unexpectedFailures)}\n\n${run.stdout.slice(-3000)}`);
  });

  it('fails exactly the expected failures (no stale entry), and the CLI agrees', () => {
    expect(run.staleExpectedFailures).toEqual([]);
    expect(run.failed.sort()).toEqual(expectedFailures.map((e) => e.scenario).sort());
    expect(run.exitCode).toBe(0);
  });

  it('names every tool in the 2025-11-25 format (SEP-986: 1-64 of A-Za-z0-9_./-) and describes it', async () => {
    const { message } = await rpc(mcpUrl, 'tools/list', {}, 1);
    const tools = ListToolsResultSchema.parse((message as { result: unknown }).result).tools;
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.flatMap((t) => (toolNameProblem(t.name) ? [`${t.name}: ${toolNameProblem(t.name)}`] : []))).toEqual([]);
    expect(tools.filter((t) => !t.description?.trim()).map((t) => t.name)).toEqual([]);
  });

  it('answers on the wire as the 2025-11-25 schemas say: initialize, ping, tools/list, an unpaid tools/call', async () => {
    const init = await rpc(mcpUrl, 'initialize', { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'paysight-wire-test', version: '0' } }, 1);
    expect(init.status).toBe(200);
    expect(wireProblems(init.message, InitializeResultSchema)).toEqual([]);
    expect((init.message as { result: { protocolVersion: string } }).result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    const ping = await rpc(mcpUrl, 'ping', undefined, 2);
    expect(wireProblems(ping.message, EmptyResultSchema)).toEqual([]);
    const list = await rpc(mcpUrl, 'tools/list', {}, 3);
    expect(wireProblems(list.message, ListToolsResultSchema)).toEqual([]);
    const call = await rpc(mcpUrl, 'tools/call', { name: PAID.mcpName, arguments: PAID.example }, 4);
    expect(wireProblems(call.message, CallToolResultSchema)).toEqual([]);
  });

  it('answers concurrent POSTs without a session (what server-sse-multiple-streams would send)', async () => {
    const answers = await Promise.all([0, 1, 2].map((i) => rpc(mcpUrl, 'tools/list', {}, 1000 + i)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const a of answers) expect(wireProblems(a.message, ListToolsResultSchema)).toEqual([]);
  });

  describe('through the MCP Inspector CLI', () => {
    it('lists the tools (tools/list)', async () => {
      const result = await runInspector({ url: mcpUrl, method: 'tools/list', timeoutMs: 60_000 });
      expect({ exitCode: result.exitCode, stderr: result.exitCode === 0 ? '' : result.stderr }).toEqual({ exitCode: 0, stderr: '' });
      const { tools } = result.json as { tools: { name: string; inputSchema: { type: string }; outputSchema?: unknown }[] };
      const paid = tools.find((t) => t.name === PAID.mcpName);
      expect(paid).toMatchObject({ inputSchema: { type: 'object' }, outputSchema: expect.any(Object) });
    });

    it('calls a paid tool without payment and gets its payment requirements (tools/call)', async () => {
      const result = await runInspector({ url: mcpUrl, method: 'tools/call', toolName: PAID.mcpName, toolArgs: PAID.example as Record<string, string>, timeoutMs: 60_000 });
      expect({ exitCode: result.exitCode, stderr: result.exitCode === 0 ? '' : result.stderr }).toEqual({ exitCode: 0, stderr: '' });
      // The Inspector's SDK client has already checked structuredContent against the tool's outputSchema.
      const json = result.json as { structuredContent: { paymentRequired: unknown }; content: { type: string; text: string }[]; isError?: boolean };
      expect(json.structuredContent).toMatchObject({ status: 'payment_required', httpStatus: 402, endpoint: PAID.path, price: { amount: PAID.price, currency: 'USDC' } });
      // The x402 MCP convention besides: isError, and the PaymentRequired as JSON in the first text.
      expect(json.isError).toBe(true);
      expect(json.content[0]?.type).toBe('text');
      expect(JSON.parse(json.content[0]!.text)).toEqual(json.structuredContent.paymentRequired);
    });
  });
});
