import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WireCounts {
  httpRequests: number;
  /** JSON-RPC requests inside them (each member of a batch counts). */
  jsonRpcRequests: number;
}

/** An HTTP proxy on 127.0.0.1 in front of a JSON-RPC node that counts what reaches the node. */
export async function countingProxy(upstreamUrl: string): Promise<{ url: string; counts: () => WireCounts; reset: () => void; close: () => Promise<void> }> {
  let counts: WireCounts = { httpRequests: 0, jsonRpcRequests: 0 };
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body) as unknown;
      counts.httpRequests += 1;
      counts.jsonRpcRequests += Array.isArray(parsed) ? parsed.length : 1;
      const answer = await fetch(upstreamUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(await answer.text());
    })().catch((error: unknown) => res.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    counts: () => ({ ...counts }),
    reset: () => {
      counts = { httpRequests: 0, jsonRpcRequests: 0 };
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
