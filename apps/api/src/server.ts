import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError } from './http/client-error.js';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on host:port (0 = a free port); close() waits for open connections to finish. */
export async function listen(listener: RequestListener, host: string, port: number): Promise<RunningServer> {
  const server: Server = createServer(listener);
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
