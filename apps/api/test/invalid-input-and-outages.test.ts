import { CATALOG, priceOf } from '@paysight/contracts';
import { createJsonRpcChainSource } from '@paysight/chain-data';
import { devnetChainSourceConfig } from '@paysight/devnet';
import { fundedBuyer, payingFetch, readTestStack, usdcBalance } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { createServer } from 'node:net';

const stack = readTestStack();
const base = stack.devnet.scenario.chains.base;
const ADDRESS = base.wallets.alice!.address;
const HASH = base.transactions['alice-pays-bob-dusd']!.hash;
const walletAndTxTools = CATALOG.filter((t) => t.family === 'wallet' || t.family === 'tx');

/** A valid body for each wallet or transaction tool, and the field that carries the subject. */
function validBody(id: string): Record<string, unknown> {
  if (id === 'batch_wallet_snapshot') return { addresses: [ADDRESS], chain: 'base' };
  if (id === 'tx_status' || id === 'tx_decode') return { transactionHash: HASH, chain: 'base' };
  return { address: ADDRESS, chain: 'base' };
}

function invalidBodies(id: string): [string, Record<string, unknown>][] {
  const body = validBody(id);
  const subject = 'addresses' in body ? { addresses: ['0x1234'] } : 'transactionHash' in body ? { transactionHash: '0xabc' } : { address: 'not-an-address' };
  return [
    ['a malformed subject', { ...body, ...subject }],
    ['an unknown chain', { ...body, chain: 'solana' }],
    ['notes over 1200 characters', { ...body, notes: 'n'.repeat(1201) }],
    ['an unknown field', { ...body, adress: ADDRESS }],
  ];
}

describe('every wallet and transaction endpoint', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  describe.each(walletAndTxTools.map((t) => [t.path, t] as const))('%s', (_path, tool) => {
    it.each(invalidBodies(tool.id))('answers 400 for %s before any payment, charging nothing', async (_label, body) => {
      const buyer = await fundedBuyer();
      const res = await payingFetch(buyer)(`${api.url}${tool.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      expect(res.headers.get('payment-required')).toBeNull();
      expect(await res.json()).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      expect(await usdcBalance(buyer.address)).toBe(5_000_000n);
    });

    it('asks for its catalog price for a valid request', async () => {
      const res = await fetch(`${api.url}${tool.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(validBody(tool.id)) });
      expect(res.status).toBe(402);
      const offer = JSON.parse(Buffer.from(res.headers.get('payment-required')!, 'base64').toString('utf8'));
      expect(offer.accepts[0].amount).toBe(priceOf(tool).atomic);
    });
  });

  it.each(CATALOG.filter((t) => t.family === 'trust').map((t) => [t.path, t] as const))(
    '%s answers an unknown chain with 400 and the chains it serves, and a CAIP-2 chain with its price',
    async (_path, tool) => {
      const buyer = await fundedBuyer();
      const example = tool.example as Record<string, unknown>;
      const post = (body: unknown) => payingFetch(buyer)(`${api.url}${tool.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const unknown = await post({ ...example, chain: 'solana' });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ error: { code: 'invalid_request', details: { servedChains: ['ethereum', 'base', 'polygon', 'arbitrum', 'optimism'] } } });
      expect(await usdcBalance(buyer.address)).toBe(5_000_000n);
      const byId = await fetch(`${api.url}${tool.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...example, chain: 'eip155:8453' }) });
      expect(byId.status).toBe(402);
    },
  );

  it('rejects bodies that are not JSON objects', async () => {
    const post = (body: string, type = 'application/json') => fetch(`${api.url}/api/x402/wallet-snapshot`, { method: 'POST', headers: { 'content-type': type }, body });
    expect((await post('{"address":')).status).toBe(400);
    expect((await post('[1,2]')).status).toBe(400);
    expect((await post('address=0x1', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await fetch(`${api.url}/api/x402/wallet-snapshot`)).status).toBe(405);
  });
});

describe('when chain data is unavailable', () => {
  it('answers 503 to a paid call whose chain node is down, and charges nothing', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const { rpc } = devnetChainSourceConfig(stack.devnet, { retryCount: 0 });
    const chainSource = createJsonRpcChainSource({ ...rpc, chains: { ...rpc.chains, polygon: { rpcUrl: `http://127.0.0.1:${closedPort}`, demo: true } } });
    const api = await startTestApi({ chainSource });
    try {
      for (const tool of walletAndTxTools) {
        const buyer = await fundedBuyer(10_000_000n);
        const res = await payingFetch(buyer, { maxUsd: tool.price })(`${api.url}${tool.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...validBody(tool.id), chain: 'polygon' }),
        });
        expect([tool.id, res.status]).toEqual([tool.id, 503]);
        expect(await res.json()).toMatchObject({ ok: false, error: { code: 'chain_unavailable' } });
        expect(await usdcBalance(buyer.address)).toBe(10_000_000n);
      }
      expect(await usdcBalance(api.payTo)).toBe(0n);
    } finally {
      await api.close();
    }
  });
});
