import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAINS, ChainUnavailableError, isChainUnavailable, type ChainName } from '@paysight/contracts';
import { numberToHex, pad, type Hex } from 'viem';
import { createJsonRpcChainSource, JsonRpcFailure, type JsonRpcChainSourceConfig } from '../src/index.js';
import { closedPortUrl, RpcServer, type JsonRpcCall, type RpcHandler, type RpcReply } from './rpc-server.js';

// Answers in the real JSON-RPC wire format for what a local chain cannot produce: provider
// refusals, outages and odd answers.

const SECRET = 'v2/sk-live-0123456789abcdef';
const BASE_ID = numberToHex(CHAINS.base.chainId);
const servers: RpcServer[] = [];

async function serve(handler: RpcHandler, options: { delayMs?: number } = {}): Promise<RpcServer> {
  const server = await RpcServer.start((call) => (call.method === 'eth_chainId' ? { result: BASE_ID } : handler(call)), { ...options, path: `/${SECRET}` });
  servers.push(server);
  return server;
}

function source(rpcUrl: string, options: Partial<JsonRpcChainSourceConfig> = {}) {
  return createJsonRpcChainSource({ chains: { base: { rpcUrl } }, retryCount: 0, ...options });
}

async function failure(promise: Promise<unknown>): Promise<ChainUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isChainUnavailable(error)).toBe(true);
  const unavailable = error as ChainUnavailableError;
  expect(unavailable.chain).toBe('base');
  for (const text of [unavailable.message, String((unavailable.cause as Error | undefined)?.message), String(JSON.stringify(unavailable.cause))]) {
    expect(text).not.toContain('sk-live');
    expect(text).not.toContain('127.0.0.1');
  }
  return unavailable;
}

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('transport failures become ChainUnavailableError without the RPC URL', () => {
  it('connection refused', async () => {
    const error = await failure(source(await closedPortUrl(`/${SECRET}`)).getBlockNumber('base'));
    expect(error.message).toBe('Base JSON-RPC eth_chainId failed: the endpoint could not be reached (ECONNREFUSED)');
    expect(error.cause).toBeInstanceOf(JsonRpcFailure);
    expect((error.cause as JsonRpcFailure).kind).toBe('unreachable');
  });

  it('a request reset before any answer (a stale keep-alive socket) is sent once more, even without retries; reset again, it fails', async () => {
    let resets = 1;
    const server = await serve(() => (resets-- > 0 ? { reset: true } : { result: '0x10' }));
    expect(await source(server.url).getBlockNumber('base')).toBe(16n);
    expect(server.count('eth_blockNumber')).toBe(2);
    resets = 2;
    const error = await failure(source(server.url).getBlockNumber('base'));
    expect(error.message).toMatch(/^Base JSON-RPC eth_blockNumber failed: the endpoint could not be reached \((ECONNRESET|UND_ERR_SOCKET)\)$/);
    expect(server.count('eth_blockNumber')).toBe(4);
  });

  it('timeout', async () => {
    const server = await serve(() => ({ hang: true }));
    const error = await failure(source(server.url, { timeoutMs: 300 }).getBlockNumber('base'));
    expect(error.message).toBe('Base JSON-RPC eth_blockNumber failed: no answer within 300 ms');
  });

  it.each([
    [{ httpStatus: 503, body: '<html>upstream down</html>' }, 'HTTP 503'],
    [{ httpStatus: 429, body: 'slow down' }, 'HTTP 429 (rate limited)'],
    [{ error: { code: -32603, message: 'internal error' } }, 'JSON-RPC error -32603: internal error'],
    [{ httpStatus: 200, body: 'this is not json', contentType: 'text/plain' }, 'the endpoint sent an answer that is not valid JSON-RPC'],
  ] as [RpcReply, string][])('%j', async (reply, reason) => {
    const server = await serve(() => reply);
    const error = await failure(source(server.url).getTransactionCount('base', '0x0000000000000000000000000000000000000001'));
    expect(error.message).toBe(`Base JSON-RPC eth_getTransactionCount failed: ${reason}`);
  });

  it('removes the URL and its key from a provider message that echoes them', async () => {
    let url = '';
    const server = await serve(() => ({ error: { code: -32000, message: `invalid api key at ${url}` } }));
    url = server.url;
    const error = await failure(source(url).getCode('base', '0x0000000000000000000000000000000000000001'));
    expect(error.message).toBe('Base JSON-RPC eth_getCode failed: JSON-RPC error -32000: invalid api key at [redacted]');
  });

  it('retries a failing request retryCount times before giving up', async () => {
    const server = await serve(() => ({ httpStatus: 502, body: 'bad gateway' }));
    await failure(source(server.url, { retryCount: 1 }).getBlockNumber('base'));
    expect(server.count('eth_blockNumber')).toBe(2);
  });
});

describe('configuration and identity', () => {
  it('refuses a chain that is not configured, and leaves it out of chains()', async () => {
    const rpc = source('http://127.0.0.1:9/');
    expect(rpc.chains()).toEqual(['base']);
    for (const call of [() => rpc.getBlockNumber('polygon'), async () => rpc.coverage('polygon')]) {
      await expect(call()).rejects.toThrow(new ChainUnavailableError('polygon', 'polygon is not configured: set RPC_URL_POLYGON (or chains.polygon.rpcUrl) to serve it'));
    }
    await expect(rpc.getBlockNumber('solana' as ChainName)).rejects.toThrow('unknown chain "solana"');
  });

  it('refuses a node that serves another chain', async () => {
    const server = await RpcServer.start(() => ({ result: '0x1' }));
    servers.push(server);
    const error = await source(server.url).getBlockNumber('base').catch((e: unknown) => e);
    expect(error).toEqual(new ChainUnavailableError('base', 'Base: the RPC endpoint serves chain id 1, not 8453; check the base RPC URL'));
  });

  it('reports Demo for devnet-marked chains and Live otherwise, with what JSON-RPC cannot see', () => {
    const rpc = createJsonRpcChainSource({ chains: { base: { rpcUrl: 'http://127.0.0.1:9', demo: true }, ethereum: { rpcUrl: 'https://eth.example' } } });
    expect(rpc.coverage('base').dataSourceStatus).toBe('Demo');
    expect(rpc.coverage('ethereum').dataSourceStatus).toBe('Live');
    for (const chain of ['base', 'ethereum'] as const) {
      const notes = rpc.coverage(chain).notes.join('\n');
      expect(notes).toMatch(/cannot list an address's transactions/);
      expect(notes).toMatch(/Internal transfers/);
      expect(notes).toMatch(/block windows/);
    }
    expect(rpc.coverage('base').notes[0]).toMatch(/local development chain/);
  });
});

describe('answers that are not errors', () => {
  it('a tag the node does not know is null; the latest block failing is an error', async () => {
    const server = await serve((call) =>
      call.params[0] === 'latest' ? { error: { code: -32603, message: 'internal error' } } : { error: { code: -39001, message: 'finalized block not found' } },
    );
    const rpc = source(server.url);
    await expect(rpc.getBlock('base', 'finalized')).resolves.toBeNull();
    await failure(rpc.getBlock('base', 'latest'));
  });

  it('Multicall3 answering nothing usable is an unavailable chain, not a list of failures', async () => {
    const server = await serve(() => ({ result: '0x' }));
    const erc20 = [{ type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] }] as const;
    const error = await failure(source(server.url).readContracts('base', [{ address: CHAINS.base.usdc, abi: erc20, functionName: 'decimals' }]));
    expect(error.message).toMatch(/^Base: Multicall3 at 0xcA11bde05977b3631167028862bE2a173976CA11 gave no usable answer at block latest/);
  });
});

describe('getLogs against providers that refuse ranges', () => {
  const topic = pad('0xabcdef');
  /** Two logs per block, sent in reverse log order, as a careless provider might. */
  const logsOf = (from: bigint, to: bigint) =>
    Array.from({ length: Number(to - from + 1n) }, (_, i) => from + BigInt(i)).flatMap((block) =>
      [1, 0].map((logIndex) => ({
        address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
        topics: [topic],
        data: '0x',
        blockNumber: numberToHex(block),
        blockHash: pad(numberToHex(block)),
        transactionHash: pad(numberToHex(block * 10n + BigInt(logIndex))),
        transactionIndex: '0x0',
        logIndex: numberToHex(logIndex),
        removed: false,
      })),
    );
  const rangeOf = (call: JsonRpcCall) => {
    const filter = call.params[0] as { fromBlock: Hex; toBlock: Hex };
    return { from: BigInt(filter.fromBlock), to: BigInt(filter.toBlock) };
  };
  /** A provider that accepts at most `limit` blocks per request and refuses wider ranges with `refusal`. */
  const refusingProvider = (limit: bigint, refusal: (from: bigint, to: bigint) => RpcReply): RpcHandler => (call) => {
    if (call.method === 'eth_blockNumber') return { result: '0x3e8' };
    const { from, to } = rangeOf(call);
    return to - from + 1n > limit ? refusal(from, to) : { result: logsOf(from, to) };
  };

  // 64 blocks against a limit of 10: halving asks 1 + 2 + 4 refused ranges, then 8 of 8 blocks;
  // a named span asks the range once, then 7 pieces of at most 10 blocks.
  it.each([
    ['Base, naming no limit (halving)', 15, (_f: bigint) => ({ error: { code: -32000, message: 'block range too large' } })],
    [
      'Infura, suggesting a range',
      8,
      (f: bigint) => ({ error: { code: -32005, message: `query returned more than 10000 results. Try with this block range [${numberToHex(f)}, ${numberToHex(f + 9n)}].` } }),
    ],
    ['QuickNode, stating its limit', 8, () => ({ error: { code: -32614, message: 'eth_getLogs is limited to a 10 range' } })],
  ])('%s: splits until accepted and returns every log in order', async (_label, requests, refusal) => {
    const server = await serve(refusingProvider(10n, refusal));
    const logs = await source(server.url, { retryCount: 2 }).getLogs('base', { topics: [topic], fromBlock: 100n, toBlock: 163n });
    expect(logs.map((l) => [l.blockNumber, l.logIndex])).toEqual(logsOf(100n, 163n).map((l) => [BigInt(l.blockNumber), Number(l.logIndex)]).sort((a, b) => Number(a[0]) - Number(b[0]) || Number(a[1]) - Number(b[1])));
    expect(logs[0]?.address).toBe(CHAINS.base.usdc);
    const asked = server.calls.filter((c) => c.method === 'eth_getLogs').map(rangeOf);
    // Refusals are split at once, never retried (retryCount is 2 here).
    expect(asked).toHaveLength(requests);
    expect(asked.filter((r) => r.from === 100n && r.to === 163n)).toHaveLength(1);
  });

  it('splits a range whose answer is larger than viem reads (10 MB)', async () => {
    const huge = `{"jsonrpc":"2.0","id":1,"result":[],"padding":"${'x'.repeat(10_500_000)}"}`;
    const server = await serve(refusingProvider(2n, () => ({ httpStatus: 200, body: huge, contentType: 'application/json' })));
    const logs = await source(server.url).getLogs('base', { topics: [], fromBlock: 0n, toBlock: 7n });
    expect(logs).toHaveLength(16);
    expect(server.count('eth_getLogs')).toBe(7);
  });

  it('asks for a sparse query\'s whole range at once, and falls back to the configured span when the node answers with another error', async () => {
    const wide = await serve(refusingProvider(1_000n, () => ({ error: { code: -32000, message: 'unexpected' } })));
    const config = (url: string) => ({ chains: { base: { rpcUrl: url, maxLogBlockRange: 16 } } });
    const query = { topics: [topic], fromBlock: 0n, toBlock: 63n, sparse: true };
    expect(await source(wide.url, config(wide.url)).getLogs('base', query)).toHaveLength(128);
    expect(wide.calls.filter((c) => c.method === 'eth_getLogs').map(rangeOf)).toEqual([{ from: 0n, to: 63n }]);

    const narrow = await serve(refusingProvider(20n, () => ({ error: { code: -32000, message: 'unexpected' } })));
    expect(await source(narrow.url, config(narrow.url)).getLogs('base', query)).toHaveLength(128);
    expect(narrow.calls.filter((c) => c.method === 'eth_getLogs').map(rangeOf)).toEqual([
      { from: 0n, to: 63n },
      { from: 0n, to: 15n },
      { from: 16n, to: 31n },
      { from: 32n, to: 47n },
      { from: 48n, to: 63n },
    ]);
  });

  it('honours the configured maximum span without waiting for a refusal', async () => {
    const server = await serve(refusingProvider(1_000n, () => ({ error: { code: -32000, message: 'unexpected' } })));
    await source(server.url, { chains: { base: { rpcUrl: server.url, maxLogBlockRange: 16 } } }).getLogs('base', { topics: [], fromBlock: 0n, toBlock: 63n });
    expect(server.calls.filter((c) => c.method === 'eth_getLogs').map(rangeOf)).toEqual([
      { from: 0n, to: 15n },
      { from: 16n, to: 31n },
      { from: 32n, to: 47n },
      { from: 48n, to: 63n },
    ]);
  });

  it('gives up with ChainUnavailableError when even one block is refused', async () => {
    const server = await serve(refusingProvider(0n, () => ({ error: { code: -32005, message: 'query returned more than 10000 results' } })));
    const error = await failure(source(server.url).getLogs('base', { topics: [], fromBlock: 5n, toBlock: 6n }));
    expect(error.message).toBe('Base JSON-RPC eth_getLogs failed: JSON-RPC error -32005: query returned more than 10000 results');
  });

  it('retries other getLogs failures as configured', async () => {
    let failures = 1;
    const server = await serve((call) => {
      if (call.method !== 'eth_getLogs') return { result: '0x3e8' };
      if (failures-- > 0) return { error: { code: -32603, message: 'internal error' } };
      return { result: logsOf(rangeOf(call).from, rangeOf(call).to) };
    });
    const logs = await source(server.url, { retryCount: 1 }).getLogs('base', { topics: [], fromBlock: 1n, toBlock: 2n });
    expect(logs).toHaveLength(4);
    expect(server.count('eth_getLogs')).toBe(2);
  });

  it('an empty address list selects nothing and asks nothing', async () => {
    const server = await serve(refusingProvider(10n, () => ({ error: { code: -32000, message: 'never' } })));
    await expect(source(server.url).getLogs('base', { address: [], topics: [], fromBlock: 0n, toBlock: 5n })).resolves.toEqual([]);
    expect(server.calls).toHaveLength(0);
  });
});

describe('eth_call: a revert is an answer', () => {
  const REASON = '0x08c379a000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000004626f6f6d00000000000000000000000000000000000000000000000000000000';
  const request = { to: '0x0000000000000000000000000000000000000abc', data: '0xdeadbeef' } as const;

  it.each([
    ['geth / Erigon / most providers: code 3 with the data', { error: { code: 3, message: 'execution reverted: boom', data: REASON } }, REASON],
    ['geth without data', { error: { code: -32000, message: 'execution reverted' } }, '0x'],
    ['Hardhat / EDR: the data under data.data', { error: { code: -32603, message: "Error: VM Exception while processing transaction: reverted with reason string 'boom'", data: { message: 'same', data: REASON } } }, REASON],
    ['Besu', { error: { code: -32000, message: 'Execution reverted', data: REASON } }, REASON],
    ['Nethermind: the data after words', { error: { code: -32015, message: 'VM execution error.', data: `Reverted ${REASON}` } }, REASON],
    ['an invalid opcode', { error: { code: -32000, message: 'invalid opcode: INVALID' } }, '0x'],
  ] as [string, RpcReply, Hex][])('%s', async (_name, reply, data) => {
    const server = await serve((call) => (call.method === 'eth_call' ? reply : { result: null }));
    await expect(source(server.url, { retryCount: 2 }).call('base', request)).resolves.toEqual({ status: 'reverted', data });
    expect(server.count('eth_call')).toBe(1);
  });

  it('sends the sender, value and block, and returns the data of a success', async () => {
    const server = await serve(() => ({ result: '0x2a' }));
    await expect(source(server.url).call('base', { ...request, from: '0x0000000000000000000000000000000000000def', value: 16n, blockNumber: 100n })).resolves.toEqual({ status: 'success', data: '0x2a' });
    expect(server.calls.find((c) => c.method === 'eth_call')?.params).toEqual([{ ...request, from: '0x0000000000000000000000000000000000000def', value: '0x10' }, '0x64']);
  });

  it('transport failures and other refusals stay ChainUnavailableError, retried as configured', async () => {
    const down = await serve(() => ({ httpStatus: 502, body: 'bad gateway' }));
    expect((await failure(source(down.url, { retryCount: 1 }).call('base', request))).message).toBe('Base JSON-RPC eth_call failed: HTTP 502');
    expect(down.count('eth_call')).toBe(2);
    const refused = await serve(() => ({ error: { code: -32000, message: 'insufficient funds for gas * price + value' } }));
    await failure(source(refused.url).call('base', request));
  });
});

describe('getCallFrames: what a node says about tracing', () => {
  const HASH = `0x${'ab'.repeat(32)}` as Hex;
  const MINED = { hash: HASH, blockNumber: '0x5', from: '0x1111111111111111111111111111111111111111', to: '0x00000000000000000000000000000000000000aa', value: '0x0', input: '0x', nonce: '0x0', gas: '0x5208', type: '0x2' };

  /** A node that knows one mined transaction and answers debug_traceTransaction with `trace`. */
  async function node(trace: (call: JsonRpcCall) => RpcReply) {
    return serve((call) => {
      if (call.method === 'eth_getTransactionByHash') return { result: call.params[0] === HASH ? MINED : null };
      if (call.method === 'eth_blockNumber') return { result: '0x10' };
      if (call.method === 'eth_getBlockByNumber' && call.params[0] === 'finalized') return { result: { number: '0x10', hash: pad('0x10', { size: 32 }), timestamp: '0x1', baseFeePerGas: '0x1' } };
      return trace(call);
    });
  }

  it('maps the callTracer tree of geth-like nodes, and caches the frames of a finalized transaction', async () => {
    const server = await node(() => ({ result: { type: 'CALL', from: MINED.from, to: MINED.to, value: '0x0', input: '0x', calls: [{ type: 'CALL', from: MINED.to, to: MINED.from, value: '0x1', input: '0x' }] } }));
    const rpc = source(server.url);
    const frames = await rpc.getCallFrames('base', HASH);
    expect(frames?.map((f) => [f.type, f.depth, f.value])).toEqual([
      ['CALL', 0, 0n],
      ['CALL', 1, 1n],
    ]);
    expect(await rpc.getCallFrames('base', HASH)).toEqual(frames);
    expect(server.calls.filter((c) => c.method === 'debug_traceTransaction').map((c) => c.params)).toEqual([[HASH, { tracer: 'callTracer' }]]);
  });

  it.each([
    ['geth without the debug namespace', { error: { code: -32601, message: 'the method debug_traceTransaction does not exist/is not available' } }],
    ['a node that does not support the method', { error: { code: -32004, message: 'Method debug_traceTransaction is not supported' } }],
    ['a plan without tracing', { error: { code: -32600, message: 'debug_traceTransaction is not available on the Free tier' } }],
  ] as [string, RpcReply][])('is null for %s, and does not ask again', async (_name, reply) => {
    const server = await node(() => reply);
    const rpc = source(server.url);
    await expect(rpc.getCallFrames('base', HASH)).resolves.toBeNull();
    await expect(rpc.getCallFrames('base', HASH)).resolves.toBeNull();
    expect(server.count('debug_traceTransaction')).toBe(1);
  });

  it('is null when the tracer does not know the transaction', async () => {
    const server = await node(() => ({ error: { code: -32000, message: `transaction ${HASH} not found` } }));
    await expect(source(server.url).getCallFrames('base', HASH)).resolves.toBeNull();
  });

  it('a failing or unreadable trace is ChainUnavailableError', async () => {
    const down = await node(() => ({ httpStatus: 503, body: 'down' }));
    expect((await failure(source(down.url).getCallFrames('base', HASH))).message).toBe('Base JSON-RPC debug_traceTransaction failed: HTTP 503');
    const odd = await node(() => ({ result: { structLogs: [] } }));
    expect((await failure(source(odd.url).getCallFrames('base', HASH))).message).toBe('Base JSON-RPC debug_traceTransaction gave a trace that could not be read: the callTracer answer has no call frame');
  });
});

describe('a Base receipt before and after finality', () => {
  // The recorded Base receipt, served by a node whose finalized block lags its head as on mainnet
  // (the devnet finalizes at once, so it cannot show this).
  const recorded = JSON.parse(readFileSync(join(__dirname, 'fixtures/base-receipt-l1-fee.json'), 'utf8')) as { result: { blockNumber: Hex; transactionHash: Hex } };
  const receiptBlock = BigInt(recorded.result.blockNumber);

  it('carries the L1 fee, and is read again until its block is finalized, then kept', async () => {
    let finalized = receiptBlock - 1n;
    const header = (number: bigint) => ({ number: numberToHex(number), hash: pad(numberToHex(number), { size: 32 }), timestamp: '0x6650f3a0', baseFeePerGas: '0x1' });
    const server = await serve((call) => {
      if (call.method === 'eth_blockNumber') return { result: numberToHex(receiptBlock + 100n) };
      if (call.method === 'eth_getBlockByNumber' && call.params[0] === 'finalized') return { result: header(finalized) };
      if (call.method === 'eth_getTransactionReceipt') return { result: recorded.result };
      return { error: { code: -32601, message: `the method ${call.method} does not exist/is not available` } };
    });
    const base = source(server.url, { headTtlMs: 0 });
    const hash = recorded.result.transactionHash;

    expect((await base.getTransactionReceipt('base', hash))?.l1Fee?.fee).toBe(4_931_920_883n);
    await base.getTransactionReceipt('base', hash);
    expect(server.count('eth_getTransactionReceipt')).toBe(2);

    finalized = receiptBlock;
    await base.getTransactionReceipt('base', hash);
    await base.getTransactionReceipt('base', hash);
    expect(server.count('eth_getTransactionReceipt')).toBe(3);
  });
});
