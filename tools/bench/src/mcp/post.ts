import { MCP_HEADERS, jsonRpcResult } from './requests.js';

export interface McpAnswer {
  /** The raw body, as autocannon will compare it. */
  text: string;
  contentType: string | null;
  /** The JSON-RPC result (throws on an HTTP or JSON-RPC error). */
  result: unknown;
}

const TIMEOUT_MS = 30_000;

/** One JSON-RPC request over streamable HTTP, with the headers of a real client. */
export async function postMcp(url: string, body: string): Promise<McpAnswer> {
  const response = await fetch(url, { method: 'POST', headers: MCP_HEADERS, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  return { text, contentType, result: jsonRpcResult(response.status, contentType, text) };
}
