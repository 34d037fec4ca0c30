import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CatalogEntry } from '@paysight/contracts';
import { type PaidCallProcessor, challengeHeaders, decodePayment, receiptHeaders } from '../../src/index.js';

export interface PaidServer {
  url: string;
  /** Headers of every request received, in order. */
  received: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/**
 * A minimal REST transport over the processor, as apps/api will be: one paid route, the JSON body as
 * the tool input, the outcome's status, headers and body on the wire.
 */
export async function startPaidServer(processor: PaidCallProcessor, entry: CatalogEntry, run: (input: unknown) => Promise<unknown>): Promise<PaidServer> {
  const received: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(req.headers);
      const input: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const reply = (status: number, headers: Record<string, string>, body: unknown) => {
        res.writeHead(status, { ...headers, 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      processor
        .handle({
          entry,
          input,
          payment: decodePayment(req.headers),
          resourceUrl: `http://${req.headers.host}${req.url}`,
          run: () => run(input),
          serve: (result) => ({ ok: true, tool: entry.id, result }),
        })
        .then((outcome) => {
          switch (outcome.kind) {
            case 'paid':
              return reply(200, { ...receiptHeaders(outcome.receipt, outcome.protocolVersion), ...(outcome.replay ? { 'paysight-replay': 'true' } : {}) }, outcome.result);
            case 'payment_required':
            case 'payment_rejected':
              return reply(402, challengeHeaders(outcome.challenge), outcome.challenge.body);
            case 'payment_in_progress':
            case 'payment_bound_to_other_request':
              return reply(409, {}, { ok: false, error: { code: outcome.kind, message: outcome.kind } });
            case 'result_expired':
              return reply(410, {}, { ok: false, error: { code: outcome.kind, message: outcome.kind, details: { resultHash: outcome.resultHash } } });
            case 'unavailable':
              return reply(503, {}, { ok: false, error: { code: `${outcome.source}_unavailable`, message: outcome.message } });
            case 'not_found':
              return reply(404, {}, { ok: false, error: { code: outcome.code, message: outcome.message } });
            case 'failed':
              return reply(500, {}, { ok: false, error: { code: 'internal_error', message: 'the handler failed' } });
          }
        })
        .catch(() => reply(500, {}, { ok: false, error: { code: 'internal_error', message: 'processor error' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${entry.path}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
