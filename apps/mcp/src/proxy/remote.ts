import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';

/** The MCP endpoint every Paysight server has under its base URL. */
export const MCP_PATH = '/api/mcp';

/** A paid call may run a slow tool (the deep report): longer than the SDK's 60 s default. */
const CALL_TIMEOUT_MS = 180_000;

/** An error's message, with its cause's when it has one (fetch says only "fetch failed"). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/** A Paysight server's MCP endpoint, reached with the SDK's client over streamable HTTP. */
export class RemotePaysight {
  private constructor(
    readonly endpoint: URL,
    private readonly client: Client,
  ) {}

  /**
   * Connects (initialize) to `{baseUrl}/api/mcp`, asking for only `toolsets` when given (the
   * service's `toolsets` query parameter); throws a readable error when it cannot.
   */
  static async connect(baseUrl: URL, clientInfo: { name: string; version: string }, toolsets?: readonly string[]): Promise<RemotePaysight> {
    const endpoint = new URL(`${baseUrl.href.replace(/\/+$/, '')}${MCP_PATH}`);
    if (toolsets) endpoint.searchParams.set('toolsets', toolsets.join(','));
    const client = new Client(clientInfo);
    try {
      await client.connect(new StreamableHTTPClientTransport(endpoint));
    } catch (error) {
      throw new Error(`Cannot reach the Paysight MCP endpoint ${endpoint.href}: ${describeError(error)}`, { cause: error });
    }
    return new RemotePaysight(endpoint, client);
  }

  /** Every remote tool, following pagination cursors. */
  async listTools(): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.client.listTools(cursor === undefined ? {} : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  }

  /**
   * One tools/call, returned as the server sent it. Deliberately not `Client.callTool`: that one
   * validates structuredContent and would throw away a result the buyer has already paid for; the
   * agent's host validates the result against the same output schema.
   */
  callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
    return this.client.request({ method: 'tools/call', params: { name, arguments: args } }, CallToolResultSchema, { signal, timeout: CALL_TIMEOUT_MS });
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
