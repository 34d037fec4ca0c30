import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * What the server sends back for one request: a recorded answer, a bare HTTP status, nothing at all,
 * or a reset connection (as a keep-alive socket that the server had closed as idle).
 */
export type ExplorerReply = { fixture: string } | { httpStatus: number; body: string } | { hang: true } | { reset: true };

export type ExplorerHandler = (params: URLSearchParams) => ExplorerReply;

/** An Etherscan answer recorded under test/fixtures/etherscan, as sent over the wire. */
export function fixture(name: string): string {
  return readFileSync(join(__dirname, 'fixtures', 'etherscan', `${name}.json`), 'utf8');
}

/** An HTTP server on 127.0.0.1 answering Etherscan API v2 requests from fixtures; records every query. */
export class ExplorerServer {
  url = '';

  private constructor(
    private readonly server: Server,
    readonly requests: URLSearchParams[],
  ) {}

  static async start(handler: ExplorerHandler, path = '/v2/api'): Promise<ExplorerServer> {
    const requests: URLSearchParams[] = [];
    const server = createServer((req, res) => {
      const params = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
      requests.push(params);
      const reply = handler(params);
      if ('hang' in reply) return;
      if ('reset' in reply) return req.socket.destroy();
      if ('httpStatus' in reply) res.writeHead(reply.httpStatus, { 'content-type': 'text/html' }).end(reply.body);
      else res.writeHead(200, { 'content-type': 'application/json' }).end(fixture(reply.fixture));
    });
    const instance = new ExplorerServer(server, requests);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    instance.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    return instance;
  }

  /** Requests for one action, in arrival order. */
  calls(action: string): URLSearchParams[] {
    return this.requests.filter((params) => params.get('action') === action);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }
}
