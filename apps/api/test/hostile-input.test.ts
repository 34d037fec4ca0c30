import { Agent, request } from 'node:http';
import { CATALOG, DISCOVERY_PATHS, errorBodySchema, priceOf, type CatalogEntry } from '@paysight/contracts';
import { fundedBuyer, officialPaymentClient, prng, usdcBalance } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import {
  CANARIES,
  PAYMENT_HEADERS,
  WRONG_METHODS,
  endpointCases,
  garbagePayments,
  mutate,
  pick,
  type HostileRequest,
  type Random,
} from './fuzz/hostile.js';

// A bounded, seeded fuzz run over every REST route of the catalog, the free routes and /api/mcp, on
// loopback. HOSTILE_SEED replays another run; the default seed is the one CI runs.
const SEED = Number(process.env.HOSTILE_SEED ?? 16);
const BODY_LIMIT = 256 * 1024;
const RECOMMEND_LIMIT = 10_000;
/** The mutation budgets are shared by the catalog's tools, so the run stays bounded as the catalog grows. */
const perTool = (budget: number) => Math.max(12, Math.ceil(budget / CATALOG.length));
const MUTATIONS_PER_ROUTE = perTool(2400);
const MCP_CALLS_PER_TOOL = perTool(1800);
const CONCURRENCY = 8;
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(base: string, hostile: HostileRequest): Promise<Answer> {
  const headers = Object.fromEntries(Object.entries(hostile.headers).filter(([, v]) => v !== ''));
  if (hostile.body && !hostile.chunked) headers['content-length'] = String(hostile.body.length);
  return new Promise((resolve, reject) => {
    const req = request(`${base}${hostile.path}`, { method: hostile.method, headers, agent, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer to ${hostile.label}`)));
    req.on('error', reject);
    if (!hostile.chunked || !hostile.body) return req.end(hostile.body);
    const half = Math.floor(hostile.body.length / 2);
    req.write(hostile.body.subarray(0, half));
    req.end(hostile.body.subarray(half));
  });
}

/** Starts a body, then hangs up halfway: the server must shrug it off. */
function abandon(base: string, path: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { method: 'POST', headers: { ...headers, 'content-length': '1000' } });
    req.on('error', () => resolve());
    req.write('{"address":"0x', () => setImmediate(() => req.destroy()));
    req.on('close', () => resolve());
  });
}

/**
 * What is wrong with one answer: a 500, an echoed secret, an error body of another shape (JSON-RPC
 * on /api/mcp exactly; any other address, /api/mcp/ and /API/MCP included, is REST's).
 */
function problemsOf(hostile: HostileRequest, answer: Answer, secrets: readonly string[]): string[] {
  const mcp = hostile.path.split('?', 1)[0] === '/api/mcp';
  const where = `${hostile.method} ${hostile.path.slice(0, 80)} [${hostile.label}] -> ${answer.status}`;
  const problems: string[] = [];
  if (answer.status >= 500 && answer.status !== 501 && answer.status !== 503) problems.push(`${where}: a ${answer.status}`);
  const everything = `${JSON.stringify(answer.headers)}\n${answer.body}`;
  for (const secret of secrets) if (everything.includes(secret)) problems.push(`${where}: echoes ${secret.slice(0, 12)}…`);
  if (answer.status >= 300 && hostile.method !== 'HEAD' && answer.status !== 304) {
    const shape = mcp ? mcpErrorShape(answer.body) : errorBodySchema.safeParse(parsed(answer.body)).success;
    if (!shape) problems.push(`${where}: error body of another shape: ${answer.body.slice(0, 200)}`);
  }
  return problems;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function mcpErrorShape(text: string): boolean {
  const body = parsed(text) as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } } | undefined;
  return body?.jsonrpc === '2.0' && typeof body.error?.code === 'number' && typeof body.error.message === 'string';
}

async function inPool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** Real signed payments for `paidFor`, in every hostile form the test presents. */
interface Payments {
  /** A genuine payment for `paidFor` (never presented on a route of the same price). */
  genuine: string;
  /** Its decoded payload, for the MCP `_meta` carrier. */
  payload: PaymentPayload;
  /** Signed with validBefore an hour ago. */
  expired: string;
  /** A genuine payment whose signature was altered. */
  tampered: string;
  truncated: string;
  signatures: string[];
  /** Who signed them. */
  buyer: `0x${string}`;
}

const encode = (payload: PaymentPayload) => Buffer.from(JSON.stringify(payload)).toString('base64');

async function signedPayments(api: TestApi, paidFor: CatalogEntry): Promise<Payments> {
  const buyer = await fundedBuyer();
  const client = officialPaymentClient(buyer);
  const unpaid = await fetch(`${api.url}${paidFor.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(paidFor.example) });
  const required = client.getPaymentRequiredResponse((name) => unpaid.headers.get(name), await unpaid.json()) as PaymentRequired;
  const payload = await client.createPaymentPayload(required);
  const late = structuredClone(required);
  for (const offer of late.accepts) offer.maxTimeoutSeconds = -3600;
  const expiredPayload = await client.createPaymentPayload(late);
  expiredPayload.accepted = payload.accepted;
  const signature = (payload.payload as { signature: string }).signature;
  const tampered = structuredClone(payload);
  (tampered.payload as { signature: string }).signature = `${signature.slice(0, -6)}${signature.slice(-6) === 'ffffff' ? '000000' : 'ffffff'}`;
  const genuine = encode(payload);
  return {
    genuine,
    payload,
    expired: encode(expiredPayload),
    tampered: encode(tampered),
    truncated: genuine.slice(0, Math.floor(genuine.length / 2)),
    signatures: [signature, (expiredPayload.payload as { signature: string }).signature],
    buyer: buyer.address,
  };
}

function paymentCases(random: Random, entry: CatalogEntry, payments: Payments, paidFor: CatalogEntry): HostileRequest[] {
  const valid = Buffer.from(JSON.stringify(entry.example));
  const forms = [...garbagePayments(random), payments.expired, payments.tampered, payments.truncated, `${payments.genuine}==`, payments.genuine.replaceAll('=', '')];
  // A genuine payment names another route of another price: presented here it must not be served.
  if (priceOf(entry).atomic !== priceOf(paidFor).atomic) forms.push(payments.genuine);
  const cases: HostileRequest[] = forms.flatMap((value, i) =>
    PAYMENT_HEADERS.map((header) => ({ label: `payment form ${i} in ${header}`, method: 'POST', path: entry.path, headers: { 'content-type': 'application/json', [header]: value }, body: valid })),
  );
  cases.push({ label: 'both payment headers', method: 'POST', path: entry.path, headers: { 'content-type': 'application/json', 'payment-signature': payments.tampered, 'x-payment': payments.expired }, body: valid });
  cases.push({ label: 'payment headers over 16 KiB in all', method: 'POST', path: entry.path, headers: { 'content-type': 'application/json', 'payment-signature': 'A'.repeat(9000), 'x-payment': 'B'.repeat(9000) }, body: valid });
  cases.push({ label: 'a payment header sent twice', method: 'POST', path: entry.path, headers: { 'content-type': 'application/json', 'payment-signature': [payments.tampered, payments.expired] }, body: valid });
  cases.push({ label: 'a payment and a hostile body', method: 'POST', path: entry.path, headers: { 'content-type': 'application/json', 'payment-signature': pick(random, forms) }, body: Buffer.from(JSON.stringify(mutate(random, entry.example, BODY_LIMIT))) });
  return cases;
}

function freeRouteCases(random: Random): HostileRequest[] {
  const documents = Object.entries(DISCOVERY_PATHS).filter(([name]) => name !== 'mcpEndpoint' && name !== 'recommend').map(([, path]) => path);
  const garbage = garbagePayments(random);
  return [
    // Recommend hangs up on a body over its limit without reading the rest (docs/agents.md): a chunked
    // one would meet a reset before its answer, so it is sent with its length only.
    ...endpointCases(random, DISCOVERY_PATHS.recommend, { goal: 'check a wallet', walletCount: 1 }, RECOMMEND_LIMIT, MUTATIONS_PER_ROUTE).filter((c) => c.label !== 'a chunked body over the limit'),
    ...documents.flatMap((path) => [
      ...['POST', ...WRONG_METHODS].map((method) => ({ label: `method ${method}`, method, path, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? Buffer.from('{"__proto__":{"polluted":1}}') : undefined })),
      { label: 'hostile query', method: 'GET', path: `${path}?__proto__[polluted]=yes&toolsets=${encodeURIComponent('\u0000,../..')}&pageSize=-1`, headers: {} },
      { label: 'hostile conditional headers', method: 'GET', path, headers: { 'if-none-match': '"\u00ff', 'if-modified-since': 'yesterday', 'accept-encoding': 'gzip;q=NaN, *;q=-1', range: 'bytes=-1-' } },
      { label: 'a payment on a free route', method: 'GET', path, headers: { 'payment-signature': pick(random, garbage), 'x-payment': pick(random, garbage) } },
    ]),
    ...['%00', '..%2f..%2fetc%2fpasswd', 'a'.repeat(4000), encodeURIComponent(CANARIES[2]!), '%E0%A4%A', '__proto__'].map((id) => ({ label: `report id ${id.slice(0, 20)}`, method: 'GET', path: `/reports/${id}`, headers: {} })),
    { label: 'an unknown route', method: 'POST', path: '/api/x402/%00%ff/..', headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') },
  ];
}

function mcpRequest(label: string, message: unknown, headers: Record<string, string> = MCP_HEADERS): HostileRequest {
  return { label, method: 'POST', path: '/api/mcp', headers, body: Buffer.from(typeof message === 'string' ? message : (JSON.stringify(message) ?? 'null')) };
}

function mcpCases(random: Random, payments: Payments, paidFor: CatalogEntry): HostileRequest[] {
  const garbage = garbagePayments(random);
  const carriers = ['x402Payment', 'xPayment', 'paymentHeader', '_meta', 'none'];
  const calls = CATALOG.flatMap((entry) =>
    Array.from({ length: MCP_CALLS_PER_TOOL }, (_, i) => {
      const args = mutate(random, entry.example, BODY_LIMIT / 4);
      const forms: unknown[] = [...garbage, payments.expired, payments.tampered, payments.truncated, { ...payments.payload, accepted: { ...payments.payload.accepted, amount: '1' } }, { __proto__: null, x402Version: 2 }, 42, null];
      if (priceOf(entry).atomic !== priceOf(paidFor).atomic) forms.push(payments.genuine, payments.payload);
      const carrier = pick(random, carriers);
      const payment = pick(random, forms);
      const params: Record<string, unknown> = { name: entry.mcpName, arguments: args };
      if (carrier === '_meta') params._meta = { 'x402/payment': payment, progressToken: random() < 0.1 ? { bad: true } : undefined };
      else if (carrier !== 'none' && args !== null && typeof args === 'object' && !Array.isArray(args)) (args as Record<string, unknown>)[carrier] = payment;
      return mcpRequest(`tools/call ${entry.mcpName} #${i} payment in ${carrier}`, { jsonrpc: '2.0', id: i, method: 'tools/call', params });
    }),
  );
  const envelope: [string, unknown][] = [
    ['no method', { jsonrpc: '2.0', id: 1 }],
    ['unknown method', { jsonrpc: '2.0', id: 1, method: 'tools/explode', params: {} }],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 1, method: 'tools/list' }],
    ['id is an object', { jsonrpc: '2.0', id: { __proto__: { polluted: 1 } }, method: 'tools/list' }],
    ['id is huge', { jsonrpc: '2.0', id: 'i'.repeat(50_000), method: 'tools/list' }],
    ['params is a string', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: 'svc_wallet_snapshot' }],
    ['params is null', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: null }],
    ['unknown tool', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: '../../etc/passwd', arguments: {} } }],
    ['arguments is an array', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: CATALOG[0]!.mcpName, arguments: [1, 2] } }],
    ['an empty batch', []],
    ['a batch of 500', Array.from({ length: 500 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/list' }))],
    ['a batch of calls with payments', CATALOG.map((entry, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: entry.mcpName, arguments: { ...(entry.example as object), x402Payment: payments.tampered } } }))],
    ['a notification only', { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ['a response message', { jsonrpc: '2.0', id: 1, result: {} }],
    ['__proto__ in params', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"__proto__":{"polluted":"yes"},"name":"svc_wallet_snapshot","arguments":{"constructor":{"prototype":{"polluted":"yes"}}}}}'],
  ];
  return [
    ...calls,
    ...envelope.map(([label, message]) => mcpRequest(label, message)),
    ...endpointCases(random, '/api/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: CATALOG[0]!.mcpName, arguments: CATALOG[0]!.example } }, BODY_LIMIT, 0).map((c) => ({
      ...c,
      headers: { ...MCP_HEADERS, ...c.headers },
    })),
    mcpRequest('no Accept header', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'content-type': 'application/json' }),
    mcpRequest('a foreign Host', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { ...MCP_HEADERS, host: `evil.example:${CANARIES[2]}` }),
    mcpRequest('an opaque Origin', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { ...MCP_HEADERS, origin: 'null' }),
    { ...mcpRequest('hostile toolsets and pageSize', { jsonrpc: '2.0', id: 1, method: 'tools/list' }), path: `/api/mcp?toolsets=${encodeURIComponent(`__proto__,${CANARIES[2]}`)}&pageSize=1e9` },
    { ...mcpRequest('a broken query escape', { jsonrpc: '2.0', id: 1, method: 'tools/list' }), path: '/api/mcp?toolsets=%E0%A4%A&pageSize=%' },
  ];
}

describe('hostile input over every route (bounded, seeded fuzz)', () => {
  let api: TestApi;
  const paidFor = CATALOG.find((e) => e.id === 'wallet_snapshot')!;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    agent.destroy();
    await api.close();
  });

  it('answers thousands of hostile requests with no 500, no echo, one error shape, nothing charged and nothing polluted', async () => {
    const random = prng(SEED);
    const prototypeBefore = [Object.getOwnPropertyNames(Object.prototype), Object.getOwnPropertyNames(Array.prototype)];
    const payments = await signedPayments(api, paidFor);
    const balance = await usdcBalance(payments.buyer);
    const secrets = [...CANARIES, payments.genuine, payments.expired, payments.tampered, payments.truncated, ...payments.signatures];

    const rest = CATALOG.flatMap((entry) => [...endpointCases(random, entry.path, entry.example, BODY_LIMIT, MUTATIONS_PER_ROUTE), ...paymentCases(random, entry, payments, paidFor)]);
    const free = freeRouteCases(random);
    const mcp = mcpCases(random, payments, paidFor);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    await inPool([...rest, ...free, ...mcp], async (hostile) => {
      const answer = await send(api.url, hostile);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      problems.push(...problemsOf(hostile, answer, secrets));
    });

    expect(problems).toEqual([]);
    expect(rest.length + free.length + mcp.length).toBeGreaterThan(2000);
    expect(statuses.get(500)).toBeUndefined();
    for (const path of [paidFor.path, DISCOVERY_PATHS.recommend, '/api/mcp']) await abandon(api.url, path, MCP_HEADERS);
    // Still serving, unpolluted, and nothing moved on chain.
    const after = await fetch(`${api.url}${paidFor.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(paidFor.example) });
    expect(after.status).toBe(402);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect([Object.getOwnPropertyNames(Object.prototype), Object.getOwnPropertyNames(Array.prototype)]).toEqual(prototypeBefore);
    expect(await usdcBalance(payments.buyer)).toBe(balance);
    expect(await usdcBalance(api.payTo)).toBe(0n);
    // Bounded by the request count, which grows with the catalog (every route gets its cases); not a timing assertion.
  }, 300_000);
});
