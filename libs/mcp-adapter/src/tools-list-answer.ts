import type { IncomingMessage } from 'node:http';
import { JSONRPCRequestSchema, ListToolsRequestSchema, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

/**
 * The one request the HTTP handler answers without the SDK: a plain `tools/list` (one JSON-RPC
 * request, no cursor, no `_meta`) that the SDK's transport would accept. Its answer depends only on
 * the toolsets, and serializing the list (about 125 kB, three quarters of it output schemas) is most
 * of the cost of the request inside the SDK, which has no way to take a serialized result; so the
 * list is serialized once per listing and the answer is those bytes with the request's id
 * (docs/benchmarks.md). The request is checked with the SDK's own schemas and protocol versions,
 * and the headers the way its transport checks them; anything else goes to the SDK. A test compares
 * this answer with the SDK's.
 */
export function plainToolsListId(req: IncomingMessage, body: unknown): string | number | null {
  if ((body as { method?: unknown } | null)?.method !== 'tools/list') return null;
  const accept = req.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return null;
  if ((req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase() !== 'application/json') return null;
  const version = req.headers['mcp-protocol-version'];
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(String(version))) return null;
  const request = JSONRPCRequestSchema.safeParse(body);
  const list = ListToolsRequestSchema.safeParse(body);
  if (!request.success || !list.success || list.data.params?.cursor !== undefined || list.data.params?._meta !== undefined) return null;
  return request.data.id;
}

/** The JSON-RPC answer around an already serialized result, as the SDK would write it. */
export function jsonRpcAnswer(id: string | number, resultJson: string): string {
  return `{"result":${resultJson},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}
