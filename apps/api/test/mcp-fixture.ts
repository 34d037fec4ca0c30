import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** The MCP SDK's own client on a streamable HTTP endpoint (its HTTP requests through `fetch` when given). */
export async function connectMcp(url: string, fetch?: FetchLike): Promise<Client> {
  const client = new Client({ name: 'paysight-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), fetch ? { fetch } : undefined));
  return client;
}

export interface McpFixture {
  api: TestApi;
  client: Client;
  /** The tools as the client listed them. */
  tools: Tool[];
  tool(name: string): Tool;
}

/** A test API and an SDK client on its /api/mcp for the enclosing describe (started before its tests, closed after). */
export function useMcpApi(): McpFixture {
  const fixture = { tool: (name: string) => fixture.tools.find((t) => t.name === name)! } as McpFixture;
  beforeAll(async () => {
    fixture.api = await startTestApi();
    fixture.client = await connectMcp(`${fixture.api.url}/api/mcp`);
    fixture.tools = (await fixture.client.listTools()).tools;
  });
  afterAll(async () => {
    await fixture.client.close();
    await fixture.api.close();
  });
  return fixture;
}
