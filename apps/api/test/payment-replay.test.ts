import { randomBytes } from 'node:crypto';
import { CHAINS, type ChainSource, type ErrorBody, type Store, fingerprint, priceOf, toolById } from '@paysight/contracts';
import { PAYMENT_RESPONSE_META_KEY, REPLAY_META_KEY } from '@paysight/mcp-adapter';
import { openStore } from '@paysight/store';
import { devnetChainSource, fundedBuyer, officialPaymentClient, readTestStack, usdcBalance } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { decodePaymentResponseHeader } from '@x402/fetch';
import { createPublicClient, http, parseAbiItem } from 'viem';
import { connectMcp } from './mcp-fixture.js';
import { paymentRequiredOf } from './x402-mcp-client.js';

const snapshot = toolById('wallet_snapshot')!;
const txStatus = toolById('tx_status')!;
const savedReport = toolById('saved_report')!;
const stack = readTestStack();
const alice = () => stack.devnet.scenario.chains.base.wallets.alice!.address;
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** The devnet chain source, counting every read a tool makes (the paid-call service's own chain look-ups excluded). */
function countingChainSource(): { source: ChainSource; reads: () => number } {
  let reads = 0;
  const inner = devnetChainSource();
  const source = new Proxy(inner, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const counted = property !== 'chains' && property !== 'coverage';
      return (...args: unknown[]) => {
        if (counted) reads += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { source, reads: () => reads };
}

describe('presenting a settled payment again', () => {
  let api: TestApi;
  let chainReads: () => number;
  beforeAll(async () => {
    const counting = countingChainSource();
    chainReads = counting.reads;
    api = await startTestApi({ chainSource: counting.source });
  });
  afterAll(() => api.close());

  /** The PAYMENT-SIGNATURE headers the official client signs for `entry` and `body` from our 402. */
  async function signedFor(entry: typeof snapshot, body: unknown, maxUsd = '1') {
    const buyer = await fundedBuyer();
    const unpaid = await post(`${api.url}${entry.path}`, body);
    expect(unpaid.status).toBe(402);
    const client = officialPaymentClient(buyer, maxUsd);
    const required = client.getPaymentRequiredResponse((name) => unpaid.headers.get(name), await unpaid.json());
    return { buyer, headers: client.encodePaymentSignatureHeader(await client.createPaymentPayload(required)) };
  }

  it('REST: 200 with the same body and the same PAYMENT-RESPONSE, marked Paysight-Replay, the tool not run again, the payer debited once', async () => {
    const body = { address: alice(), chain: 'base' };
    const { buyer, headers } = await signedFor(snapshot, body);
    const fromBlock = await baseClient().getBlockNumber();
    const first = await post(`${api.url}${snapshot.path}`, body, headers);
    expect(first.status).toBe(200);
    expect(first.headers.get('paysight-replay')).toBeNull();
    const firstBody = await first.text();
    const readsAfterFirst = chainReads();
    expect(readsAfterFirst).toBeGreaterThan(0);

    for (let i = 0; i < 2; i++) {
      const again = await post(`${api.url}${snapshot.path}`, body, headers);
      expect(again.status).toBe(200);
      expect(again.headers.get('paysight-replay')).toBe('true');
      expect(again.headers.get('payment-response')).toBe(first.headers.get('payment-response'));
      // The served body as it was: same requestId, x402RequestId and generatedAt.
      expect(await again.text()).toBe(firstBody);
    }
    expect(chainReads()).toBe(readsAfterFirst);

    const receipt = decodePaymentResponseHeader(first.headers.get('payment-response')!);
    expect(JSON.parse(firstBody)).toMatchObject({ metadata: { settlement: { transaction: receipt.transaction } } });
    const price = BigInt(priceOf(snapshot).atomic);
    expect(await usdcBalance(buyer.address)).toBe(5_000_000n - price);
    expect(await usdcBalance(api.payTo)).toBeGreaterThanOrEqual(price);
    const transfers = await baseClient().getLogs({
      address: CHAINS.base.usdc,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      args: { from: buyer.address },
      fromBlock,
    });
    expect(transfers).toHaveLength(1);
  });

  it('REST: the same payment with another body is 409 payment_bound_to_other_request, nothing run or charged', async () => {
    const body = { address: alice(), chain: 'base' };
    const { buyer, headers } = await signedFor(snapshot, body);
    expect((await post(`${api.url}${snapshot.path}`, body, headers)).status).toBe(200);
    const reads = chainReads();
    const other = await post(`${api.url}${snapshot.path}`, { address: buyer.address, chain: 'base' }, headers);
    expect(other.status).toBe(409);
    expect(((await other.json()) as ErrorBody).error).toMatchObject({ code: 'payment_bound_to_other_request', details: { toolId: 'wallet_snapshot' } });
    expect(other.headers.get('payment-response')).toBeNull();
    expect(chainReads()).toBe(reads);
    expect(await usdcBalance(buyer.address)).toBe(5_000_000n - BigInt(priceOf(snapshot).atomic));
  });

  it('REST: a payment made out for one route is refused on another route of the same price (402 payment_mismatch on resource.url), before and after it settled', async () => {
    expect(txStatus.price).toBe(snapshot.price);
    const body = { address: alice(), chain: 'base' };
    const { buyer, headers } = await signedFor(snapshot, body);
    const otherRoute = { transactionHash: `0x${'12'.repeat(32)}`, chain: 'base' };
    for (const when of ['before', 'after']) {
      const elsewhere = await post(`${api.url}${txStatus.path}`, otherRoute, headers);
      expect(elsewhere.status).toBe(402);
      const error = ((await elsewhere.json()) as ErrorBody).error;
      expect(error).toMatchObject({ code: 'payment_mismatch', details: { mismatches: [{ field: 'resource.url', expected: `${api.url}${txStatus.path}`, received: `${api.url}${snapshot.path}` }] } });
      if (when === 'before') expect((await post(`${api.url}${snapshot.path}`, body, headers)).status).toBe(200);
    }
    expect(await usdcBalance(buyer.address)).toBe(5_000_000n - BigInt(priceOf(snapshot).atomic));
  });

  it('REST: a saved report replayed names the same saved report, and no second one is saved', async () => {
    const body = savedReport.example as Record<string, unknown>;
    const { buyer, headers } = await signedFor(savedReport, { ...body, address: alice() }, '1');
    const request = { ...body, address: alice() };
    const first = await post(`${api.url}${savedReport.path}`, request, headers);
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as { savedReportUrl?: string; result?: { savedReportUrl?: string } };
    const url = firstBody.savedReportUrl ?? firstBody.result?.savedReportUrl;
    expect(url).toMatch(/^http/);
    // The tool does not run again (no chain read), so it saves nothing again.
    const reads = chainReads();
    const again = await post(`${api.url}${savedReport.path}`, request, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('paysight-replay')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(chainReads()).toBe(reads);
    expect(await usdcBalance(buyer.address)).toBe(5_000_000n - BigInt(priceOf(savedReport).atomic));
  });

  describe('over MCP', () => {
    let client: Client;
    beforeAll(async () => {
      client = await connectMcp(`${api.url}/api/mcp`);
    });
    afterAll(() => client.close());

    it.each(['arguments.x402Payment', '_meta["x402/payment"]'] as const)('the same payment in %s again: the same result and receipt, _meta marks the replay, one charge', async (carrier) => {
      const args = { address: alice(), chain: 'base' };
      const buyer = await fundedBuyer();
      const payer = officialPaymentClient(buyer);
      const unpaid = (await client.callTool({ name: snapshot.mcpName, arguments: args })) as CallToolResult;
      const payload = await payer.createPaymentPayload(paymentRequiredOf(unpaid)!);
      const present = async () =>
        (carrier === '_meta["x402/payment"]'
          ? await client.callTool({ name: snapshot.mcpName, arguments: args, _meta: { 'x402/payment': payload } })
          : await client.callTool({ name: snapshot.mcpName, arguments: { ...args, x402Payment: payer.encodePaymentSignatureHeader(payload)['PAYMENT-SIGNATURE'] } })) as CallToolResult;
      const paid = await present();
      expect(paid.isError).toBeFalsy();
      expect(paid._meta?.[REPLAY_META_KEY]).toBeUndefined();
      const reads = chainReads();

      const again = await present();
      expect(again.isError).toBeFalsy();
      expect(again.structuredContent).toEqual(paid.structuredContent);
      expect(again._meta).toMatchObject({ [PAYMENT_RESPONSE_META_KEY]: paid._meta?.[PAYMENT_RESPONSE_META_KEY], [REPLAY_META_KEY]: true });
      expect((again.content[0] as { text: string }).text).toMatch(/not charged again/);
      expect(chainReads()).toBe(reads);
      expect(await usdcBalance(buyer.address)).toBe(5_000_000n - BigInt(priceOf(snapshot).atomic));
    });
  });
});

describe('after the retention (PAID_RESULT_RETENTION_DAYS, default 7)', () => {
  // A store opened here, not through openTestStore, for the SQL beneath its ports (to age a row as eight days would).
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const schema = `t_replay_${randomBytes(6).toString('hex')}`;
  let store: Store;
  const sql = () => (store as unknown as { db: { query(text: string, params?: unknown[]): Promise<unknown[]> } }).db;
  beforeAll(async () => {
    store = await openStore(databaseUrl ? { databaseUrl, schema } : { dataDir: 'memory://' });
  });
  afterAll(async () => {
    if (databaseUrl) await sql().query(`DROP SCHEMA ${schema} CASCADE`);
    await store.close();
  });

  it('an instance starting prunes answers older than the retention; the replay is then 410 result_expired with the settlement and the hash', async () => {
    const first = await startTestApi({ store });
    const body = { address: alice(), chain: 'base' };
    const buyer = await fundedBuyer();
    const unpaid = await post(`${first.url}${snapshot.path}`, body);
    const client = officialPaymentClient(buyer);
    const headers = client.encodePaymentSignatureHeader(await client.createPaymentPayload(client.getPaymentRequiredResponse((name) => unpaid.headers.get(name), await unpaid.json())));
    const paid = await post(`${first.url}${snapshot.path}`, body, headers);
    expect(paid.status).toBe(200);
    const served = await paid.json();
    const { transaction } = decodePaymentResponseHeader(paid.headers.get('payment-response')!);
    await first.close();

    const [row] = await store.ledger.list({ state: 'settled', limit: 10 });
    expect(row).toMatchObject({ settlementTx: transaction, resultJson: served, resultHash: fingerprint(served) });
    await sql().query(`UPDATE payment_ledger SET updated_at = now() - interval '8 days' WHERE x402_request_id = $1`, [row!.x402RequestId]);

    const second = await startTestApi({ store, payTo: first.payTo });
    try {
      for (let poll = 0; poll < 100 && (await store.ledger.get(row!.x402RequestId))?.resultJson !== null; poll++) await new Promise((r) => setTimeout(r, 50));
      expect(await store.ledger.get(row!.x402RequestId)).toMatchObject({ state: 'settled', resultJson: null, resultHash: fingerprint(served) });
      const expired = await post(`${second.url}${snapshot.path}`, body, headers);
      expect(expired.status).toBe(410);
      expect(((await expired.json()) as ErrorBody).error).toMatchObject({
        code: 'result_expired',
        details: { x402RequestId: row!.x402RequestId, settlementTx: transaction, resultHash: fingerprint(served) },
      });
      expect(await usdcBalance(buyer.address)).toBe(5_000_000n - BigInt(priceOf(snapshot).atomic));
    } finally {
      await second.close();
    }
  });
});

function baseClient() {
  return createPublicClient({ transport: http(stack.devnet.chains.base.rpcUrl, { retryCount: 0 }) });
}
