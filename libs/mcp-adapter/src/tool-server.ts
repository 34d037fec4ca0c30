import { randomUUID } from 'node:crypto';
import { CATALOG, DISCOVERY_PATHS, MCP_PROTOCOL_VERSION, type CatalogEntry } from '@paysight/contracts';
import type { PaidCallService } from '@paysight/paid-call';
import type { Challenge } from '@paysight/payment';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { toolCallResult } from './call-result.js';
import { FIND_TOOLS_NAME, findTools, findToolsDefinition, findToolsInput } from './find-tools.js';
import { paymentOfCall } from './payment-arguments.js';
import { mcpToolDefinition } from './tool-definitions.js';
import { TOOLSETS, type Toolset } from './toolsets.js';
import { decodeCursor, encodeCursor } from './cursor.js';

export { MCP_PROTOCOL_VERSION };

/**
 * A JSON-RPC error for the SDK to send. Not the SDK's McpError: its message already carries the
 * "MCP error <code>:" prefix, which the SDK's client adds a second time.
 */
function invalidParams(message: string): Error {
  return Object.assign(new Error(message), { code: ErrorCode.InvalidParams });
}

export interface McpServiceOptions {
  paidCalls: PaidCallService;
  /** Origin of the service, read per call: REST resource URLs in offers and search results. */
  publicBaseUrl: () => string;
  /** Where a payment_required result points for how to pay; defaults to the /agents page of the service. */
  docsUrl?: () => string;
  /** The agent-commerce trust tools are served on MCP (default true). */
  trustTools?: boolean;
  serverInfo: { name: string; version: string };
  catalog?: readonly CatalogEntry[];
}

/** What one client session sees: its toolsets and, when it asked for pages, their size. */
export interface McpSessionOptions {
  toolsets?: readonly Toolset[];
  /** Tools per tools/list page; absent = every tool in one page. */
  pageSize?: number;
}

export interface McpService {
  /** A fresh low-level SDK server for one transport (one stdio process, or one stateless HTTP request). */
  createServer(session?: McpSessionOptions): Server;
  /** The tools/list result of a session that lists in one page, serialized once per toolset selection; null when it pages. */
  toolsListJson(session?: McpSessionOptions): string | null;
}

const INSTRUCTIONS =
  'Paysight sells public-chain research per call, paid over x402 in USDC on Base. Every svc_ tool is paid: call it without payment to get the ' +
  'payment requirements (status payment_required), sign them with an x402 client, and call again with the payment in x402Payment (or in ' +
  '_meta["x402/payment"]). Invalid input is refused before any payment. paysight_find_tools is free and finds the right tool for a task.';

export function createMcpService(options: McpServiceOptions): McpService {
  const enabled = (options.catalog ?? CATALOG).filter((entry) => options.trustTools !== false || entry.family !== 'trust');
  const byName = new Map(enabled.map((entry) => [entry.mcpName, entry]));
  const definitions = new Map(enabled.map((entry) => [entry.mcpName, mcpToolDefinition(entry) as Tool]));
  const findDefinition = findToolsDefinition() as Tool;
  const docsUrl = options.docsUrl ?? (() => `${options.publicBaseUrl()}${DISCOVERY_PATHS.agentsPage}`);
  const restUrl = (entry: CatalogEntry) => `${options.publicBaseUrl()}${entry.path}`;
  // One JSON Schema validator for every per-request Server: without it each Server constructor builds
  // its own Ajv (0.14 to 0.22 ms, a fifth of the CPU profile of /api/mcp under unpaid tools/call load;
  // a few µs for the whole constructor with this one; docs/benchmarks.md, "MCP throughput").
  const jsonSchemaValidator = new AjvJsonSchemaValidator();

  const unpaidResults = new WeakMap<Challenge, CallToolResult>();

  function listedTools(toolsets: readonly Toolset[]): Tool[] {
    return [...enabled.filter((entry) => toolsets.includes(entry.family)).map((entry) => definitions.get(entry.mcpName)!), findDefinition];
  }

  async function callPaidTool(entry: CatalogEntry, args: Record<string, unknown>, meta: Record<string, unknown> | undefined, progress?: (message: string) => void): Promise<CallToolResult> {
    const requestId = randomUUID();
    const split = paymentOfCall(args, meta);
    const response = split.ok
      ? await options.paidCalls.call({ entry, body: split.input, payment: split.payment, requestId, resourceUrl: restUrl(entry), progress })
      : { kind: 'error' as const, httpStatus: 400 as const, body: split.error, x402RequestId: null };
    if (response.kind !== 'payment_required' || response.x402RequestId !== null) return toolCallResult(entry, response, { docsUrl: docsUrl(), restUrl: restUrl(entry) }) as CallToolResult;
    // An unpaid call's challenge is built once per tool and resource URL and kept; so is its result.
    let result = unpaidResults.get(response.challenge);
    if (!result) {
      result = toolCallResult(entry, response, { docsUrl: docsUrl(), restUrl: restUrl(entry) }) as CallToolResult;
      unpaidResults.set(response.challenge, result);
    }
    return result;
  }

  function callFindTools(args: Record<string, unknown>, listed: ReadonlySet<string>): CallToolResult {
    const parsed = findToolsInput.safeParse(args);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`).join('; ');
      return { isError: true, content: [{ type: 'text', text: `Invalid arguments: ${problems}` }] };
    }
    const found = findTools(parsed.data, { listed, restUrl, catalog: enabled });
    const summary = found.matches.length ? `Best match: ${found.matches.map((m) => `${m.name} (${m.price} USDC)`).join(', ')}.` : found.note;
    return { content: [{ type: 'text', text: summary }, { type: 'text', text: JSON.stringify(found) }], structuredContent: found };
  }

  const listJson = new Map<string, string>();

  return {
    toolsListJson(session = {}) {
      if (session.pageSize) return null;
      const toolsets = session.toolsets ?? TOOLSETS;
      const key = toolsets.join(',');
      let json = listJson.get(key);
      if (json === undefined) {
        json = JSON.stringify({ tools: listedTools(toolsets) });
        listJson.set(key, json);
      }
      return json;
    },
    createServer(session = {}) {
      const toolsets = session.toolsets ?? TOOLSETS;
      const tools = listedTools(toolsets);
      const listed = new Set(tools.map((t) => t.name));
      const pageKey = `${toolsets.join(',')}/${session.pageSize ?? 'all'}`;
      const server = new Server({ ...options.serverInfo, title: 'Paysight' }, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator });

      server.setRequestHandler(ListToolsRequestSchema, (request) => {
        if (!session.pageSize) {
          if (request.params?.cursor !== undefined) throw invalidParams('This session lists every tool in one page: there is no cursor to follow.');
          return { tools };
        }
        const offset = request.params?.cursor === undefined ? 0 : decodeCursor(request.params.cursor, pageKey, tools.length);
        if (offset === null) throw invalidParams('Invalid or expired cursor: list the tools again from the start.');
        const end = offset + session.pageSize;
        return end < tools.length ? { tools: tools.slice(offset, end), nextCursor: encodeCursor(end, pageKey) } : { tools: tools.slice(offset) };
      });

      server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
        const { name, arguments: args = {}, _meta: meta } = request.params;
        if (name === FIND_TOOLS_NAME) return callFindTools(args, listed);
        const entry = byName.get(name);
        if (!entry) throw invalidParams(`Unknown tool: ${name}. Call ${FIND_TOOLS_NAME} to find the right one.`);
        const progressToken = meta?.progressToken;
        let step = 0;
        const progress =
          progressToken === undefined
            ? undefined
            : (message: string) => {
                step += 1;
                void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: step, message } }).catch(() => undefined);
              };
        return callPaidTool(entry, args, meta as Record<string, unknown> | undefined, progress);
      });
      return server;
    },
  };
}
