import { CHAIN_NAMES, CHAINS, ChainUnavailableError, MULTICALL3_ADDRESS, type ChainName, type LogRecord } from '@paysight/contracts';
import { ARTIFACTS, freshAccount, fundAccount, startDevnet, type Devnet } from '@paysight/devnet';
import { erc20Abi, getAddress, numberToHex, pad, type Hex } from 'viem';
import { createJsonRpcChainSource, type JsonRpcChainSourceConfig } from '../src/index.js';
import { forwardTo, RpcServer } from './rpc-server.js';

// The adapter against the five local chains and their seeded scenario, over real HTTP. Requests
// are counted by a small proxy on 127.0.0.1 between the adapter and the chain.

const START_TIMEOUT_MS = 120_000;
let devnet: Devnet;
const proxies: RpcServer[] = [];

beforeAll(async () => {
  devnet = await startDevnet();
}, START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  await devnet?.close();
});

/** A counting proxy in front of one devnet chain. */
async function proxyTo(chain: ChainName, options: { delayMs?: number } = {}): Promise<RpcServer> {
  const proxy = await RpcServer.start(forwardTo(devnet.chains[chain].rpcUrl), options);
  proxies.push(proxy);
  return proxy;
}

function sourceFor(chain: ChainName, rpcUrl: string, options: Partial<JsonRpcChainSourceConfig> = {}) {
  return createJsonRpcChainSource({ chains: { [chain]: { rpcUrl, demo: true } }, retryCount: 0, headTtlMs: 0, ...options });
}

const scenario = (chain: ChainName) => devnet.scenario.chains[chain];
const tx = (chain: ChainName, name: string) => {
  const found = scenario(chain).transactions[name];
  if (!found) throw new Error(`the scenario has no transaction ${name} on ${chain}`);
  return found;
};

describe('the five devnet chains', () => {
  it('serves each configured chain and checks its chain id', async () => {
    const rpc = createJsonRpcChainSource({
      chains: Object.fromEntries(CHAIN_NAMES.map((c) => [c, { rpcUrl: devnet.chains[c].rpcUrl, demo: true }])),
      retryCount: 0,
    });
    expect(rpc.chains()).toEqual([...CHAIN_NAMES]);
    for (const chain of CHAIN_NAMES) {
      await expect(rpc.verifyChain(chain)).resolves.toBeUndefined();
      expect(await rpc.getBlockNumber(chain)).toBeGreaterThan(0n);
      expect(rpc.coverage(chain).dataSourceStatus).toBe('Demo');
    }
  });

  it('refuses an RPC URL of another chain', async () => {
    const rpc = sourceFor('base', devnet.chains.ethereum.rpcUrl);
    await expect(rpc.getBlockNumber('base')).rejects.toThrow(new ChainUnavailableError('base', 'Base: the RPC endpoint serves chain id 1, not 8453; check the base RPC URL'));
  });
});

describe('readContracts', () => {
  const chain = 'base';
  const alice = () => scenario(chain).wallets.alice!;
  const counter = () => scenario(chain).contracts.counter!.address;
  const dusd = () => scenario(chain).contracts.devnetDollar!.address;

  it('reads balances, token metadata and failing calls in one aggregate3 round trip, in input order', async () => {
    const proxy = await proxyTo(chain);
    const rpc = sourceFor(chain, proxy.url);
    const results = await rpc.readContracts(chain, [
      { address: MULTICALL3_ADDRESS, abi: ARTIFACTS.Multicall3.abi, functionName: 'getEthBalance', args: [alice().address] },
      { address: CHAINS.base.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [alice().address] },
      { address: CHAINS.base.usdc, abi: erc20Abi, functionName: 'symbol' },
      { address: dusd(), abi: erc20Abi, functionName: 'decimals' },
      { address: dusd(), abi: erc20Abi, functionName: 'balanceOf', args: [alice().address] },
      // An account without code answers nothing.
      { address: alice().address, abi: erc20Abi, functionName: 'symbol' },
      // Reverts with a reason string, and with a custom error (the counter stands at zero).
      { address: counter(), abi: ARTIFACTS.Counter.abi, functionName: 'incrementBy', args: [1000n] },
      { address: counter(), abi: ARTIFACTS.Counter.abi, functionName: 'decrement' },
      // Cannot be encoded: fails alone.
      { address: dusd(), abi: erc20Abi, functionName: 'balanceOf', args: ['not an address'] },
    ]);
    expect(results).toEqual([
      { status: 'success', result: BigInt(alice().balances.native) },
      { status: 'success', result: BigInt(alice().balances.tokens.usdc!) },
      { status: 'success', result: 'USDC' },
      { status: 'success', result: 18 },
      { status: 'success', result: BigInt(alice().balances.tokens.devnetDollar!) },
      { status: 'failure', error: 'returned no data (not a contract, or it has no such function)' },
      { status: 'failure', error: 'reverted: Counter: step too large' },
      { status: 'failure', error: expect.stringMatching(/^reverted with CounterUnderflow\(0x/) },
      { status: 'failure', error: expect.stringMatching(/^invalid call: /) },
    ]);
    expect(proxy.count('eth_call')).toBe(1);
  });

  it('reads at a past block number', async () => {
    const minted = BigInt(tx(chain, 'mint-usdc-alice').blockNumber);
    const rpc = sourceFor(chain, devnet.chains[chain].rpcUrl);
    const balanceAt = async (blockNumber: bigint) =>
      (await rpc.readContracts(chain, [{ address: CHAINS.base.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [alice().address] }], { blockNumber }))[0];
    expect(await balanceAt(minted - 1n)).toEqual({ status: 'success', result: 0n });
    expect(await balanceAt(minted)).toEqual({ status: 'success', result: 500_000_000n });
  });

  it('chunks a huge batch and keeps the order', async () => {
    const proxy = await proxyTo(chain);
    const rpc = sourceFor(chain, proxy.url, { maxCallsPerMulticall: 4 });
    const holders = ['alice', 'bob', 'carol', 'payee', 'faucet', 'demoBuyer', 'facilitator'].map((w) => scenario(chain).wallets[w]!);
    const results = await rpc.readContracts(
      chain,
      holders.map((h) => ({ address: dusd(), abi: erc20Abi, functionName: 'balanceOf', args: [h.address] })),
    );
    expect(results).toEqual(holders.map((h) => ({ status: 'success', result: BigInt(h.balances.tokens.devnetDollar!) })));
    expect(proxy.count('eth_call')).toBe(2);
  });
});

describe('getLogs', () => {
  const chain = 'polygon';

  it('returns the same logs, in order, when forced to split the range', async () => {
    const head = await sourceFor(chain, devnet.chains[chain].rpcUrl).getBlockNumber(chain);
    const query = { topics: [], fromBlock: 0n, toBlock: head };
    const whole = await sourceFor(chain, devnet.chains[chain].rpcUrl).getLogs(chain, query);
    const proxy = await proxyTo(chain);
    const split = await sourceFor(chain, proxy.url, { maxLogBlockRange: 3 }).getLogs(chain, query);

    expect(proxy.count('eth_getLogs')).toBe(Math.ceil(Number(head + 1n) / 3));
    expect(whole.length).toBeGreaterThan(10);
    expect(split).toEqual(whole);
    const order = (l: LogRecord) => l.blockNumber * 1_000_000n + BigInt(l.logIndex);
    for (let i = 1; i < split.length; i += 1) expect(order(split[i]!)).toBeGreaterThan(order(split[i - 1]!));
  });

  it('filters by address and topic', async () => {
    const rpc = sourceFor(chain, devnet.chains[chain].rpcUrl);
    const dusd = scenario(chain).contracts.devnetDollar!.address;
    const transfer = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
    const fromAlice = `0x000000000000000000000000${scenario(chain).wallets.alice!.address.slice(2).toLowerCase()}` as Hex;
    const logs = await rpc.getLogs(chain, { address: dusd, topics: [transfer, fromAlice], fromBlock: 0n, toBlock: await rpc.getBlockNumber(chain) });
    // alice-pays-bob-dusd, and bob pulling 200 DUSD from her with transferFrom.
    expect(logs.map((l) => l.transactionHash)).toEqual([tx(chain, 'alice-pays-bob-dusd').hash, tx(chain, 'bob-pulls-dusd-from-alice').hash]);
    expect(logs.every((l) => l.address === getAddress(dusd))).toBe(true);
  });
});

describe('transactions, receipts, blocks and accounts', () => {
  const chain = 'arbitrum';
  const rpc = () => sourceFor(chain, devnet.chains[chain].rpcUrl);

  it('maps the receipt of a successful transaction', async () => {
    const paid = tx(chain, 'alice-pays-bob-dusd');
    const receipt = await rpc().getTransactionReceipt(chain, paid.hash);
    expect(receipt).toMatchObject({
      transactionHash: paid.hash,
      blockNumber: BigInt(paid.blockNumber),
      status: 'success',
      from: paid.from,
      to: scenario(chain).contracts.devnetDollar!.address,
      contractAddress: null,
    });
    expect(receipt?.gasUsed).toBeGreaterThan(21_000n);
    expect(receipt?.effectiveGasPrice).toBeGreaterThan(0n);
    expect(receipt?.logs).toHaveLength(1);
    expect(receipt?.logs[0]).toMatchObject({ address: scenario(chain).contracts.devnetDollar!.address, transactionHash: paid.hash, blockNumber: BigInt(paid.blockNumber) });
  });

  it('maps the receipt of a reverted transaction, and of a contract creation', async () => {
    const reverted = tx(chain, 'carol-overspends-dusd');
    expect(reverted.status).toBe('reverted');
    expect(await rpc().getTransactionReceipt(chain, reverted.hash)).toMatchObject({ status: 'reverted', from: reverted.from, logs: [] });
    const deployed = tx(chain, 'deploy-counter');
    expect(await rpc().getTransactionReceipt(chain, deployed.hash)).toMatchObject({ status: 'success', to: null, contractAddress: scenario(chain).contracts.counter!.address });
  });

  it('maps a transaction', async () => {
    const sent = tx(chain, 'alice-sends-bob-native');
    const record = await rpc().getTransaction(chain, sent.hash);
    expect(record).toMatchObject({ hash: sent.hash, blockNumber: BigInt(sent.blockNumber), from: sent.from, to: sent.to, value: 1_500_000_000_000_000_000n, input: '0x' });
    expect(typeof record?.nonce).toBe('number');
    expect(['legacy', 'eip1559']).toContain(record?.type);
  });

  it('answers null for an unknown hash and a block above the head', async () => {
    const unknown = `0x${'5a'.repeat(32)}` as Hex;
    await expect(rpc().getTransaction(chain, unknown)).resolves.toBeNull();
    await expect(rpc().getTransactionReceipt(chain, unknown)).resolves.toBeNull();
    await expect(rpc().getBlock(chain, 10_000_000n)).resolves.toBeNull();
  });

  it('reads blocks by number and tag', async () => {
    const source = rpc();
    const sent = tx(chain, 'alice-sends-bob-native');
    const block = await source.getBlock(chain, BigInt(sent.blockNumber));
    expect(block).toMatchObject({ number: BigInt(sent.blockNumber), hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const latest = await source.getBlock(chain, 'latest');
    expect(latest?.number).toBe(await source.getBlockNumber(chain));
    expect(latest!.timestamp).toBeGreaterThan(block!.timestamp);
    for (const tag of ['safe', 'finalized'] as const) {
      const tagged = await source.getBlock(chain, tag);
      if (tagged) expect(tagged.number).toBeLessThanOrEqual(latest!.number);
    }
  });

  it('reads code and nonces, now and at a past block', async () => {
    const source = rpc();
    const counter = scenario(chain).contracts.counter!.address;
    const deployedAt = BigInt(tx(chain, 'deploy-counter').blockNumber);
    expect(await source.getCode(chain, counter)).toBe(ARTIFACTS.Counter.deployedBytecode);
    expect(await source.getCode(chain, counter, deployedAt - 1n)).toBe('0x');
    const alice = scenario(chain).wallets.alice!.address;
    expect(await source.getCode(chain, alice)).toBe('0x');
    expect(await source.getTransactionCount(chain, alice)).toBeGreaterThan(3);
    expect(await source.getTransactionCount(chain, alice, 0n)).toBe(0);
  });

  it('reads a storage slot, now and at a past block, as a 32-byte word', async () => {
    const source = rpc();
    const { counterProxy, counter } = scenario(chain).contracts;
    const deployedAt = BigInt(tx(chain, 'deploy-counter-proxy').blockNumber);
    const implementationSlot = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
    expect(await source.getStorageAt(chain, counterProxy!.address, implementationSlot)).toBe(pad(counter!.address.toLowerCase() as Hex, { size: 32 }));
    expect(await source.getStorageAt(chain, counterProxy!.address, implementationSlot, deployedAt - 1n)).toBe(pad('0x0', { size: 32 }));
    // A short slot is padded: slot 0x1 of an EOA is the zero word.
    expect(await source.getStorageAt(chain, scenario(chain).wallets.alice!.address, '0x1')).toBe(pad('0x0', { size: 32 }));
  });
});

describe('caching', () => {
  const chain = 'optimism';

  it('reads settled data from the node once', async () => {
    const proxy = await proxyTo(chain);
    const source = sourceFor(chain, proxy.url);
    const paid = tx(chain, 'alice-pays-bob-dusd');
    const head = await source.getBlockNumber(chain);
    const reads = () =>
      Promise.all([
        source.getTransactionReceipt(chain, paid.hash),
        source.getTransaction(chain, paid.hash),
        source.getBlock(chain, BigInt(paid.blockNumber)),
        source.getCode(chain, scenario(chain).contracts.counter!.address, head - 1n),
        source.getStorageAt(chain, scenario(chain).contracts.counterProxy!.address, '0x0', head - 1n),
        source.getLogs(chain, { topics: [], fromBlock: 1n, toBlock: BigInt(paid.blockNumber) }),
      ]);
    const first = await reads();
    const counted = proxy.calls.length;
    expect(await reads()).toEqual(first);
    expect(proxy.calls.length).toBe(counted);
    for (const method of ['eth_getTransactionReceipt', 'eth_getTransactionByHash', 'eth_getCode', 'eth_getStorageAt', 'eth_getLogs']) expect(proxy.count(method)).toBe(1);
    // The block by number once; the finalized tag once, to know that the transaction's block is final.
    expect(proxy.calls.filter((c) => c.method === 'eth_getBlockByNumber').map((c) => c.params[0]).sort()).toEqual(['finalized', numberToHex(BigInt(paid.blockNumber))].sort());
  });

  it('does not cache the head block, tags or latest state, and caches a block once it is settled', async () => {
    const proxy = await proxyTo(chain);
    const source = sourceFor(chain, proxy.url);
    const wallet = freshAccount();
    const [hash] = (await fundAccount(devnet.faucetUrl, { chain, address: wallet.address, native: 1n })).transactions as [Hex];
    // The funding transaction sits in the head block: not settled yet.
    await source.getTransactionReceipt(chain, hash);
    await source.getTransactionReceipt(chain, hash);
    expect(proxy.count('eth_getTransactionReceipt')).toBe(2);
    await source.getBlock(chain, 'latest');
    await source.getBlock(chain, 'latest');
    await source.getTransactionCount(chain, wallet.address);
    await source.getTransactionCount(chain, wallet.address);
    expect(proxy.count('eth_getTransactionCount')).toBe(2);

    // One more block settles it.
    await fundAccount(devnet.faucetUrl, { chain, address: wallet.address, native: 1n });
    await source.getTransactionReceipt(chain, hash);
    await source.getTransactionReceipt(chain, hash);
    expect(proxy.count('eth_getTransactionReceipt')).toBe(3);
    expect(proxy.calls.filter((c) => c.method === 'eth_getBlockByNumber' && c.params[0] === 'latest')).toHaveLength(2);
  });

  it('shares one request between concurrent identical reads', async () => {
    const proxy = await proxyTo(chain);
    const source = sourceFor(chain, proxy.url);
    const paid = tx(chain, 'bob-pays-carol-usdc');
    const receipts = await Promise.all(Array.from({ length: 5 }, () => source.getTransactionReceipt(chain, paid.hash)));
    expect(new Set(receipts.map((r) => r?.transactionHash))).toEqual(new Set([paid.hash]));
    expect(proxy.count('eth_getTransactionReceipt')).toBe(1);
  });
});

describe('concurrency limit', () => {
  it('keeps at most maxConcurrency requests in flight per chain', async () => {
    const chain = 'ethereum';
    // The proxy holds each request a little, so requests that are allowed to overlap do.
    const proxy = await proxyTo(chain, { delayMs: 100 });
    const source = sourceFor(chain, proxy.url, { maxConcurrency: 2, maxBatchSize: 1 });
    const wallets = Array.from({ length: 10 }, () => freshAccount().address);
    const counts = await Promise.all(wallets.map((address) => source.getTransactionCount(chain, address)));
    expect(counts).toEqual(wallets.map(() => 0));
    expect(proxy.count('eth_getTransactionCount')).toBe(10);
    expect(proxy.maxInFlight).toBe(2);
  });

  it('sends requests issued together as JSON-RPC batches, each batch one HTTP request under the limit', async () => {
    const chain = 'ethereum';
    const proxy = await proxyTo(chain, { delayMs: 50 });
    const source = sourceFor(chain, proxy.url, { maxConcurrency: 2, maxBatchSize: 4 });
    await source.verifyChain(chain);
    const before = proxy.httpRequests;
    // Multicall3 has code, fresh accounts none: each member of a batch must get its own answer back.
    const addresses = [...Array.from({ length: 5 }, () => freshAccount().address), MULTICALL3_ADDRESS, ...Array.from({ length: 4 }, () => freshAccount().address)];
    const codes = await Promise.all(addresses.map((address) => source.getCode(chain, address)));
    expect(codes.map((code) => code !== '0x')).toEqual(addresses.map((a) => a === MULTICALL3_ADDRESS));
    expect(proxy.count('eth_getCode')).toBe(10);
    // Ten requests in batches of at most four: three HTTP requests, never more than two at once.
    expect(proxy.httpRequests - before).toBe(3);
    expect(proxy.maxInFlight).toBeLessThanOrEqual(2);
  });
});
