import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface JsonRpcCall {
  id: number | string | null;
  method: string;
  params: unknown[];
}

/** What the server sends back: a JSON-RPC result or error, a bare HTTP answer, nothing, or a reset connection (as a keep-alive socket closed as idle). */
export type RpcReply =
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } }
  | { httpStatus: number; body: string; contentType?: string }
  | { hang: true }
  | { reset: true };

export type RpcHandler = (call: JsonRpcCall) => RpcReply | Promise<RpcReply>;

/**
 * A JSON-RPC server on 127.0.0.1 speaking the real wire format, for provider answers a local chain
 * cannot produce and for counting what reaches the node. Counts requests per method and the most
 * requests it ever held at once.
 */
export class RpcServer {
  readonly calls: JsonRpcCall[] = [];
  /** HTTP requests received (a JSON-RPC batch is one, its members are in `calls`). */
  httpRequests = 0;
  maxInFlight = 0;
  url = '';
  private inFlight = 0;
  private readonly server: Server;

  private constructor(handler: RpcHandler, delayMs: number) {
    this.server = createServer((req, res) => void this.handle(req, res, handler, delayMs));
  }

  static async start(handler: RpcHandler, options: { path?: string; delayMs?: number } = {}): Promise<RpcServer> {
    const instance = new RpcServer(handler, options.delayMs ?? 0);
    await new Promise<void>((resolve) => instance.server.listen(0, '127.0.0.1', resolve));
    const { port } = instance.server.address() as AddressInfo;
    instance.url = `http://127.0.0.1:${port}${options.path ?? '/'}`;
    return instance;
  }

  count(method: string): number {
    return this.calls.filter((c) => c.method === method).length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(req: IncomingMessage, res: ServerResponse, handler: RpcHandler, delayMs: number): Promise<void> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    this.httpRequests += 1;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonRpcCall | JsonRpcCall[];
      const batch = Array.isArray(body) ? body : [body];
      for (const call of batch) this.calls.push({ id: call.id, method: call.method, params: call.params ?? [] });
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const replies = await Promise.all(batch.map((call) => handler(call)));
      // A bare HTTP answer (or a hang, or a reset) stands for the whole request, as a provider's would.
      const whole = replies.find((r) => 'hang' in r || 'reset' in r || 'httpStatus' in r);
      if (whole && 'hang' in whole) return;
      if (whole && 'reset' in whole) return void req.socket.destroy();
      if (whole && 'httpStatus' in whole) {
        res.writeHead(whole.httpStatus, { 'content-type': whole.contentType ?? 'text/plain' }).end(whole.body);
        return;
      }
      const answers = batch.map((call, i) => ({ jsonrpc: '2.0', id: call.id, ...replies[i] }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
    } finally {
      this.inFlight -= 1;
    }
  }
}

/** A handler that forwards every call to a real node, so a test can count what reaches it. */
export function forwardTo(upstreamUrl: string): RpcHandler {
  return async (call) => {
    const response = await fetch(upstreamUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', ...call }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
    return body.error ? { error: body.error } : { result: body.result };
  };
}

/** A URL on 127.0.0.1 where nothing listens: a server is started and closed again. */
export async function closedPortUrl(path = '/'): Promise<string> {
  const server = await RpcServer.start(() => ({ result: null }), { path });
  await server.close();
  return server.url;
}
