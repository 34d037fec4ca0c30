import { createJsonRpcChainSource } from '@paysight/chain-data';
import { CHAINS, priceOf, toolById } from '@paysight/contracts';
import { devnetChainSourceConfig, freshAccount, viemChain, type DevnetAccount } from '@paysight/devnet';
import { fundedBuyer, officialPaymentClient, readTestStack, startMisbehavingFacilitator, usdcBalance, type MisbehavingFacilitator, type Misbehaviour } from '@paysight/testkit';
import { startTestApi, type TestApi, type TestApiOptions } from '@paysight/testkit/api';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PaymentPayload } from '@x402/core/types';
import { wrapFetchWithPayment } from '@x402/fetch';
import { type Address, type Hex, createPublicClient, http, parseAbi } from 'viem';
import { createServer, type Socket } from 'node:net';
import { connectMcp } from './mcp-fixture.js';
import { paymentRequiredOf } from './x402-mcp-client.js';

const stack = readTestStack();
const snapshot = toolById('wallet_snapshot')!;
const PRICE = BigInt(priceOf(snapshot).atomic);
const FUNDS = 1_000_000n;
const body = JSON.stringify({ address: stack.devnet.scenario.chains.base.wallets.alice!.address, chain: 'base' });
const base = createPublicClient({ chain: viemChain('base', stack.devnet.chains.base.rpcUrl), transport: http(stack.devnet.chains.base.rpcUrl, { retryCount: 0 }) });
const eip3009 = parseAbi(['function authorizationState(address authorizer, bytes32 nonce) view returns (bool)']);

/** Whether the token has consumed the authorization: read on the devnet's Base, not from the service. */
const authorizationUsed = (authorizer: Address, nonce: Hex) =>
  base.readContract({ address: CHAINS.base.usdc, abi: eip3009, functionName: 'authorizationState', args: [authorizer, nonce] });

const nonceOf = (payment: PaymentPayload) => (payment.payload as { authorization: { nonce: Hex } }).authorization.nonce;

interface Attempt {
  status: number;
  retryAfter: string | null;
  body: { ok: boolean; error?: { code: string; details?: Record<string, unknown> } };
  buyer: DevnetAccount;
  /** The authorization the official client signed. */
  nonce: Hex;
}

/** One REST paid call of wallet_snapshot by a fresh buyer, paid by the official x402 client. */
async function payRest(api: TestApi): Promise<Attempt> {
  const buyer = await fundedBuyer(FUNDS);
  let nonce: Hex | null = null;
  const watching: typeof fetch = (input, init) => {
    const signature = new Headers(input instanceof Request ? input.headers : init?.headers).get('payment-signature');
    if (signature) nonce = nonceOf(JSON.parse(Buffer.from(signature, 'base64').toString('utf8')) as PaymentPayload);
    return fetch(input, init);
  };
  const res = await wrapFetchWithPayment(watching, officialPaymentClient(buyer))(`${api.url}${snapshot.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (!nonce) throw new Error(`the client did not pay (status ${res.status})`);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Attempt['body'], buyer, nonce };
}

/** The same call over MCP, the payment in _meta["x402/payment"] as the x402 MCP transport spec says. */
async function payMcp(client: Client): Promise<{ wrapper: { status: string; httpStatus: number; error?: { code: string; details?: Record<string, unknown> } }; buyer: DevnetAccount; nonce: Hex }> {
  const buyer = await fundedBuyer(FUNDS);
  const args = JSON.parse(body) as Record<string, unknown>;
  const required = paymentRequiredOf((await client.callTool({ name: snapshot.mcpName, arguments: args })) as CallToolResult);
  if (!required) throw new Error('expected a payment_required result');
  const payload = await officialPaymentClient(buyer).createPaymentPayload(required);
  const result = (await client.callTool({ name: snapshot.mcpName, arguments: args, _meta: { 'x402/payment': payload } })) as CallToolResult;
  return { wrapper: result.structuredContent as never, buyer, nonce: nonceOf(payload) };
}

async function expectNothingCharged(attempt: { buyer: DevnetAccount; nonce: Hex }): Promise<void> {
  expect(await usdcBalance(attempt.buyer.address)).toBe(FUNDS);
  expect(await authorizationUsed(attempt.buyer.address, attempt.nonce)).toBe(false);
}

async function health(api: TestApi): Promise<{ status: number; report: { status: string; facilitator: { reachable: boolean; breaker: string } } }> {
  const res = await fetch(`${api.url}/api/health`);
  return { status: res.status, report: (await res.json()) as never };
}

/** Short deadlines so that hanging and trickling answers end quickly; `breaker` as the test needs. */
async function outageApi(proxy: MisbehavingFacilitator, breaker: TestApiOptions['facilitatorBreaker']): Promise<TestApi> {
  return startTestApi({ facilitatorUrl: proxy.url, facilitatorTimeoutMs: 400, facilitatorSettleTimeoutMs: 800, facilitatorBreaker: breaker });
}

const NO_ANSWERS: readonly Misbehaviour[] = ['hang', 'trickle', 'http_500', 'malformed_json', 'wrong_shape'];

describe('a facilitator that gives no usable answer (a real HTTP proxy in front of the local facilitator)', () => {
  let proxy: MisbehavingFacilitator;
  let api: TestApi;
  let mcp: Client;
  beforeAll(async () => {
    proxy = await startMisbehavingFacilitator(stack.facilitatorUrl);
    // A breaker that never opens here: each case must reach the misbehaving facilitator.
    api = await outageApi(proxy, { failureThreshold: 1_000, cooldownMs: 60_000 });
    mcp = await connectMcp(`${api.url}/api/mcp`);
  });
  afterEach(async () => {
    proxy.set('pass');
    await proxy.refuseConnections(false);
  });
  afterAll(async () => {
    await mcp.close();
    await api.close();
    await proxy.close();
  });

  it.each(NO_ANSWERS)('verify %s: 503 facilitator_unavailable, nothing charged on chain', async (mode) => {
    proxy.set(mode, ['verify']);
    const settles = proxy.received.settle;
    const attempt = await payRest(api);
    expect([attempt.status, attempt.body.error?.code]).toEqual([503, 'facilitator_unavailable']);
    expect(proxy.received.settle).toBe(settles);
    await expectNothingCharged(attempt);
  });

  it.each(NO_ANSWERS)('settle %s after a good verify: 409 payment_pending_settlement with Retry-After (no final word), nothing moved on chain', async (mode) => {
    proxy.set(mode, ['settle']);
    const relayed = proxy.relayed.settle;
    const attempt = await payRest(api);
    expect([attempt.status, attempt.body.error?.code, attempt.retryAfter]).toEqual([409, 'payment_pending_settlement', expect.stringMatching(/^\d+$/)]);
    expect(proxy.relayed.settle).toBe(relayed);
    await expectNothingCharged(attempt);
    expect(await usdcBalance(api.payTo)).toBe(0n);
  });

  it('refused connections: 503 facilitator_unavailable, nothing charged', async () => {
    await proxy.refuseConnections(true);
    const attempt = await payRest(api);
    expect([attempt.status, attempt.body.error?.code]).toEqual([503, 'facilitator_unavailable']);
    await expectNothingCharged(attempt);
  });

  it('a settle mined but whose reply is lost is found on chain: 200, charged exactly once', async () => {
    proxy.set('drop_reply', ['settle']);
    const before = await usdcBalance(api.payTo);
    const attempt = await payRest(api);
    expect([attempt.status, attempt.body.ok]).toEqual([200, true]);
    expect(await authorizationUsed(attempt.buyer.address, attempt.nonce)).toBe(true);
    expect(await usdcBalance(attempt.buyer.address)).toBe(FUNDS - PRICE);
    expect((await usdcBalance(api.payTo)) - before).toBe(PRICE);
  });

  it.each(['hang', 'http_500', 'wrong_shape'] as const)('MCP, verify %s: the error wrapper says 503 facilitator_unavailable, nothing charged', async (mode) => {
    proxy.set(mode, ['verify']);
    const attempt = await payMcp(mcp);
    expect(attempt.wrapper).toMatchObject({ status: 'error', httpStatus: 503, error: { code: 'facilitator_unavailable' } });
    await expectNothingCharged(attempt);
  });

  it('MCP, settle 500: the error wrapper says 409 payment_pending_settlement, nothing charged', async () => {
    proxy.set('http_500', ['settle']);
    const attempt = await payMcp(mcp);
    expect(attempt.wrapper).toMatchObject({ status: 'error', httpStatus: 409, error: { code: 'payment_pending_settlement', details: { retryAfterSeconds: expect.any(Number) } } });
    await expectNothingCharged(attempt);
  });

  it.each(NO_ANSWERS)('supported %s: /api/health answers 200 with the facilitator unreachable, never 500', async (mode) => {
    proxy.set(mode, ['supported']);
    expect(await health(api)).toEqual({ status: 200, report: expect.objectContaining({ status: 'degraded', facilitator: { reachable: false, breaker: 'closed' } }) });
  });
});

describe('the circuit breaker in front of the facilitator', () => {
  let proxy: MisbehavingFacilitator;
  let api: TestApi;
  let mcp: Client;
  beforeAll(async () => {
    proxy = await startMisbehavingFacilitator(stack.facilitatorUrl);
    api = await outageApi(proxy, { failureThreshold: 2, cooldownMs: 1_000 });
    mcp = await connectMcp(`${api.url}/api/mcp`);
  });
  afterAll(async () => {
    await mcp.close();
    await api.close();
    await proxy.close();
  });

  /** Polls /api/health (each probe may be the breaker's trial call) until the breaker is `state`; bounded. */
  async function breakerBecomes(state: string): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if ((await health(api)).report.facilitator.breaker === state) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the breaker did not become ${state}`);
  }

  it('opens after consecutive failures, answers 503 with Retry-After without calling the facilitator, and recovers by itself', async () => {
    proxy.set('http_500', ['verify', 'supported']);
    for (let i = 0; i < 2; i++) expect((await payRest(api)).status).toBe(503);
    expect((await health(api)).report.facilitator).toEqual({ reachable: false, breaker: 'open' });

    const calls = proxy.received.verify;
    const rest = await payRest(api);
    expect([rest.status, rest.body.error?.code]).toEqual([503, 'facilitator_unavailable']);
    expect(Number(rest.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(rest.body.error?.details).toMatchObject({ retryAfterSeconds: Number(rest.retryAfter) });
    await expectNothingCharged(rest);
    const viaMcp = await payMcp(mcp);
    expect(viaMcp.wrapper).toMatchObject({ status: 'error', httpStatus: 503, error: { code: 'facilitator_unavailable', details: { retryAfterSeconds: expect.any(Number) } } });
    await expectNothingCharged(viaMcp);
    expect(proxy.received.verify).toBe(calls);

    proxy.set('pass');
    await breakerBecomes('closed');
    const healed = await payRest(api);
    expect([healed.status, healed.body.ok]).toEqual([200, true]);
    expect(await usdcBalance(healed.buyer.address)).toBe(FUNDS - PRICE);
  });

  it('a failed trial opens it again; a refusal (isValid false) is an answer and never opens it', async () => {
    proxy.set('hang');
    for (let i = 0; i < 2; i++) expect((await payRest(api)).status).toBe(503);
    expect((await health(api)).report.facilitator.breaker).toBe('open');
    // After the cool-down one health probe is the trial: it hangs, times out, and the breaker opens again.
    const trials = proxy.received.supported;
    let afterTrial: string | null = null;
    for (let i = 0; i < 100 && afterTrial === null; i++) {
      const { report } = await health(api);
      if (proxy.received.supported > trials) afterTrial = report.facilitator.breaker;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect([afterTrial, proxy.received.supported - trials]).toEqual(['open', 1]);

    proxy.set('pass');
    await breakerBecomes('closed');
    // Buyers without funds: the real facilitator refuses each verify (a definite answer); the breaker stays closed.
    for (let i = 0; i < 3; i++) {
      const res = await wrapFetchWithPayment(fetch, officialPaymentClient(freshAccount()))(`${api.url}${snapshot.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status).toBe(402);
    }
    expect((await health(api)).report.facilitator.breaker).toBe('closed');
  });
  it('a settle that keeps failing opens it although each verify before it answers', async () => {
    await breakerBecomes('closed');
    proxy.set('http_500', ['settle']);
    for (let i = 0; i < 2; i++) {
      const attempt = await payRest(api);
      expect([attempt.status, attempt.body.error?.code]).toEqual([409, 'payment_pending_settlement']);
      await expectNothingCharged(attempt);
    }
    const verifies = proxy.received.verify;
    const refused = await payRest(api);
    expect([refused.status, refused.body.error?.details]).toEqual([503, expect.objectContaining({ retryAfterSeconds: expect.any(Number) })]);
    expect(proxy.received.verify).toBe(verifies);
    await expectNothingCharged(refused);
    proxy.set('pass');
    await breakerBecomes('closed');
  });
});

describe('a chain node that accepts connections and never answers', () => {
  let api: TestApi;
  let mcp: Client;
  const held = new Set<Socket>();
  const hung = createServer((socket) => {
    held.add(socket);
    socket.on('close', () => held.delete(socket));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { rpc } = devnetChainSourceConfig(stack.devnet);
    // Base data comes from the hung node (payments still settle through the facilitator on the real Base).
    // Each request is bounded by timeoutMs, with one retry: the call fails within about twice that.
    const chainSource = createJsonRpcChainSource({ ...rpc, timeoutMs: 300, retryCount: 1, chains: { ...rpc.chains, base: { rpcUrl: `http://127.0.0.1:${(hung.address() as { port: number }).port}`, demo: true } } });
    api = await startTestApi({ chainSource });
    mcp = await connectMcp(`${api.url}/api/mcp`);
  });
  afterAll(async () => {
    await mcp.close();
    await api.close();
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => hung.close(resolve));
  });

  it('a paid call over REST gets 503 chain_unavailable and nothing is charged', async () => {
    const attempt = await payRest(api);
    expect([attempt.status, attempt.body.error?.code]).toEqual([503, 'chain_unavailable']);
    await expectNothingCharged(attempt);
  });

  it('a paid call over MCP gets the 503 chain_unavailable wrapper and nothing is charged', async () => {
    const attempt = await payMcp(mcp);
    expect(attempt.wrapper).toMatchObject({ status: 'error', httpStatus: 503, error: { code: 'chain_unavailable' } });
    await expectNothingCharged(attempt);
    expect(await usdcBalance(api.payTo)).toBe(0n);
  });
});
