import { CHAINS, PAYMENT, priceOf, toolById, type ErrorBody } from '@paysight/contracts';
import { startLocalFacilitator, type ChallengeBody } from '@paysight/payment';
import { fundedBuyer, officialPaymentClient, payingFetch, readTestStack, usdcBalance } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { decodePaymentResponseHeader } from '@x402/fetch';
import { createPublicClient, http, parseAbiItem, type Hex } from 'viem';

const snapshot = toolById('wallet_snapshot')!;
const PRICE = BigInt(priceOf(snapshot).atomic);
const stack = readTestStack();
const aliceOnBase = () => stack.devnet.scenario.chains.base.wallets.alice!.address;
const post = (url: string, body: unknown, init: RequestInit = {}) =>
  fetch(url, { ...init, method: 'POST', headers: { 'content-type': 'application/json', ...init.headers }, body: JSON.stringify(body) });

describe('paying for a tool over x402', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('answers 402 with one exact USDC offer on Base, in the v2 header and the v1 body', async () => {
    const res = await post(`${api.url}${snapshot.path}`, { address: aliceOnBase(), chain: 'base' });
    expect(res.status).toBe(402);
    const header = JSON.parse(Buffer.from(res.headers.get('payment-required')!, 'base64').toString('utf8'));
    expect(header).toMatchObject({ x402Version: 2, resource: { url: `${api.url}${snapshot.path}` } });
    expect(header.accepts).toEqual([
      {
        scheme: 'exact',
        network: 'eip155:8453',
        amount: '10000',
        asset: CHAINS.base.usdc,
        payTo: api.payTo,
        maxTimeoutSeconds: PAYMENT.maxTimeoutSeconds,
        extra: { name: 'USD Coin', version: '2' },
      },
    ]);
    const body = (await res.json()) as ChallengeBody;
    expect(body).toMatchObject({
      ok: false,
      error: { code: 'payment_required' },
      x402Version: 1,
      accepts: [{ scheme: 'exact', network: 'base', maxAmountRequired: '10000', payTo: api.payTo, asset: CHAINS.base.usdc }],
      offer: { amount: '10000', amountDecimal: '0.01', currency: 'USDC', intent: 'charge', method: 'x402', scheme: 'exact', network: 'eip155:8453', recipient: api.payTo, payTo: api.payTo },
      price: { amountUsd: '0.01', displayCurrency: 'USD', settlementCurrency: 'USDC', network: 'base', caip2Network: 'eip155:8453', x402Network: 'eip155:8453', minPrice: '0.01', maxPrice: '0.01' },
    });
    expect(body.offer.description).toMatch(/0\.01/);
    expect(body.paymentRequired).toEqual(header);
  });

  it('serves the demo buyer through the official v2 client and settles exactly the price', async () => {
    const demoBuyer = stack.devnet.accounts.demoBuyer;
    const before = await usdcBalance(api.payTo);
    const res = await payingFetch(demoBuyer)(`${api.url}${snapshot.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: aliceOnBase(), chain: 'base' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { metadata: { settlement: { transaction: string } } };
    expect(body).toMatchObject({
      ok: true,
      tool: 'wallet_snapshot',
      pricePaid: { amount: '0.01', currency: 'USDC', network: 'base', x402Network: 'eip155:8453' },
      result: { addressSummary: { address: aliceOnBase(), chain: 'base' } },
      metadata: { dataSourceStatus: 'Demo', settlement: { network: 'eip155:8453', payer: demoBuyer.address } },
    });
    const receipt = decodePaymentResponseHeader(res.headers.get('payment-response')!);
    expect(receipt).toMatchObject({ success: true, network: 'eip155:8453', payer: demoBuyer.address });
    expect(body.metadata.settlement.transaction).toBe(receipt.transaction);
    const mined = await baseClient().getTransactionReceipt({ hash: receipt.transaction as Hex });
    expect(mined.status).toBe('success');
    expect((await usdcBalance(api.payTo)) - before).toBe(PRICE);
  });

  it('accepts the same payment through protocol v1 (X-PAYMENT) and answers X-PAYMENT-RESPONSE', async () => {
    const buyer = await fundedBuyer();
    const before = await usdcBalance(api.payTo);
    const res = await payingFetch(buyer, { protocol: 1 })(`${api.url}${snapshot.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: aliceOnBase(), chain: 'base' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('payment-response')).toBeNull();
    const receipt = JSON.parse(Buffer.from(res.headers.get('x-payment-response')!, 'base64').toString('utf8'));
    expect(receipt).toMatchObject({ success: true, network: 'base', payer: buyer.address });
    expect((await usdcBalance(api.payTo)) - before).toBe(PRICE);
    expect((await usdcBalance(buyer.address))).toBe(5_000_000n - PRICE);
  });

  it('answers 400 for an invalid address before any payment, and charges nothing', async () => {
    const buyer = await fundedBuyer();
    const res = await payingFetch(buyer)(`${api.url}${snapshot.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: '0x12345', chain: 'base' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('payment-required')).toBeNull();
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'invalid_request', details: { issues: [{ path: 'address' }] } } });
    expect(await usdcBalance(buyer.address)).toBe(5_000_000n);
  });

  it('serves 20 concurrent copies of one payment with exactly one run and one transfer; the others get it replayed or in progress', async () => {
    const buyer = await fundedBuyer();
    const url = `${api.url}${snapshot.path}`;
    const request = { address: aliceOnBase(), chain: 'base' };
    const unpaid = await post(url, request);
    const client = officialPaymentClient(buyer);
    const required = client.getPaymentRequiredResponse((name) => unpaid.headers.get(name), await unpaid.json());
    const headers = client.encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    const before = await usdcBalance(api.payTo);
    const fromBlock = await baseClient().getBlockNumber();

    const answers = await Promise.all(Array.from({ length: 20 }, () => post(url, request, { headers })));
    const served = answers.filter((r) => r.status === 200);
    expect(served.filter((r) => r.headers.get('paysight-replay') === null)).toHaveLength(1);
    const bodies = new Set(await Promise.all(served.map((r) => r.text())));
    expect(bodies.size).toBe(1);
    const refused = (await Promise.all(answers.filter((r) => r.status !== 200).map((r) => r.json()))) as ErrorBody[];
    for (const body of refused) expect(body.error.code).toBe('payment_in_progress');

    expect((await usdcBalance(api.payTo)) - before).toBe(PRICE);
    const transfers = await baseClient().getLogs({
      address: CHAINS.base.usdc,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      args: { from: buyer.address, to: api.payTo },
      fromBlock,
    });
    expect(transfers).toHaveLength(1);

    const again = await post(url, request, { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('paysight-replay')).toBe('true');
    expect(bodies.has(await again.text())).toBe(true);
    expect((await usdcBalance(api.payTo)) - before).toBe(PRICE);
  });
});

describe('when the facilitator is down', () => {
  it('answers 503 and charges nothing', async () => {
    const facilitator = await startLocalFacilitator({ rpcUrl: stack.devnet.chains.base.rpcUrl, privateKey: stack.devnet.accounts.facilitator.privateKey });
    const api = await startTestApi({ facilitatorUrl: facilitator.url });
    try {
      await facilitator.close();
      const buyer = await fundedBuyer();
      const res = await payingFetch(buyer)(`${api.url}${snapshot.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: aliceOnBase(), chain: 'base' }),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ok: false, error: { code: 'facilitator_unavailable' } });
      expect(await usdcBalance(buyer.address)).toBe(5_000_000n);
      expect(await usdcBalance(api.payTo)).toBe(0n);
    } finally {
      await api.close();
    }
  });
});

function baseClient() {
  return createPublicClient({ transport: http(stack.devnet.chains.base.rpcUrl, { retryCount: 0 }) });
}
