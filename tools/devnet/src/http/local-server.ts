import type { Server, ServerResponse } from 'node:http';

/** An HTTP server of the devnet process. */
export interface LocalServer {
  /** http://host:port, without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** Listens on host:port (0 = a free port); a busy port rejects with "<name> cannot listen on host:port". */
export async function listen(name: string, server: Server, host: string, port: number): Promise<LocalServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`${name} cannot listen on ${host}:${port}: ${error.message}`)));
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`${name} server has no TCP address`);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return (error as Error & { shortMessage?: string }).shortMessage ?? error.message;
  return String(error);
}
