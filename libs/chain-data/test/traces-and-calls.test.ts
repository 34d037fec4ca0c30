import { CHAINS, type ChainName } from '@paysight/contracts';
import { ARTIFACTS } from '@paysight/devnet';
import { readTestStack } from '@paysight/testkit';
import { decodeErrorResult, decodeFunctionResult, encodeFunctionData, getAddress, type Hex } from 'viem';
import { createJsonRpcChainSource } from '../src/index.js';
import { forwardTo, RpcServer } from './rpc-server.js';

// call and getCallFrames against the shared devnet (Hardhat: no callTracer, so frames come from
// struct logs), through a counting proxy on 127.0.0.1.

const { devnet } = readTestStack();
const chain: ChainName = 'base';
const scenario = devnet.scenario.chains[chain];
const proxies: RpcServer[] = [];

afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
});

async function counted() {
  const proxy = await RpcServer.start(forwardTo(devnet.chains[chain].rpcUrl));
  proxies.push(proxy);
  return { proxy, rpc: createJsonRpcChainSource({ chains: { [chain]: { rpcUrl: proxy.url, demo: true } }, retryCount: 0, headTtlMs: 0 }) };
}

function scenarioTx(name: string) {
  const found = scenario.transactions[name];
  if (!found) throw new Error(`the scenario has no transaction ${name} on ${chain}`);
  return found;
}
const wallet = (name: string) => getAddress(scenario.wallets[name]!.address);
const contract = (id: string) => getAddress(scenario.contracts[id]!.address);

describe('call (eth_call)', () => {
  /** Replays a scenario transaction as eth_call at the block before it was mined. */
  async function replay(name: string) {
    const { rpc } = await counted();
    const sent = await rpc.getTransaction(chain, scenarioTx(name).hash);
    if (!sent?.to || sent.blockNumber === null) throw new Error(`${name} is not a mined call`);
    return rpc.call(chain, { from: sent.from, to: sent.to, data: sent.input, value: sent.value, blockNumber: sent.blockNumber - 1n });
  }

  it('gives the Error(string) revert data of bob-steps-too-far', async () => {
    const result = await replay('bob-steps-too-far');
    expect(result.status).toBe('reverted');
    expect(decodeErrorResult({ abi: ARTIFACTS.Counter.abi, data: result.data })).toMatchObject({ errorName: 'Error', args: ['Counter: step too large'] });
  });

  it('gives the custom error of carol-decrements-empty-counter', async () => {
    const result = await replay('carol-decrements-empty-counter');
    expect(result.status).toBe('reverted');
    expect(decodeErrorResult({ abi: ARTIFACTS.Counter.abi, data: result.data })).toMatchObject({ errorName: 'CounterUnderflow', args: [wallet('carol')] });
  });

  it('returns the data of a call that succeeds, at the latest block or an earlier one', async () => {
    const { rpc } = await counted();
    const data = encodeFunctionData({ abi: ARTIFACTS.Counter.abi, functionName: 'count' });
    const count = async (blockNumber?: bigint) => {
      const result = await rpc.call(chain, { to: contract('counter'), data, ...(blockNumber === undefined ? {} : { blockNumber }) });
      expect(result.status).toBe('success');
      return decodeFunctionResult({ abi: ARTIFACTS.Counter.abi, functionName: 'count', data: result.data as Hex });
    };
    const deployed = BigInt(scenarioTx('deploy-counter').blockNumber);
    expect(await count(deployed)).toBe(0n);
    expect(await count()).toBeGreaterThanOrEqual(0n);
  });

  it('a revert without data is reverted with 0x, and is not retried', async () => {
    const proxy = await RpcServer.start(forwardTo(devnet.chains[chain].rpcUrl));
    proxies.push(proxy);
    const rpc = createJsonRpcChainSource({ chains: { [chain]: { rpcUrl: proxy.url, demo: true } }, retryCount: 2 });
    await expect(rpc.call(chain, { to: contract('counter'), data: '0xdeadbeef' })).resolves.toEqual({ status: 'reverted', data: '0x' });
    expect(proxy.count('eth_call')).toBe(1);
  });
});

describe('getCallFrames on Hardhat (struct logs)', () => {
  it('finds the DELEGATECALL of the EIP-1967 proxy in bob-increments-via-proxy, learning once that only the default tracer exists', async () => {
    const { proxy, rpc } = await counted();
    const input = encodeFunctionData({ abi: ARTIFACTS.Counter.abi, functionName: 'incrementBy', args: [5n] });
    expect(await rpc.getCallFrames(chain, scenarioTx('bob-increments-via-proxy').hash)).toEqual([
      { type: 'CALL', from: wallet('bob'), to: contract('counterProxy'), value: 0n, input, depth: 0, reverted: false },
      { type: 'DELEGATECALL', from: contract('counterProxy'), to: contract('counter'), value: 0n, input, depth: 1, reverted: false },
    ]);
    // The callTracer attempt and the struct-log trace.
    expect(proxy.count('debug_traceTransaction')).toBe(2);

    // Another transaction goes straight to struct logs; a settled one is cached.
    await rpc.getCallFrames(chain, scenarioTx('alice-unwraps').hash);
    await rpc.getCallFrames(chain, scenarioTx('alice-unwraps').hash);
    expect(proxy.count('debug_traceTransaction')).toBe(3);
  });

  it('shows native value leaving WETH in alice-unwraps (an internal transfer)', async () => {
    const { rpc } = await counted();
    const frames = await rpc.getCallFrames(chain, scenarioTx('alice-unwraps').hash);
    expect(frames?.slice(1)).toEqual([{ type: 'CALL', from: contract('wrappedNative'), to: wallet('alice'), value: 2n * 10n ** BigInt(CHAINS[chain].nativeDecimals), input: '0x', depth: 1, reverted: false }]);
  });

  it('shows the ecrecover precompile call of an x402 settlement (EIP-3009 signature check)', async () => {
    const { rpc } = await counted();
    const frames = await rpc.getCallFrames(chain, scenarioTx('x402-payment-wallet-snapshot').hash);
    expect(frames?.map((f) => [f.type, f.to, f.depth, f.reverted])).toEqual([
      ['CALL', CHAINS[chain].usdc, 0, false],
      ['STATICCALL', '0x0000000000000000000000000000000000000001', 1, false],
    ]);
  });

  it('follows a contract creation whose constructor DELEGATECALLs (deploy-counter-proxy)', async () => {
    const { rpc } = await counted();
    const frames = await rpc.getCallFrames(chain, scenarioTx('deploy-counter-proxy').hash);
    expect(frames?.map((f) => [f.type, f.from, f.to, f.depth, f.reverted])).toEqual([
      ['CREATE', scenarioTx('deploy-counter-proxy').from, contract('counterProxy'), 0, false],
      ['DELEGATECALL', contract('counterProxy'), contract('counter'), 1, false],
    ]);
    expect(frames?.[1]?.input).toBe(encodeFunctionData({ abi: ARTIFACTS.Counter.abi, functionName: 'increment' }));
  });

  it('marks a reverted transaction reverted (carol-overspends-dusd)', async () => {
    const { rpc } = await counted();
    expect(await rpc.getCallFrames(chain, scenarioTx('carol-overspends-dusd').hash)).toEqual([
      expect.objectContaining({ type: 'CALL', from: wallet('carol'), to: contract('devnetDollar'), depth: 0, reverted: true }),
    ]);
  });

  it('is null for a hash the chain does not know, without tracing', async () => {
    const { proxy, rpc } = await counted();
    expect(await rpc.getCallFrames(chain, `0x${'11'.repeat(32)}`)).toBeNull();
    expect(proxy.count('debug_traceTransaction')).toBe(0);
  });
});

describe('getAddressHistory', () => {
  it('is unavailable over plain JSON-RPC, and says why', async () => {
    const { rpc } = await counted();
    const result = await rpc.getAddressHistory(chain, { address: wallet('alice'), limit: 10 });
    expect(result).toEqual({ status: 'unavailable', reason: expect.stringContaining('cannot list the transactions of an address') });
  });
});
