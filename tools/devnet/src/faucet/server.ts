import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ServiceError } from '@paysight/contracts';
import type { Funder } from './funder.js';
import { parseFundRequestBody } from './request.js';

export interface FaucetServer {
  /** http://host:port, without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 10_000;

/** Serves POST /fund on host:port (0 = a free port). Errors use the project's error body. */
export async function startFaucetServer(funder: Funder, host: string, port: number): Promise<FaucetServer> {
  const server = createServer((req, res) => {
    handle(funder, req)
      .then((body) => send(res, 200, body))
      .catch((error: unknown) => {
        const e = error instanceof ServiceError ? error : new ServiceError(500, 'internal_error', `funding failed: ${errorMessage(error)}`);
        send(res, e.status, e.body);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`faucet cannot listen on ${host}:${port}: ${error.message}`)));
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('faucet server has no TCP address');
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function handle(funder: Funder, req: IncomingMessage): Promise<unknown> {
  const path = new URL(req.url ?? '/', 'http://faucet').pathname;
  if (path !== '/fund') throw new ServiceError(404, 'not_found', `no such path: ${path}; the faucet serves POST /fund`);
  if (req.method !== 'POST') throw new ServiceError(405, 'method_not_allowed', 'use POST /fund');
  const body = await readJson(req);
  const parsed = parseFundRequestBody(body);
  if (!parsed.ok) throw new ServiceError(400, 'invalid_request', 'invalid fund request', parsed.issues);
  const result = await funder.fund(parsed.request);
  return { ok: true, ...result };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ServiceError(413, 'payload_too_large', `the body may have at most ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ServiceError(400, 'invalid_json', 'the body is not valid JSON');
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return (error as Error & { shortMessage?: string }).shortMessage ?? error.message;
  return String(error);
}
