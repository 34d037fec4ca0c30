import { CHAIN_NAMES, CHAINS, type ErrorBody, priceOf, toolById } from '@paysight/contracts';
import { freshAccount } from '@paysight/devnet';
import { PAYMENT_RESPONSE_META_KEY, REPLAY_META_KEY } from '@paysight/mcp-adapter';
import { fundedBuyer, officialPaymentClient, readTestStack, usdcBalance } from '@paysight/testkit';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createPublicClient, http, parseAbi, parseAbiItem, type Address, type Hex } from 'viem';
import { DEVNET_RECEIPT_SIGNING_KEY } from '../src/config.js';
import { countingRpcProxy, scratchDatabase, startApiProcess, type ApiProcess, type CountingProxy } from './api-process.js';
import { connectMcp } from './mcp-fixture.js';
import { paymentRequiredOf } from './x402-mcp-client.js';

jest.setTimeout(180_000);

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const PRESENTATIONS = 100;
const AFTERWARDS = 20;
const MCP_PRESENTATIONS = 6;
/** The load balancer's origin, configured on both instances as a deployment would: offers and saved-report links name it. */
const PUBLIC_BASE_URL = 'http://paysight-lb.test';

const snapshot = toolById('wallet_snapshot')!;
const savedReport = toolById('saved_report')!;
const stack = readTestStack();
// The tool reads Ethereum; each instance reaches it through a proxy of its own, counting that instance's tool reads.
const input = { address: stack.devnet.scenario.chains.base.wallets.alice!.address, chain: 'ethereum' };
const price = BigInt(priceOf(snapshot).atomic);
const base = createPublicClient({ transport: http(stack.devnet.chains.base.rpcUrl, { retryCount: 0 }) });
const usedAbi = parseAbi(['function authorizationState(address authorizer, bytes32 nonce) view returns (bool)']);

const post = (url: string, headers: Record<string, string> = {}, body: unknown = input) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

interface Instance {
  name: 'A' | 'B';
  api: ApiProcess;
  ethereumReads: CountingProxy;
}

interface Answer {
  instance: Instance['name'];
  status: number;
  replay: string | null;
  paymentResponse: string | null;
  text: string;
}

/** Waits (bounded) until a stopping instance no longer accepts connections. */
async function refusesConnections(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    // Not the health check: it reads the chains, which the test holds.
    const refused = await fetch(`${url}/llms.txt`).then(
      () => false,
      () => true,
    );
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} still accepts connections`);
}

async function onChain(buyer: Address, nonce: Hex, fromBlock: bigint) {
  const transfers = await base.getLogs({
    address: CHAINS.base.usdc,
    event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
    args: { from: buyer },
    fromBlock,
  });
  const used = await base.readContract({ address: CHAINS.base.usdc, abi: usedAbi, functionName: 'authorizationState', args: [buyer, nonce] });
  return { transfers: transfers.length, used, balance: await usdcBalance(buyer) };
}

if (!TEST_DATABASE_URL) process.stderr.write('Skipping the two-instance tests: they need a real PostgreSQL in TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).\n');

(TEST_DATABASE_URL ? describe : describe.skip)('two API processes on one PostgreSQL', () => {
  const scratch = scratchDatabase('paysight_multi', TEST_DATABASE_URL ?? 'postgres://unset/none');
  const databaseUrl = scratch.url;
  const payTo = freshAccount().address;
  const instances: Instance[] = [];
  const ledgerRow = (nonce: Hex) => scratch.rows('SELECT state, attempts FROM payment_ledger WHERE nonce = $1', [nonce.toLowerCase()]);

  beforeAll(async () => {
    await scratch.create();
    // Both start at once on the empty database: their migrations race as a rolling deployment's would.
    const started = await Promise.allSettled(
      (['A', 'B'] as const).map(async (name): Promise<Instance> => {
        const ethereumReads = await countingRpcProxy(stack.devnet.chains.ethereum.rpcUrl);
        const rpcUrls = Object.fromEntries(CHAIN_NAMES.map((chain) => [`RPC_URL_${chain.toUpperCase()}`, chain === 'ethereum' ? ethereumReads.url : stack.devnet.chains[chain].rpcUrl]));
        const api = await startApiProcess({
          ...rpcUrls,
          CHAIN_DATA_MODE: 'demo',
          RPC_RETRY_COUNT: '0',
          PAYEE_ADDRESS: payTo,
          // Every instance signs with the same key: one published receipt signer.
          RECEIPT_SIGNING_KEY: DEVNET_RECEIPT_SIGNING_KEY,
          FACILITATOR_URL: stack.facilitatorUrl,
          DATABASE_URL: databaseUrl,
          PUBLIC_BASE_URL,
          LOG_LEVEL: 'silent',
        }).catch(async (error: unknown) => {
          await ethereumReads.close();
          throw error;
        });
        return { name, api, ethereumReads };
      }),
    );
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  });

  afterAll(async () => {
    await Promise.all(
      instances.map(async ({ api, ethereumReads }) => {
        await api.close();
        await ethereumReads.close();
      }),
    );
    await scratch.drop();
  });

  const reads = () => instances.map(({ ethereumReads }) => ethereumReads.requests());

  it(`REST: one payment presented ${PRESENTATIONS} times at once over both instances settles once and runs the tool once; every other answer is the stored result or 409 payment_in_progress`, async () => {
    const [a, b] = instances as [Instance, Instance];
    const buyer = await fundedBuyer();
    const unpaid = await post(`${a.api.url}${snapshot.path}`);
    expect(unpaid.status).toBe(402);
    const client = officialPaymentClient(buyer);
    const payload = await client.createPaymentPayload(client.getPaymentRequiredResponse((name) => unpaid.headers.get(name), await unpaid.json()));
    const nonce = (payload.payload as { authorization: { nonce: Hex } }).authorization.nonce;
    const headers = client.encodePaymentSignatureHeader(payload);
    const fromBlock = await base.getBlockNumber();
    expect(reads()).toEqual([0, 0]);

    const present = async (instance: Instance): Promise<Answer> => {
      const response = await post(`${instance.api.url}${snapshot.path}`, headers);
      return { instance: instance.name, status: response.status, replay: response.headers.get('paysight-replay'), paymentResponse: response.headers.get('payment-response'), text: await response.text() };
    };
    const answers = await Promise.all(Array.from({ length: PRESENTATIONS }, (_, i) => present(i % 2 ? b : a)));

    expect(answers.filter(({ status }) => status !== 200 && status !== 409)).toEqual([]);
    const fresh = answers.filter(({ status, replay }) => status === 200 && replay === null);
    expect(fresh).toHaveLength(1);
    const [served] = fresh as [Answer];
    const replays = answers.filter(({ status, replay }) => status === 200 && replay === 'true');
    for (const replay of replays) expect(replay).toEqual({ ...served, instance: replay.instance, replay: 'true' });
    const busy = answers.filter(({ status }) => status === 409);
    const x402RequestId = (JSON.parse(served.text) as { metadata: { x402RequestId: string } }).metadata.x402RequestId;
    for (const answer of busy) {
      expect(JSON.parse(answer.text)).toEqual({ ok: false, error: { code: 'payment_in_progress', message: expect.any(String), details: { x402RequestId } } } satisfies ErrorBody);
      expect(answer.paymentResponse).toBeNull();
    }
    expect(fresh.length + replays.length + busy.length).toBe(PRESENTATIONS);

    // One tool run: one claim in the ledger, and chain reads only by the instance that served it.
    expect(await ledgerRow(nonce)).toEqual([{ state: 'settled', attempts: 1 }]);
    const winner = instances.findIndex(({ name }) => name === served.instance);
    const readsAfter = reads();
    expect(readsAfter[winner]).toBeGreaterThan(0);
    expect(readsAfter[1 - winner]).toBe(0);
    // One settlement: one Transfer from the payer, its authorization used, debited once.
    await expect(onChain(buyer.address, nonce, fromBlock)).resolves.toEqual({ transfers: 1, used: true, balance: 5_000_000n - price });

    // Afterwards each instance serves the stored result, running nothing, to copies presented at once too.
    const again = await Promise.all(Array.from({ length: AFTERWARDS }, (_, i) => present(i % 2 ? b : a)));
    for (const answer of again) expect(answer).toEqual({ ...served, instance: answer.instance, replay: 'true' });
    expect(reads()).toEqual(readsAfter);
    await expect(onChain(buyer.address, nonce, fromBlock)).resolves.toMatchObject({ transfers: 1, balance: 5_000_000n - price });
    expect(await usdcBalance(payTo)).toBe(price);
  });

  it('REST: a report saved through one instance is served by the other', async () => {
    const [a, b] = instances as [Instance, Instance];
    const request = { ...(savedReport.example as Record<string, unknown>), address: input.address };
    const unpaid = await post(`${a.api.url}${savedReport.path}`, {}, request);
    const client = officialPaymentClient(await fundedBuyer());
    const headers = client.encodePaymentSignatureHeader(await client.createPaymentPayload(client.getPaymentRequiredResponse((name) => unpaid.headers.get(name), await unpaid.json())));
    const paid = await post(`${a.api.url}${savedReport.path}`, headers, request);
    expect(paid.status).toBe(200);
    const body = (await paid.json()) as { savedReportUrl?: string; result?: { savedReportUrl?: string } };
    const link = new URL((body.savedReportUrl ?? body.result?.savedReportUrl)!);
    expect(link.origin).toBe(PUBLIC_BASE_URL);
    const pages = await Promise.all([a, b].map((instance) => fetch(`${instance.api.url}${link.pathname}`, { headers: { accept: 'application/json' } })));
    expect(pages.map(({ status }) => status)).toEqual([200, 200]);
    const [fromA, fromB] = await Promise.all(pages.map((page) => page.json()));
    expect(fromB).toEqual(fromA);
  });

  describe('MCP', () => {
    const clients: Client[] = [];
    /** A client behind a load balancer without sticky sessions: each of its HTTP requests goes to the next instance. */
    let roundRobin: Client;
    const visited = new Set<string>();
    beforeAll(async () => {
      for (const { api } of instances) clients.push(await connectMcp(`${api.url}/api/mcp`));
      let next = 0;
      roundRobin = await connectMcp(`${instances[0]!.api.url}/api/mcp`, (url, init) => {
        const target = new URL(String(url));
        const { api } = instances[next++ % instances.length]!;
        visited.add(api.url);
        return fetch(`${api.url}${target.pathname}${target.search}`, init);
      });
    });
    afterAll(() => Promise.all([...clients, roundRobin].map((client) => client.close())));

    it(`one payment in ${MCP_PRESENTATIONS} concurrent tools/call over both instances: one run, one charge, the others the stored result or payment_in_progress; replays also through a client without sticky sessions`, async () => {
      const buyer = await fundedBuyer();
      const payer = officialPaymentClient(buyer);
      const unpaid = (await roundRobin.callTool({ name: snapshot.mcpName, arguments: input })) as CallToolResult;
      const payload = await payer.createPaymentPayload(paymentRequiredOf(unpaid)!);
      const nonce = (payload.payload as { authorization: { nonce: Hex } }).authorization.nonce;
      const fromBlock = await base.getBlockNumber();
      const readsBefore = reads();
      const call = (client: Client) => client.callTool({ name: snapshot.mcpName, arguments: input, _meta: { 'x402/payment': payload } }) as Promise<CallToolResult>;

      const results = await Promise.all(Array.from({ length: MCP_PRESENTATIONS }, (_, i) => call(clients[i % 2]!)));

      const ok = results.filter((result) => !result.isError);
      const fresh = ok.filter((result) => !result._meta?.[REPLAY_META_KEY]);
      expect(fresh).toHaveLength(1);
      const [served] = fresh as [CallToolResult];
      for (const replay of ok.filter((result) => result._meta?.[REPLAY_META_KEY])) {
        expect(replay.structuredContent).toEqual(served.structuredContent);
        expect(replay._meta?.[PAYMENT_RESPONSE_META_KEY]).toEqual(served._meta?.[PAYMENT_RESPONSE_META_KEY]);
      }
      for (const refused of results.filter((result) => result.isError)) {
        expect(refused.structuredContent).toMatchObject({ status: 'error', httpStatus: 409, error: { code: 'payment_in_progress' } });
      }
      expect(await ledgerRow(nonce)).toEqual([{ state: 'settled', attempts: 1 }]);
      const grew = reads().map((count, i) => count - readsBefore[i]!);
      expect(grew.filter((count) => count > 0)).toHaveLength(1);
      await expect(onChain(buyer.address, nonce, fromBlock)).resolves.toEqual({ transfers: 1, used: true, balance: 5_000_000n - price });

      const readsAfter = reads();
      for (const client of [...clients, roundRobin, roundRobin]) {
        const again = await call(client);
        expect(again.isError).toBeFalsy();
        expect(again._meta?.[REPLAY_META_KEY]).toBe(true);
        expect(again.structuredContent).toEqual(served.structuredContent);
      }
      expect(reads()).toEqual(readsAfter);
      expect(visited.size).toBe(instances.length);
    });
  });

  // Last: it stops instance A.
  it('REST: an instance stopped (SIGTERM, as a rolling deployment does) while serving a paid call finishes it first; meanwhile the other answers 409, afterwards the stored result', async () => {
    const [a, b] = instances as [Instance, Instance];
    const buyer = await fundedBuyer();
    const unpaid = await post(`${b.api.url}${snapshot.path}`);
    const client = officialPaymentClient(buyer);
    const payload = await client.createPaymentPayload(client.getPaymentRequiredResponse((name) => unpaid.headers.get(name), await unpaid.json()));
    const nonce = (payload.payload as { authorization: { nonce: Hex } }).authorization.nonce;
    const headers = client.encodePaymentSignatureHeader(payload);
    const fromBlock = await base.getBlockNumber();

    a.ethereumReads.hold();
    const answer = post(`${a.api.url}${snapshot.path}`, headers);
    await a.ethereumReads.held(); // the payment is claimed and the tool is reading the chain
    const exited = a.api.close();
    await refusesConnections(a.api.url);
    const meanwhile = await post(`${b.api.url}${snapshot.path}`, headers);
    expect(meanwhile.status).toBe(409);
    expect(((await meanwhile.json()) as ErrorBody).error.code).toBe('payment_in_progress');
    a.ethereumReads.release();

    const paid = await answer;
    expect(paid.status).toBe(200);
    expect(paid.headers.get('paysight-replay')).toBeNull();
    const served = await paid.text();
    await expect(exited).resolves.toBe(0);
    const again = await post(`${b.api.url}${snapshot.path}`, headers);
    expect({ status: again.status, replay: again.headers.get('paysight-replay'), body: await again.text() }).toEqual({ status: 200, replay: 'true', body: served });
    expect(await ledgerRow(nonce)).toEqual([{ state: 'settled', attempts: 1 }]);
    await expect(onChain(buyer.address, nonce, fromBlock)).resolves.toEqual({ transfers: 1, used: true, balance: 5_000_000n - price });
  });
});
