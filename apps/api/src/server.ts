import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { answerClientError } from './http/client-error.js';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on host:port (0 = a free port); close() stops accepting, lets the answers under way finish, then closes their connections. */
export async function listen(listener: RequestListener, host: string, port: number): Promise<RunningServer> {
  const server: Server = createServer();
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  // server.close() drops only the connections idle at that moment: one still answering would stay open
  // after its answer, idle, for keepAliveTimeout, and hold a stopping instance up to 65 s (past the grace
  // period of most orchestrators). So while closing, each answer ends its connection.
  // closeIdleConnections() does not see a connection that never sent a request (a client's spare or
  // half-opened socket): it would hold close() until headersTimeout. Those are destroyed on close too.
  let closing = false;
  const answering = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const busy = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req, res: ServerResponse) => {
    if (closing) res.shouldKeepAlive = false;
    answering.add(res);
    busy.add(req.socket);
    res.once('close', () => {
      answering.delete(res);
      busy.delete(req.socket);
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });
  server.on('request', listener);
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
        closing = true;
        for (const res of answering) if (!res.headersSent) res.shouldKeepAlive = false;
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        for (const socket of sockets) if (!busy.has(socket)) socket.destroy();
      }),
  };
}
