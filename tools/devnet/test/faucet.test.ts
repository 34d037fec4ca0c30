import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAINS } from '@paysight/contracts';
import { erc20Abi, parseEventLogs, zeroAddress } from 'viem';
import { type Devnet, FaucetError, freshAccount, fundAccount, startDevnet } from '../src/index.js';
import { publicClient, START_TIMEOUT_MS } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ seed: false });
}, START_TIMEOUT_MS);
afterAll(() => devnet?.close());

async function post(path: string, body: string, method = 'POST') {
  const response = await fetch(new URL(path, devnet.faucetUrl), { method, headers: { 'content-type': 'application/json' }, ...(method === 'POST' && { body }) });
  return { status: response.status, body: (await response.json()) as { ok: boolean; error?: { code: string; details?: unknown } } };
}

describe('faucet', () => {
  it('lands every one of many concurrent requests, on one chain and across chains', async () => {
    const accounts = Array.from({ length: 6 }, () => freshAccount());
    const requests = accounts.flatMap((account, i) => [
      { chain: 'base' as const, address: account.address, native: 1_000n + BigInt(i), usdc: 2_000n + BigInt(i) },
      { chain: 'base' as const, address: account.address, native: 10n },
      { chain: 'polygon' as const, address: account.address, usdc: 5n },
    ]);
    const results = await Promise.all(requests.map((request) => fundAccount(devnet.faucetUrl, request)));

    const hashes = results.flatMap((r) => r.transactions);
    expect(hashes).toHaveLength(requests.length + accounts.length);
    expect(new Set(hashes).size).toBe(hashes.length);

    const base = publicClient(devnet, 'base');
    const polygon = publicClient(devnet, 'polygon');
    for (const [i, account] of accounts.entries()) {
      expect(await base.getBalance({ address: account.address })).toBe(1_010n + BigInt(i));
      expect(await base.readContract({ address: CHAINS.base.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })).toBe(2_000n + BigInt(i));
      expect(await polygon.readContract({ address: CHAINS.polygon.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })).toBe(5n);
    }
  });

  it('sends native coin in a real transaction and mints USDC as a Transfer from the zero address', async () => {
    const account = freshAccount();
    const { transactions } = await fundAccount(devnet.faucetUrl, { chain: 'arbitrum', address: account.address, native: 7n, usdc: 9n });
    const client = publicClient(devnet, 'arbitrum');
    const [native, mint] = await Promise.all(transactions.map((hash) => client.getTransaction({ hash })));
    expect(native).toMatchObject({ from: devnet.accounts.faucet.address.toLowerCase(), to: account.address.toLowerCase(), value: 7n });
    const receipt = await client.getTransactionReceipt({ hash: mint!.hash });
    expect(parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).map((l) => l.args)).toEqual([
      { from: zeroAddress, to: account.address, value: 9n },
    ]);
  });

  it('refuses invalid requests with the error body and every issue listed', async () => {
    await expect(fundAccount(devnet.faucetUrl, { chain: 'solana' as never, address: '0x1234' as never, native: -1n })).rejects.toMatchObject({
      name: 'FaucetError',
      status: 400,
      code: 'invalid_request',
      details: [
        'chain must be one of ethereum, base, polygon, arbitrum, optimism',
        'address must be a 0x-prefixed 20-byte hex address',
        'native must be a non-negative integer in a string (atomic units)',
      ],
    });
    const account = freshAccount();
    expect(await post('/fund', JSON.stringify({ chain: 'base', address: account.address }))).toMatchObject({
      status: 400,
      body: { ok: false, error: { code: 'invalid_request', details: ['ask for native, usdc or both'] } },
    });
    expect(await post('/fund', '{not json')).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } });
    expect(await post('/fund', JSON.stringify({ pad: 'x'.repeat(20_000) }))).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } });
    expect(await post('/elsewhere', '{}')).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect(await post('/fund', '', 'GET')).toMatchObject({ status: 405, body: { error: { code: 'method_not_allowed' } } });
  });

  it('reports an unreachable faucet as a FaucetError', async () => {
    const other = await startDevnet({ seed: false });
    await other.close();
    const error = await fundAccount(other.faucetUrl, { chain: 'base', address: freshAccount().address, native: 1n }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FaucetError);
    expect(error).toMatchObject({ code: 'faucet_unreachable' });
  }, START_TIMEOUT_MS);

  it('sends a request again once when its connection is reset before any answer (a stale keep-alive socket), not a second time', async () => {
    let resets = 1;
    let requests = 0;
    const proxy = createServer((req, res) => {
      requests += 1;
      if (resets > 0) {
        resets -= 1;
        req.socket.destroy();
        return;
      }
      req.pipe(request(new URL('/fund', devnet.faucetUrl), { method: 'POST', headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      }));
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const funded = await fundAccount(url, { chain: 'base', address: freshAccount().address, native: 1n });
      expect([funded.transactions.length, requests]).toEqual([1, 2]);
      resets = 2;
      requests = 0;
      const error = await fundAccount(url, { chain: 'base', address: freshAccount().address, native: 1n }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'faucet_unreachable' });
      expect(requests).toBe(2);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
