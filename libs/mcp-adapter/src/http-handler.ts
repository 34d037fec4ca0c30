import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { JSON_TOO_DEEP_MESSAGE, contentEncodingRefusal, jsonTooDeep, rateLimitedMessage } from '@paysight/contracts';
import type { McpService, McpSessionOptions } from './tool-server.js';
import { presentsPayment } from './payment-arguments.js';
import { jsonRpcAnswer, plainToolsListId } from './tools-list-answer.js';
import { parseToolsets } from './toolsets.js';

export interface McpHttpOptions {
  service: McpService;
  /**
   * Host names (no port) this endpoint answers for and whose origins may call it: the public host
   * and loopback. A request whose Host or Origin names another host is refused (DNS rebinding).
   */
  allowedHosts: () => readonly string[];
  /** Largest JSON-RPC body accepted, in bytes. */
  maxBodyBytes: number;
  /**
   * Asked for each body that carries no well-formed payment: null admits it, a number refuses it
   * with 429 and that many seconds in Retry-After. Paid calls are never asked.
   */
  limitUnpaid?: (req: IncomingMessage) => number | null;
}

/** JSON-RPC leaves -32000 to -32099 to the server: this one answers a rate-limited request (HTTP 429). */
export const RATE_LIMITED_JSON_RPC_CODE = -32029;

export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
}

function hostnameOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** Refuses a request whose Host or Origin header names a host outside the allowed list; the refusal never repeats the header. */
function foreignHost(req: IncomingMessage, allowed: readonly string[]): string | null {
  const host = hostnameOf(req.headers.host);
  if (!host || !allowed.includes(host)) return 'the Host header names a host not served here';
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null') {
    const originHost = hostnameOf(origin);
    if (!originHost || !allowed.includes(originHost)) return 'the Origin header names a host that may not call this server';
  }
  if (origin === 'null') return 'An opaque Origin may not call this server';
  return null;
}

type BodyRead = { ok: true; body: unknown } | { ok: false; status: number; code: number; message: string };

/**
 * Reads the body with data events (a stream's async iterator costs measurably more per request).
 * The REST rules apply: a size limit, no Content-Encoding, a depth limit checked before the parse.
 */
function readJson(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const tooLarge: BodyRead = { ok: false, status: 413, code: ErrorCode.InvalidRequest, message: `The request body is larger than ${maxBytes} bytes.` };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve(tooLarge);
  const refusal = contentEncodingRefusal(req.headers['content-encoding']);
  if (refusal) return Promise.resolve({ ok: false, status: 415, code: ErrorCode.InvalidRequest, message: refusal });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.resume();
        resolve(tooLarge);
      } else {
        chunks.push(chunk);
      }
    });
    // A client that hangs up mid-body is no fault of ours: answered (to no one) like any bad body.
    req.on('error', () => resolve({ ok: false, status: 400, code: ErrorCode.InvalidRequest, message: 'The request ended before its body did.' }));
    req.on('end', () => {
      if (size > maxBytes) return;
      const bytes = Buffer.concat(chunks, size);
      if (jsonTooDeep(bytes)) return resolve({ ok: false, status: 400, code: ErrorCode.InvalidRequest, message: JSON_TOO_DEEP_MESSAGE });
      try {
        resolve({ ok: true, body: JSON.parse(bytes.toString('utf8')) });
      } catch {
        resolve({ ok: false, status: 400, code: ErrorCode.ParseError, message: 'Parse error: the body is not JSON.' });
      }
    });
  });
}

type SessionOf = { ok: true; session: McpSessionOptions } | { ok: false; message: string };
const DEFAULT_SESSION: SessionOf = { ok: true, session: {} };

function sessionOf(requestUrl: string | undefined): SessionOf {
  if (!requestUrl?.includes('?')) return DEFAULT_SESSION;
  const url = new URL(requestUrl, 'http://mcp.invalid');
  const toolsets = parseToolsets(url.searchParams.get('toolsets'));
  if (!toolsets.ok) return { ok: false, message: `Invalid toolsets: ${toolsets.problem}.` };
  const pageSizeParam = url.searchParams.get('pageSize');
  if (pageSizeParam === null) return { ok: true, session: { toolsets: toolsets.toolsets } };
  const pageSize = Number(pageSizeParam);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) return { ok: false, message: 'Invalid pageSize: an integer from 1 to 1000.' };
  return { ok: true, session: { toolsets: toolsets.toolsets, pageSize } };
}

/** A progress token anywhere in the batch: such a call is answered as an SSE stream so progress can flow. */
function wantsProgress(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => (m as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta?.progressToken !== undefined);
}

/**
 * Streamable HTTP, stateless: every POST is answered on its own by a fresh server and transport, so
 * any instance behind a load balancer can serve any request and nothing is kept between calls (see
 * docs/mcp.md for why no sessions). Answers are plain JSON unless the call asked for progress, which
 * needs an SSE stream. GET (a standalone notification stream) and DELETE (ending a session) have no
 * meaning without sessions and are answered 405.
 */
export function createMcpHttpHandler(options: McpHttpOptions): Handler {
  return async (req, res) => {
    const refusal = foreignHost(req, options.allowedHosts());
    if (refusal) return sendJsonRpcError(res, 403, ErrorCode.InvalidRequest, `Forbidden: ${refusal}.`);
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return sendJsonRpcError(res, 405, ErrorCode.InvalidRequest, 'Method not allowed: this MCP endpoint is stateless; send JSON-RPC messages with POST.');
    }
    const session = sessionOf(req.url);
    if (!session.ok) return sendJsonRpcError(res, 400, ErrorCode.InvalidParams, session.message);
    const read = await readJson(req, options.maxBodyBytes);
    if (!read.ok) return sendJsonRpcError(res, read.status, read.code, read.message);
    const retryAfter = options.limitUnpaid && !presentsPayment(read.body) ? options.limitUnpaid(req) : null;
    if (retryAfter !== null) {
      res.setHeader('Retry-After', String(retryAfter));
      return sendJsonRpcError(res, 429, RATE_LIMITED_JSON_RPC_CODE, rateLimitedMessage(retryAfter));
    }

    const listId = plainToolsListId(req, read.body);
    const listJson = listId === null ? null : options.service.toolsListJson(session.session);
    if (listId !== null && listJson !== null) {
      const answer = jsonRpcAnswer(listId, listJson);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(answer) }).end(answer);
      return;
    }

    const server = options.service.createServer(session.session);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !wantsProgress(read.body) });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, read.body);
  };
}
