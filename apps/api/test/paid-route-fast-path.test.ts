import { request } from 'node:http';
import { CATALOG } from '@paysight/contracts';
import { freshAccount } from '@paysight/devnet';
import { devnetChainSource, openTestStore, readTestStack } from '@paysight/testkit';
import { startApiService, type ApiService } from '../src/compose.js';
import { apiConfig } from '../src/config.js';

// A plain JSON POST to a paid route is answered ahead of Express (app.ts, createRequestListener);
// the same request sent chunked goes through Express. Both must give the same answer and log line.
const snapshot = CATALOG.find((e) => e.id === 'wallet_snapshot')!;
const BODY_LIMIT = 4096;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One POST; `chunked` sends the body without a Content-Length. */
function post(url: string, body: string, chunked: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(Buffer.byteLength(body)) }) };
    const req = request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (chunked) req.write(body.slice(0, 1));
    req.end(chunked ? body.slice(1) : body);
  });
}

/** What must not differ between the two paths (the request id and the date do). */
const comparable = (answer: Answer) => ({
  status: answer.status,
  body: answer.body,
  contentType: answer.headers['content-type'],
  paymentRequired: answer.headers['payment-required'],
  hasRequestId: typeof answer.headers['x-request-id'] === 'string',
});

describe('paid routes answered ahead of Express', () => {
  const stack = readTestStack();
  const lines: string[] = [];
  let api: ApiService;
  beforeAll(async () => {
    const config = apiConfig({ payTo: freshAccount().address, facilitatorUrl: stack.facilitatorUrl, port: 0, logRequests: true, bodyLimitBytes: BODY_LIMIT });
    api = await startApiService(config, devnetChainSource(), { baseRpcUrl: stack.devnet.chains.base.rpcUrl, store: await openTestStore(), logWrite: (line) => lines.push(line) });
  });
  afterAll(async () => {
    await api.close();
    await api.store.close();
  });

  it.each([
    ['a valid unpaid body (402)', JSON.stringify(snapshot.example), 402],
    ['invalid JSON (400)', '{"address":', 400],
    ['a body refused by the schema (400)', JSON.stringify({ ...(snapshot.example as object), extra: 1 }), 400],
    ['a body with a secret (400)', JSON.stringify({ ...(snapshot.example as object), password: 'hunter2' }), 400],
    ['a body over the size limit (413)', JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT) }), 413],
  ])('gives %s the same answer and log line as Express', async (_name, body, status) => {
    const url = `${api.url}${snapshot.path}`;
    const fast = await post(url, body, false);
    const viaExpress = await post(url, body, true);
    expect(comparable(fast)).toEqual(comparable(viaExpress));
    expect(fast.status).toBe(status);
    await new Promise((resolve) => setImmediate(resolve));
    const logged = (answer: Answer) => {
      const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.event === 'request' && l.requestId === answer.headers['x-request-id']);
      return line && { method: line.method, status: line.status, path: line.path };
    };
    expect(logged(fast)).toEqual({ method: 'POST', status, path: snapshot.path });
    expect(logged(viaExpress)).toEqual(logged(fast));
  });

  it('refuses a body that is not valid UTF-8 as invalid JSON (Express replaced the bytes instead)', async () => {
    const example = snapshot.example as { address: string };
    const body = Buffer.concat([Buffer.from(`{"address":"${example.address}","chain":"base","notes":"`), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const res = await fetch(`${api.url}${snapshot.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'invalid_json' } });
  });
});
