import { CHAINS, type AddressHistory, type AddressHistoryResult } from '@paysight/contracts';
import { getAddress } from 'viem';
import { createEtherscanExplorer, type ExplorerConfig } from '../src/index.js';
import { ExplorerServer, type ExplorerHandler } from './explorer-server.js';
import { closedPortUrl } from './rpc-server.js';

// The explorer adapter against recorded Etherscan API v2 answers, served over HTTP on 127.0.0.1.

const KEY = 'K3Y-SECRET-0123456789ABCDEF';
const SUBJECT = getAddress('0x7a16ff8270133f063aab6c9977183d9e72835428');
const servers: ExplorerServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function serve(handler: ExplorerHandler): Promise<ExplorerServer> {
  const server = await ExplorerServer.start(handler);
  servers.push(server);
  return server;
}

function explorer(url: string, options: Partial<ExplorerConfig> = {}) {
  return createEtherscanExplorer({ url, apiKey: KEY, requestsPerSecond: 1_000, rateLimitRetryDelayMs: 5, ...options });
}

/** Each action answered from its own fixture. */
const byAction: ExplorerHandler = (params) => ({ fixture: params.get('action') as string });

function history(result: AddressHistoryResult): AddressHistory {
  if (result.status !== 'ok') throw new Error(`expected a history, got: ${result.reason}`);
  return result.history;
}

function reason(result: AddressHistoryResult): string {
  if (result.status !== 'unavailable') throw new Error('expected the history to be unavailable');
  expect(result.reason).not.toContain(KEY);
  expect(result.reason).not.toContain('127.0.0.1');
  return result.reason;
}

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

describe('mapping the three lists', () => {
  it('asks each action for the address, newest first, with the key and the chain id', async () => {
    const server = await serve(byAction);
    await explorer(server.url).getAddressHistory('base', { address: SUBJECT, limit: 25, fromBlock: 100n, toBlock: 200n });
    expect(server.requests.map((p) => p.get('action')).sort()).toEqual(['tokentx', 'txlist', 'txlistinternal']);
    for (const params of server.requests) {
      expect(Object.fromEntries([...params.entries()].filter(([name]) => name !== 'action'))).toEqual({
        chainid: '8453',
        module: 'account',
        address: SUBJECT,
        startblock: '100',
        endblock: '200',
        page: '1',
        offset: '26',
        sort: 'desc',
        apikey: KEY,
      });
    }
  });

  it('maps txlist rows: transfers, calls, failures and creations', async () => {
    const server = await serve(byAction);
    const { transactions } = history(await explorer(server.url).getAddressHistory('ethereum', { address: SUBJECT, limit: 25 }));
    expect(server.requests[0]?.get('endblock')).toBe('9999999999');
    expect(transactions).toEqual([
      {
        hash: hash(0xa4),
        blockNumber: 21000450n,
        timestamp: 1730000450n,
        from: getAddress('0x28c6c06298d514db089934071355e5743bf21d60'),
        to: SUBJECT,
        value: 1_500_000_000_000_000_000n,
        status: 'success',
        selector: null,
        gasUsed: 21000n,
        gasPrice: 12_000_000_000n,
        contractCreated: null,
      },
      {
        hash: hash(0xa3),
        blockNumber: 21000300n,
        timestamp: 1730000300n,
        from: SUBJECT,
        to: CHAINS.ethereum.usdc,
        value: 0n,
        status: 'success',
        selector: '0xa9059cbb',
        gasUsed: 45012n,
        gasPrice: 15_000_000_000n,
        contractCreated: null,
      },
      expect.objectContaining({ hash: hash(0xa2), status: 'reverted', selector: '0x23b872dd', gasUsed: 30001n }),
      expect.objectContaining({ hash: hash(0xa1), to: null, contractCreated: getAddress('0x1f98431c8ad98523631ae4a59f267346ea31f984'), selector: '0x60806040', status: 'success' }),
    ]);
  });

  it('maps txlistinternal rows: value calls, creations (to the new contract) and failed calls', async () => {
    const server = await serve(byAction);
    const { internalTransfers } = history(await explorer(server.url).getAddressHistory('ethereum', { address: SUBJECT, limit: 25 }));
    expect(internalTransfers).toEqual([
      { transactionHash: hash(0xb3), blockNumber: 21000400n, timestamp: 1730000400n, from: getAddress('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'), to: SUBJECT, value: 2n * 10n ** 18n, kind: 'call', reverted: false },
      { transactionHash: hash(0xb2), blockNumber: 21000350n, timestamp: 1730000350n, from: SUBJECT, to: getAddress('0x5c69bee701ef814a2b6a3edd4b1652cb9cc5aa6f'), value: 0n, kind: 'create', reverted: false },
      { transactionHash: hash(0xb1), blockNumber: 21000250n, timestamp: 1730000250n, from: getAddress('0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad'), to: SUBJECT, value: 10n ** 17n, kind: 'call', reverted: true },
    ]);
  });

  it('maps tokentx rows, newest log first within a block, and unnamed tokens as null symbol and decimals', async () => {
    const server = await serve(byAction);
    const { tokenTransfers, complete } = history(await explorer(server.url).getAddressHistory('ethereum', { address: SUBJECT, limit: 25 }));
    expect(tokenTransfers).toEqual([
      { transactionHash: hash(0xa3), blockNumber: 21000300n, timestamp: 1730000300n, logIndex: 184, token: getAddress('0x0000000000085d4780b73119b644ae5ecd22b376'), from: getAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045'), to: SUBJECT, value: 1n, symbol: null, decimals: null },
      { transactionHash: hash(0xa3), blockNumber: 21000300n, timestamp: 1730000300n, logIndex: 183, token: CHAINS.ethereum.usdc, from: SUBJECT, to: getAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045'), value: 100_000_000n, symbol: 'USDC', decimals: 6 },
      { transactionHash: hash(0xc1), blockNumber: 21000050n, timestamp: 1730000050n, logIndex: 7, token: getAddress('0x6b175474e89094c44da98b954eedeac495271d0f'), from: getAddress('0x0000000000000000000000000000000000000000'), to: SUBJECT, value: 5000n * 10n ** 18n, symbol: 'DAI', decimals: 18 },
    ]);
    expect(complete).toBe(true);
  });

  it('"No transactions found" is an empty, complete list', async () => {
    const server = await serve(() => ({ fixture: 'no-transactions-found' }));
    expect(await explorer(server.url).getAddressHistory('polygon', { address: SUBJECT, limit: 10 })).toEqual({
      status: 'ok',
      history: { transactions: [], internalTransfers: [], tokenTransfers: [], complete: true },
    });
  });
});

describe('limits and pages', () => {
  /** txlist in pages of three (a new transaction shifted page 2 by one), the other lists empty. */
  const paged: ExplorerHandler = (params) =>
    params.get('action') === 'txlist' ? { fixture: `txlist-page-${params.get('page')}-of-3` } : { fixture: 'no-transactions-found' };

  it('reads every page, drops the row repeated across pages, and is complete when the last page is short', async () => {
    const server = await serve(paged);
    const { transactions, complete } = history(await explorer(server.url, { pageSize: 3 }).getAddressHistory('base', { address: SUBJECT, limit: 10 }));
    expect(transactions.map((t) => t.hash)).toEqual([0, 1, 2, 3, 4, 5].map((i) => hash(0xd00 + i)));
    expect(complete).toBe(true);
    expect(server.calls('txlist').map((p) => [p.get('page'), p.get('offset')])).toEqual([
      ['1', '3'],
      ['2', '3'],
      ['3', '3'],
    ]);
  });

  it('stops once it has more than the limit: the newest entries, not complete', async () => {
    const server = await serve(paged);
    const { transactions, complete } = history(await explorer(server.url, { pageSize: 3 }).getAddressHistory('base', { address: SUBJECT, limit: 4 }));
    expect(transactions.map((t) => t.hash)).toEqual([0, 1, 2, 3].map((i) => hash(0xd00 + i)));
    expect(complete).toBe(false);
    expect(server.calls('txlist')).toHaveLength(2);
  });

  it('asks for one entry more than the limit, so a list of exactly the limit is complete', async () => {
    const server = await serve(byAction);
    const exact = history(await explorer(server.url).getAddressHistory('base', { address: SUBJECT, limit: 4 }));
    expect([exact.transactions.length, exact.complete]).toEqual([4, true]);
    expect(server.calls('txlist')[0]?.get('offset')).toBe('5');
    const cut = history(await explorer(server.url).getAddressHistory('base', { address: SUBJECT, limit: 2 }));
    expect([cut.transactions.map((t) => t.hash), cut.complete]).toEqual([[hash(0xa4), hash(0xa3)], false]);
  });

  it("stays inside the result window: no page past it, and what is beyond is reported incomplete", async () => {
    const server = await serve(paged);
    const { transactions, complete } = history(await explorer(server.url, { pageSize: 3, resultWindow: 6 }).getAddressHistory('base', { address: SUBJECT, limit: 10 }));
    expect(transactions).toHaveLength(5);
    expect(complete).toBe(false);
    expect(server.calls('txlist').map((p) => p.get('page'))).toEqual(['1', '2']);
  });

  it('an explorer with a smaller window: its refusal of page 2 keeps page 1, incomplete; of page 1 it is unavailable', async () => {
    const server = await serve((params) =>
      params.get('action') !== 'txlist' ? { fixture: 'no-transactions-found' } : params.get('page') === '1' ? { fixture: 'txlist-page-1-of-3' } : { fixture: 'result-window-too-large' },
    );
    const { transactions, complete } = history(await explorer(server.url, { pageSize: 3 }).getAddressHistory('base', { address: SUBJECT, limit: 10 }));
    expect([transactions.length, complete]).toEqual([3, false]);

    const refusing = await serve(() => ({ fixture: 'result-window-too-large' }));
    expect(reason(await explorer(refusing.url).getAddressHistory('base', { address: SUBJECT, limit: 10 }))).toMatch(/^Base explorer \((txlist|txlistinternal|tokentx)\): Result window is too large, PageNo x Offset size must be less than or equal to 10000$/);
  });
});

describe('failures are unavailable, with a short reason and never the key', () => {
  it.each([
    ['invalid-api-key', 'Invalid API Key'],
    ['missing-api-key', 'Missing/Invalid API Key'],
    ['free-tier-chain', 'Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage. https://etherscan.io/apis'],
  ])('%s', async (name, detail) => {
    const server = await serve((params) => (params.get('action') === 'tokentx' ? { fixture: name } : { fixture: params.get('action') as string }));
    expect(reason(await explorer(server.url).getAddressHistory('optimism', { address: SUBJECT, limit: 10 }))).toBe(`OP Mainnet explorer (tokentx): ${detail}`);
  });

  it('HTTP 500', async () => {
    const server = await serve(() => ({ httpStatus: 500, body: '<html>Internal Server Error</html>' }));
    expect(reason(await explorer(server.url).getAddressHistory('base', { address: SUBJECT, limit: 10 }))).toMatch(/^Base explorer \(\w+\): HTTP 500$/);
  });

  it('a timeout, an unreachable explorer, an answer that is not JSON, and an unreadable row', async () => {
    const hanging = await serve(() => ({ hang: true }));
    expect(reason(await explorer(hanging.url, { timeoutMs: 200 }).getAddressHistory('base', { address: SUBJECT, limit: 10 }))).toMatch(/: no answer within 200 ms$/);
    expect(reason(await explorer(await closedPortUrl('/v2/api')).getAddressHistory('base', { address: SUBJECT, limit: 10 }))).toMatch(/: the explorer could not be reached \(ECONNREFUSED\)$/);
    const html = await serve(() => ({ httpStatus: 200, body: '<html>maintenance</html>' }));
    expect(reason(await explorer(html.url).getAddressHistory('base', { address: SUBJECT, limit: 10 }))).toMatch(/: the answer is not JSON$/);
    const odd = await serve((params) => (params.get('action') === 'txlist' ? { fixture: 'tokentx' } : { fixture: 'no-transactions-found' }));
    expect(reason(await explorer(odd.url).getAddressHistory('base', { address: SUBJECT, limit: 10 }))).toBe('Base explorer (txlist): unreadable row (isError is not one of "0", "1")');
  });

  it('a connection reset before any answer (a stale keep-alive socket) is asked once more; reset again, it is unavailable', async () => {
    let resets = 1;
    const resetting: ExplorerHandler = (params) => {
      if (params.get('action') !== 'txlist' || resets === 0) return { fixture: params.get('action') as string };
      resets -= 1;
      return { reset: true };
    };
    const server = await serve(resetting);
    expect(history(await explorer(server.url).getAddressHistory('base', { address: SUBJECT, limit: 10 })).transactions).toHaveLength(4);
    expect(server.calls('txlist')).toHaveLength(2);
    resets = 2;
    expect(reason(await explorer(server.url).getAddressHistory('base', { address: SUBJECT, limit: 10 }))).toMatch(/^Base explorer \(txlist\): the explorer could not be reached \((ECONNRESET|UND_ERR_SOCKET)\)$/);
    expect(server.calls('txlist')).toHaveLength(4);
  });

  it('a chain the explorer is not configured for', async () => {
    const server = await serve(byAction);
    expect(reason(await explorer(server.url, { chains: ['ethereum'] }).getAddressHistory('base', { address: SUBJECT, limit: 10 }))).toBe('Base: the explorer is not configured for this chain');
    expect(server.requests).toHaveLength(0);
  });
});

describe('rate limits', () => {
  it('retries once after a rate-limit answer', async () => {
    let limited = 0;
    const server = await serve((params) => {
      if (params.get('action') === 'txlist' && limited === 0) {
        limited += 1;
        return { fixture: 'rate-limit' };
      }
      return { fixture: params.get('action') as string };
    });
    expect(history(await explorer(server.url).getAddressHistory('base', { address: SUBJECT, limit: 10 })).transactions).toHaveLength(4);
    expect(server.calls('txlist')).toHaveLength(2);
  });

  it.each([
    ['a rate-limit answer', { fixture: 'rate-limit' }, 'Max calls per sec rate limit reached (5/sec)'],
    ['HTTP 429', { httpStatus: 429, body: 'Too Many Requests' }, 'HTTP 429 (rate limited)'],
  ] as const)('gives up after a second %s', async (_name, reply, detail) => {
    const server = await serve((params) => (params.get('action') === 'txlist' ? reply : { fixture: params.get('action') as string }));
    expect(reason(await explorer(server.url).getAddressHistory('base', { address: SUBJECT, limit: 10 }))).toBe(`Base explorer (txlist): ${detail}`);
    expect(server.calls('txlist')).toHaveLength(2);
  });
});

describe('configuration', () => {
  it('lists every problem at once', () => {
    expect(() => createEtherscanExplorer({ url: 'ftp://explorer.example', chains: ['solana' as 'base'], requestsPerSecond: 0, pageSize: 20_000 })).toThrow(
      'Invalid chain data configuration: url must be an http(s) URL; chains "solana" is not a supported chain (supported: ethereum, base, polygon, arbitrum, optimism); requestsPerSecond must be a positive number; pageSize must not exceed resultWindow',
    );
  });
});

describe('verified ABIs (getabi)', () => {
  // getabi-verified.json is WETH9's ABI (solc 0.4 output) in the shape Etherscan sends it: the ABI as a JSON string in `result`.
  const WETH = getAddress('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2');

  it('asks getabi with the chain id and key, parses the ABI, and asks once per contract', async () => {
    const server = await serve((params) => ({ fixture: params.get('address') === WETH ? 'getabi-verified' : 'getabi-not-verified' }));
    const source = explorer(server.url);
    const verified = await source.getVerifiedAbi('ethereum', WETH);
    if (verified.status !== 'verified') throw new Error(`expected an ABI, got ${verified.status}`);
    expect(verified.abi.filter((item) => item.type === 'function').map((item) => ('name' in item ? item.name : ''))).toContain('withdraw');
    await source.getVerifiedAbi('ethereum', WETH);
    expect(server.calls('getabi')).toHaveLength(1);
    expect(Object.fromEntries(server.calls('getabi')[0]!)).toEqual({ chainid: String(CHAINS.ethereum.chainId), module: 'contract', action: 'getabi', address: WETH, apikey: KEY });

    expect(await source.getVerifiedAbi('ethereum', SUBJECT)).toEqual({ status: 'not_verified' });
  });

  it('an explorer failure is unavailable, without the key, and is asked again next time', async () => {
    const server = await serve(() => ({ fixture: 'invalid-api-key' }));
    const source = explorer(server.url);
    const answer = await source.getVerifiedAbi('ethereum', WETH);
    expect(answer).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/^Ethereum explorer \(getabi\): /) });
    expect(JSON.stringify(answer)).not.toContain(KEY);
    await source.getVerifiedAbi('ethereum', WETH);
    expect(server.calls('getabi')).toHaveLength(2);
    const down = await serve(() => ({ httpStatus: 500, body: 'oops' }));
    expect(await explorer(down.url).getVerifiedAbi('base', WETH)).toEqual({ status: 'unavailable', reason: 'Base explorer (getabi): HTTP 500' });
  });
});
