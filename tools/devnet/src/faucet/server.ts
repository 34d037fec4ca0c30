import { createServer, type IncomingMessage } from 'node:http';
import { ServiceError } from '@paysight/contracts';
import { errorMessage, listen, type LocalServer, sendJson } from '../http/local-server.js';
import type { Funder } from './funder.js';
import { parseFundRequestBody } from './request.js';

export type FaucetServer = LocalServer;

const MAX_BODY_BYTES = 10_000;

/** Serves POST /fund on host:port (0 = a free port). Errors use the project's error body. */
export async function startFaucetServer(funder: Funder, host: string, port: number): Promise<FaucetServer> {
  const server = createServer((req, res) => {
    handle(funder, req)
      .then((body) => sendJson(res, 200, body))
      .catch((error: unknown) => {
        const e = error instanceof ServiceError ? error : new ServiceError(500, 'internal_error', `funding failed: ${errorMessage(error)}`);
        sendJson(res, e.status, e.body);
      });
  });
  return listen('faucet', server, host, port);
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
