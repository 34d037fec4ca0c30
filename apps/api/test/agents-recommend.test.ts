import {
  DISCOVERY_PATHS,
  RECOMMEND_MAX_BODY_BYTES,
  recommendationResponse,
  requestJsonSchema,
  responseJsonSchema,
  resultJsonSchema,
  toolById,
  type ErrorBody,
  type ReasonCode,
  type RecommendationResponse,
} from '@paysight/contracts';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { startCountingApi, type CountingApi } from './agents-fixture.js';

const MNEMONIC = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
const PRIVATE_KEY = `0x${'4c0883a69102937d6231471b5dbb6204fe512961708279f3c3f9c8a0f9a7e5b1'}`;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

const post = (base: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${DISCOVERY_PATHS.recommend}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

/** One request per reason code. */
const BY_REASON: Record<ReasonCode, object> = {
  debug_failed_request: { failureMode: 'HTTP 402 again after paying' },
  guard_autonomous_commerce: { autonomousCommerce: true, budgetUsd: 1 },
  transaction_check: { hasTransactionHash: true },
  batch_wallet_screening: { walletCount: 4 },
  payment_trust: { goal: 'Is this x402 seller legit?' },
  default_wallet_triage: { goal: 'Triage one public wallet', walletCount: 1 },
};

/** Sends only the head of a request: Content-Length as given, and no body byte. */
function headersOnly(url: string, contentLength: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(contentLength) } });
    req.on('response', (res) => readAll(res).then((body) => { resolve({ status: res.statusCode!, body }); req.destroy(); }, reject));
    req.on('error', reject);
    req.flushHeaders();
  });
}

/** Sends a chunked body of `size` bytes without ending the request, and resolves on the answer. */
function chunkedWithoutEnd(url: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json' } });
    req.on('response', (res) => { res.resume(); resolve(res.statusCode!); req.destroy(); });
    req.on('error', reject);
    req.write(`{"goal":"${'a'.repeat(size)}`);
  });
}

function readAll(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text)).on('error', reject);
  });
}

describe('POST /api/agents/recommend', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it.each(Object.entries(BY_REASON))('%s: a complete recommendation with the catalog\'s schemas and a preview that validates', async (reasonCode, body) => {
    const res = await post(api.url, JSON.stringify(body));
    expect(res.status).toBe(200);
    expect(res.headers.get('payment-required')).toBeNull();
    const answer = recommendationResponse.parse(await res.json()) as RecommendationResponse & Record<string, unknown>;
    expect(answer.reasonCode).toBe(reasonCode);
    expect(answer).toMatchObject({
      ok: true,
      sample: false,
      noPaymentRequired: true,
      recommendationApi: '/api/agents/recommend',
      safety: { paymentRequiredBeforeServiceResult: true, doesNotCallBlockchainProviders: true, doesNotTriggerPayment: true, doesNotExecutePaidService: true },
      sampleResponsePreview: { sample: true, schemaBacked: true, label: expect.stringMatching(/sample/i) },
    });
    const entry = toolById(answer.firstPaidCall.id)!;
    expect(answer.firstPaidCall).toEqual({
      id: entry.id,
      title: entry.title,
      method: 'POST',
      path: entry.path,
      endpoint: `${api.publicBaseUrl}${entry.path}`,
      price: { amount: entry.price, currency: 'USDC', network: 'base' },
    });
    expect(answer.inputSchema).toEqual(requestJsonSchema(entry));
    expect(answer.outputSchema).toEqual(responseJsonSchema(entry));
    expect(entry.request.safeParse(answer.exampleRequest).success).toBe(true);
    const validate = ajv.compile(resultJsonSchema(entry));
    expect([validate(answer.sampleResponsePreview.result), validate.errors ?? null]).toEqual([true, null]);
    expect(answer.workflow.manifest).toBe(`${api.publicBaseUrl}${DISCOVERY_PATHS.workflows}`);
    expect(answer.nextStep).toContain(answer.firstPaidCall.endpoint);
  });

  it('recommends wallet_snapshot at POST /api/x402/wallet-snapshot for a single public wallet goal', async () => {
    const answer = await (await post(api.url, JSON.stringify({ goal: 'check one public wallet' }))).json();
    expect(answer).toMatchObject({ reasonCode: 'default_wallet_triage', firstPaidCall: { id: 'wallet_snapshot', path: '/api/x402/wallet-snapshot', price: { amount: '0.01' } } });
  });

  it.each([
    ['malformed JSON', '{"goal":', 'invalid_json'],
    ['an empty body', '', 'invalid_json'],
    ['an array', '[{"goal":"x"}]', 'invalid_json'],
    ['a string', '"wallet"', 'invalid_json'],
    ['null', 'null', 'invalid_json'],
    ['a number', '42', 'invalid_json'],
  ])('answers 400 invalid_json for %s', async (_label, body, code) => {
    const res = await post(api.url, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: { code } });
  });

  it('answers 400 invalid_request with the issues for fields of the wrong type', async () => {
    const res = await post(api.url, JSON.stringify({ walletCount: 'three', autonomousCommerce: 'yes', budgetUsd: -1 }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('invalid_request');
    expect((body.error.details as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual(['autonomousCommerce', 'budgetUsd', 'walletCount']);
  });

  it('keeps fields it does not know (additional properties are allowed)', async () => {
    expect((await post(api.url, JSON.stringify({ goal: 'one wallet', agentName: 'scout' }))).status).toBe(200);
  });

  it.each([
    ['a seed phrase in the goal', { goal: `restore ${MNEMONIC}` }, 'mnemonic'],
    ['a private key in an unknown field', { key: PRIVATE_KEY }, 'private_key'],
    ['a labelled private key in failureMode', { failureMode: `private key: ${PRIVATE_KEY.slice(2)}` }, 'private_key'],
    ['a password field', { password: 'hunter2-hunter2' }, 'password_or_token'],
  ])('answers 400 sensitive_input for %s, naming the kind and never the secret', async (_label, body, kind) => {
    const res = await post(api.url, JSON.stringify(body));
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ ok: false, error: { code: 'sensitive_input', details: { kind } } });
    for (const secret of [MNEMONIC, PRIVATE_KEY.slice(2), 'hunter2']) expect(text).not.toContain(secret);
  });

  it('does not take a transaction hash in the goal for a secret', async () => {
    const res = await post(api.url, JSON.stringify({ goal: `status of ${`0x${'ab'.repeat(32)}`}` }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as RecommendationResponse).reasonCode).toBe('transaction_check');
  });

  it('answers 413 when the declared size is above the limit, and accepts a body right at it', async () => {
    const over = await post(api.url, JSON.stringify({ goal: 'x'.repeat(RECOMMEND_MAX_BODY_BYTES) }));
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ ok: false, error: { code: 'payload_too_large', details: { maxBytes: 10000 } } });
    const padding = RECOMMEND_MAX_BODY_BYTES - JSON.stringify({ goal: '' }).length;
    const atLimit = JSON.stringify({ goal: 'w'.repeat(padding) });
    expect(Buffer.byteLength(atLimit)).toBe(RECOMMEND_MAX_BODY_BYTES);
    expect((await post(api.url, atLimit)).status).toBe(200);
  });

  it('answers 413 to a declared Content-Length of 20000 before any of the body is sent', async () => {
    const answer = await headersOnly(`${api.url}${DISCOVERY_PATHS.recommend}`, 20_000);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('answers 413 to a chunked body as soon as it passes the limit', async () => {
    expect(await chunkedWithoutEnd(`${api.url}${DISCOVERY_PATHS.recommend}`, RECOMMEND_MAX_BODY_BYTES + 100)).toBe(413);
  });

  it('answers 405 to other methods', async () => {
    const res = await fetch(`${api.url}${DISCOVERY_PATHS.recommend}`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
    expect((await fetch(`${api.url}${DISCOVERY_PATHS.recommend}`, { method: 'PUT', body: '{}' })).status).toBe(405);
  });
});

describe('recommend reaches no chain source, facilitator, payment or tool', () => {
  let api: CountingApi;
  beforeAll(async () => {
    api = await startCountingApi();
  });
  afterAll(() => api.close());

  it('answers every kind of request with zero calls of any of them', async () => {
    const bodies = [
      ...Object.values(BY_REASON).map((b) => JSON.stringify(b)),
      '{}',
      JSON.stringify({ goal: `decode 0x${'12'.repeat(32)} on base`, budgetUsd: 0.01 }),
      JSON.stringify({ goal: MNEMONIC }),
      '{"goal":',
      '[1]',
      JSON.stringify({ walletCount: 'x' }),
      JSON.stringify({ goal: 'y'.repeat(20_000) }),
    ];
    const statuses = [];
    for (const body of bodies) statuses.push((await post(api.url, body)).status);
    statuses.push((await fetch(`${api.url}${DISCOVERY_PATHS.recommend}`)).status);
    statuses.push((await fetch(`${api.url}${DISCOVERY_PATHS.workflows}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 400, 400, 400, 400, 413, 405, 200]);
    expect(api.calls).toEqual([]);
    expect(api.handled()).toBe(0);
  });

  it('would see a paid call: the same harness counts the processor and its ports', async () => {
    const before = api.handled();
    const res = await fetch(`${api.url}/api/x402/wallet-snapshot`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(toolById('wallet_snapshot')!.example) });
    expect(res.status).toBe(402);
    expect(api.handled()).toBe(before + 1);
    expect(api.calls).toContain('chainSource.chains');
    await fetch(`${api.url}/api/health`);
    expect(api.calls).toContain('store.ping');
  });

  it('never writes a secret sent to recommend into the log', async () => {
    api.logLines.length = 0;
    for (const body of [{ goal: MNEMONIC }, { failureMode: `private key ${PRIVATE_KEY}` }, { notes: PRIVATE_KEY }]) {
      expect((await post(api.url, JSON.stringify(body))).status).toBe(400);
    }
    expect((await post(api.url, `{"goal":"${MNEMONIC}",`)).status).toBe(400);
    const requestLines = api.logLines.filter((line) => line.includes('"event":"request"'));
    expect(requestLines).toHaveLength(4);
    for (const line of requestLines) expect(JSON.parse(line)).toMatchObject({ path: DISCOVERY_PATHS.recommend, status: 400 });
    const log = api.logLines.join('\n');
    for (const secret of ['abandon ability', PRIVATE_KEY.slice(2, 20)]) expect(log).not.toContain(secret);
  });
});

describe('with agent discovery off', () => {
  let api: CountingApi;
  beforeAll(async () => {
    api = await startCountingApi({ agentDiscovery: false });
  });
  afterAll(() => api.close());

  it('both agent endpoints answer 404 like an unknown address, whatever the method or body', async () => {
    const unknown = (await (await fetch(`${api.url}/api/agents/nothing-here`)).json()) as ErrorBody;
    for (const res of [
      await post(api.url, '{}'),
      await post(api.url, 'not json'),
      await fetch(`${api.url}${DISCOVERY_PATHS.recommend}`),
      await fetch(`${api.url}${DISCOVERY_PATHS.workflows}`),
    ]) {
      expect(res.status).toBe(404);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code).toBe(unknown.error.code);
    }
    expect((await headersOnly(`${api.url}${DISCOVERY_PATHS.recommend}`, 20_000)).status).toBe(404);
    expect(api.calls).toEqual([]);
  });
});
