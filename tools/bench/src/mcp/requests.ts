import { CATALOG, mcpResultWrapper, priceOf, responseSchema } from '@paysight/contracts';
import { FIND_TOOLS_NAME, MCP_PROTOCOL_VERSION, PAYMENT_RESPONSE_META_KEY } from '@paysight/mcp-adapter';
import { ListToolsResultSchema, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { BENCH_REQUEST, BENCH_TOOL } from '../shared/bench-tool.js';

/** What a real MCP client sends with every request after initialization. */
export const MCP_HEADERS = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': MCP_PROTOCOL_VERSION,
} as const;

/** Every tool a server of this benchmark lists, in order: the catalog, then the free finder. */
export const LISTED_TOOLS = [...CATALOG.map((entry) => entry.mcpName), FIND_TOOLS_NAME];

export type McpMethod = 'tools/list' | 'tools/call unpaid';

export interface McpBenchRequest {
  method: McpMethod;
  /** The JSON-RPC request, serialized. */
  body: string;
  /** Why a JSON-RPC result is not the expected one, or null when it is. */
  problem(result: unknown): string | null;
}

const jsonRpc = (method: string, params: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const wrapper = mcpResultWrapper(responseSchema(BENCH_TOOL));

export const LIST_TOOLS: McpBenchRequest = {
  method: 'tools/list',
  body: jsonRpc('tools/list', {}),
  problem(result) {
    const parsed = ListToolsResultSchema.safeParse(result);
    if (!parsed.success) return `not a tools/list result: ${parsed.error.message}`;
    const names = parsed.data.tools.map((tool) => tool.name);
    if (names.join() !== LISTED_TOOLS.join()) return `listed ${names.length} tools, expected the ${LISTED_TOOLS.length} of the catalog and the finder`;
    return parsed.data.nextCursor === undefined ? null : 'a nextCursor on a one-page list';
  },
};

export const UNPAID_CALL: McpBenchRequest = {
  method: 'tools/call unpaid',
  body: jsonRpc('tools/call', { name: BENCH_TOOL.mcpName, arguments: BENCH_REQUEST }),
  problem(result) {
    const parsed = CallToolResultSchema.safeParse(result);
    if (!parsed.success) return `not a tools/call result: ${parsed.error.message}`;
    const structured = wrapper.safeParse(parsed.data.structuredContent);
    if (!structured.success || structured.data.status !== 'payment_required') return 'structuredContent is not a payment_required wrapper';
    if (parsed.data.isError !== true) return 'payment_required without isError';
    const first = parsed.data.content[0];
    const paymentRequired = first?.type === 'text' ? (JSON.parse(first.text) as { x402Version?: number; accepts?: { amount?: string }[] }) : null;
    if (paymentRequired?.x402Version !== 2 || paymentRequired.accepts?.[0]?.amount !== priceOf(BENCH_TOOL).atomic) return 'content[0] is not the PaymentRequired of the tool';
    return null;
  },
};

/** A paid call of BENCH_TOOL, the signed payment in the x402Payment argument. */
export function paidCallBody(payment: string, id: number): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: BENCH_TOOL.mcpName, arguments: { ...BENCH_REQUEST, x402Payment: payment } } });
}

export function paidCallProblem(result: unknown): string | null {
  const parsed = CallToolResultSchema.safeParse(result);
  if (!parsed.success) return `not a tools/call result: ${parsed.error.message}`;
  const structured = wrapper.safeParse(parsed.data.structuredContent);
  if (!structured.success) return 'structuredContent is not the result wrapper';
  if (structured.data.status === 'payment_required') return `payment refused: ${JSON.stringify(structured.data.x402.reason)}`;
  if (structured.data.status === 'error') return `error: ${structured.data.error.message}`;
  const receipt = parsed.data._meta?.[PAYMENT_RESPONSE_META_KEY] as { success?: boolean } | undefined;
  return receipt?.success === true ? null : 'no settled receipt in _meta';
}

/**
 * The JSON-RPC result of one streamable HTTP answer: a JSON body, or an SSE stream whose one message
 * event carries the response. Throws on anything else, or on a JSON-RPC error.
 */
export function jsonRpcResult(status: number, contentType: string | null, text: string): unknown {
  if (status !== 200) throw new Error(`HTTP ${status}: ${text.slice(0, 300)}`);
  const payload = contentType?.startsWith('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice('data:'.length).trim())
        .join('')
    : text;
  const message = JSON.parse(payload) as { id?: unknown; result?: unknown; error?: { message?: string } };
  if (message.error) throw new Error(`JSON-RPC error: ${message.error.message}`);
  if (message.result === undefined) throw new Error('no JSON-RPC result');
  return message.result;
}
