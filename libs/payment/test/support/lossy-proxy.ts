import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LossyProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * Forwards every request to `target`, but for the given paths waits for the upstream answer and then
 * cuts the connection instead of relaying it: the work was done, the caller never hears about it.
 */
export async function startLossyProxy(target: string, loseRepliesOf: readonly string[]): Promise<LossyProxy> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(`${target}${req.url}`, { method: req.method, headers: { 'content-type': 'application/json' }, body })
        .then(async (upstream) => {
          const text = await upstream.text();
          if (loseRepliesOf.includes(req.url ?? '')) return void req.socket.destroy();
          res.writeHead(upstream.status, { 'content-type': 'application/json' });
          res.end(text);
        })
        .catch(() => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
