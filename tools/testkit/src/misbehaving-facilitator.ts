import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FacilitatorOperation } from '@paysight/payment';

/**
 * How the facilitator answers an operation:
 * - `pass`: relays the real facilitator's answer;
 * - `hang`: accepts the request and never answers;
 * - `trickle`: sends 200 and a JSON start, then one space every 50 ms, never finishing;
 * - `http_500`: answers 500 with the real facilitator's error body, without asking it;
 * - `malformed_json`: answers 200 with a body that is not JSON;
 * - `wrong_shape`: answers 200 with JSON that is no verdict;
 * - `drop_reply`: relays the request to the real facilitator (a settle is mined), then cuts the
 *   connection instead of answering;
 * - `hold_reply`: relays the request to the real facilitator (a settle is mined), then holds the
 *   answer for ever (`landed()` waits for the relay): the caller is left between the transfer and
 *   its reply, where a crash test kills it;
 * - `settlement_pending`: answers at once as an `@x402/core` 2.24+ facilitator does when the transfer
 *   is broadcast but not confirmed in time (`success: false`, `errorReason: "settlement_pending"`), and
 *   only then relays the request to the real facilitator, so the transfer lands after the answer
 *   (`landed()` waits for it);
 * - `late`: a slow facilitator: answers nothing until the caller gives up (its time-out closes the
 *   connection), and only then relays the request to the real facilitator, so a settle lands after
 *   the caller's deadline (`landed()` waits for it).
 * Refusing connections is not a mode of one operation: see `refuseConnections`.
 */
export type Misbehaviour = 'pass' | 'hang' | 'trickle' | 'http_500' | 'malformed_json' | 'wrong_shape' | 'drop_reply' | 'hold_reply' | 'settlement_pending' | 'late';

export interface MisbehavingFacilitator {
  /** Base URL; the same for the whole life of the proxy, also across refuseConnections. */
  url: string;
  /** Sets how `operations` (default all three) behave from now on. */
  set(mode: Misbehaviour, operations?: readonly FacilitatorOperation[]): void;
  /** Stops listening on the port (true: connections are refused) or listens again (false). */
  refuseConnections(refuse: boolean): Promise<void>;
  /** Requests that reached this proxy, per operation (refused connections reach nothing). */
  received: Record<FacilitatorOperation, number>;
  /** Requests relayed to the real facilitator, per operation. */
  relayed: Record<FacilitatorOperation, number>;
  /** Resolves once every relay started after a `settlement_pending` answer, by `late` or by `hold_reply` has finished. */
  landed(): Promise<void>;
  close(): Promise<void>;
}

const OPERATIONS: readonly FacilitatorOperation[] = ['verify', 'settle', 'supported'];
const isOperation = (name: string): name is FacilitatorOperation => (OPERATIONS as readonly string[]).includes(name);

/**
 * A real HTTP facilitator for outage tests: a proxy in front of the real local facilitator
 * (`target`) that relays its wire format unchanged in mode `pass` and misbehaves per operation
 * otherwise. Loopback only.
 */
export async function startMisbehavingFacilitator(target: string): Promise<MisbehavingFacilitator> {
  const modes: Record<FacilitatorOperation, Misbehaviour> = { verify: 'pass', settle: 'pass', supported: 'pass' };
  const received: Record<FacilitatorOperation, number> = { verify: 0, settle: 0, supported: 0 };
  const relayed: Record<FacilitatorOperation, number> = { verify: 0, settle: 0, supported: 0 };
  const sockets = new Set<Socket>();
  const late: Promise<unknown>[] = [];

  async function relay(req: IncomingMessage, operation: FacilitatorOperation): Promise<{ status: number; text: string }> {
    const body = await bodyOf(req);
    relayed[operation] += 1;
    const upstream = await fetch(`${target}/${operation}`, {
      method: req.method,
      headers: { 'content-type': 'application/json' },
      body: body.length ? body : undefined,
    });
    return { status: upstream.status, text: await upstream.text() };
  }

  async function bodyOf(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /** Relays after the answer (or after the caller gave up); `landed()` waits for it. */
  function relayLate(operation: FacilitatorOperation, body: Buffer): void {
    relayed[operation] += 1;
    late.push(fetch(`${target}/${operation}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.text()));
  }

  function answer(res: ServerResponse, status: number, text: string): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(text);
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const operation = new URL(req.url ?? '/', 'http://facilitator').pathname.slice(1);
    if (!isOperation(operation)) return answer(res, 404, JSON.stringify({ error: 'not_found' }));
    received[operation] += 1;
    switch (modes[operation]) {
      case 'pass': {
        const { status, text } = await relay(req, operation);
        return answer(res, status, text);
      }
      case 'drop_reply':
        await relay(req, operation);
        return void req.socket.destroy();
      case 'settlement_pending': {
        const body = await bodyOf(req);
        const payer = (JSON.parse(body.toString('utf8')) as { paymentPayload?: { payload?: { authorization?: { from?: string } } } }).paymentPayload?.payload?.authorization?.from ?? '';
        answer(res, 200, JSON.stringify({ success: false, errorReason: 'settlement_pending', transaction: '', network: 'eip155:8453', payer }));
        return relayLate(operation, body);
      }
      case 'hold_reply':
        return relayLate(operation, await bodyOf(req));
      case 'late': {
        const body = await bodyOf(req);
        return void res.once('close', () => relayLate(operation, body));
      }
      case 'hang':
        return;
      case 'trickle': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"isValid":');
        const drip = setInterval(() => res.write(' '), 50);
        res.on('close', () => clearInterval(drip));
        return;
      }
      case 'http_500':
        return answer(res, 500, JSON.stringify({ error: 'internal_error', message: 'the facilitator failed to process the request' }));
      case 'malformed_json':
        return answer(res, 200, '{"isValid": true, "success": tru');
      case 'wrong_shape':
        return answer(res, 200, JSON.stringify({ ok: true, result: { valid: 'yes' }, kinds: 'exact' }));
    }
  }

  const server = createServer((req, res) => {
    serve(req, res).catch(() => req.socket.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) server.close(() => resolve());
      else resolve();
    });

  await listen(0);
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    relayed,
    landed: async () => {
      await Promise.allSettled(late);
    },
    set(mode, operations = OPERATIONS) {
      for (const operation of operations) modes[operation] = mode;
    },
    refuseConnections: (refuse) => (refuse ? stop() : server.listening ? Promise.resolve() : listen(port)),
    close: stop,
  };
}
