import { createServer } from 'node:net';
import { CHAIN_NAMES, CHAINS, type ChainName, MULTICALL3_ADDRESS } from '@paysight/contracts';
import { erc20Abi } from 'viem';
import { ARTIFACTS, type Devnet, freshAccount, fundAccount, startDevnet } from '../src/index.js';
import { publicClient, START_TIMEOUT_MS } from './helpers.js';

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('five chains in one process', () => {
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await startDevnet({ seed: false });
  }, START_TIMEOUT_MS);
  afterAll(() => devnet?.close());

  it.each(CHAIN_NAMES)('%s answers with its real chain id over HTTP', async (chain) => {
    expect(devnet.chains[chain]).toMatchObject({ name: chain, chainId: CHAINS[chain].chainId, usdc: CHAINS[chain].usdc });
    expect(devnet.chains[chain].rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await publicClient(devnet, chain).getChainId()).toBe(CHAINS[chain].chainId);
  });

  it('gives every chain its own port', () => {
    expect(new Set(CHAIN_NAMES.map((c) => devnet.chains[c].rpcUrl)).size).toBe(CHAIN_NAMES.length);
  });

  it.each(CHAIN_NAMES)('%s has Multicall3 at its canonical address', async (chain) => {
    expect(await publicClient(devnet, chain).getCode({ address: MULTICALL3_ADDRESS })).toBe(ARTIFACTS.Multicall3.deployedBytecode);
  });

  it('batches reads with viem multicall (aggregate3), failures included, and getEthBalance', async () => {
    const holder = freshAccount();
    await fundAccount(devnet.faucetUrl, { chain: 'optimism', address: holder.address, native: 123n, usdc: 456n });
    const client = publicClient(devnet, 'optimism');
    const multicall = ARTIFACTS.Multicall3.abi;
    const results = await client.multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      contracts: [
        { address: MULTICALL3_ADDRESS, abi: multicall, functionName: 'getEthBalance', args: [holder.address] },
        { address: CHAINS.optimism.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [holder.address] },
        { address: MULTICALL3_ADDRESS, abi: multicall, functionName: 'getChainId' },
        // Not a token: the call fails, the batch does not.
        { address: holder.address, abi: erc20Abi, functionName: 'balanceOf', args: [holder.address] },
      ],
    });
    expect(results.slice(0, 3)).toEqual([
      { status: 'success', result: 123n },
      { status: 'success', result: 456n },
      { status: 'success', result: BigInt(CHAINS.optimism.chainId) },
    ]);
    expect(results[3]?.status).toBe('failure');
  });

  it('answers the block getters and tryAggregate that the x402 facilitator uses', async () => {
    const client = publicClient(devnet, 'base');
    const head = await client.getBlock();
    const read = (functionName: string, args: readonly unknown[] = []) =>
      client.readContract({ address: MULTICALL3_ADDRESS, abi: ARTIFACTS.Multicall3.abi, functionName, args, blockNumber: head.number });
    expect(await read('getBlockNumber')).toBe(head.number);
    expect(await read('getCurrentBlockTimestamp')).toBe(head.timestamp);
    expect(await read('getCurrentBlockGasLimit')).toBe(head.gasLimit);
    // eth_call without a gas price runs with a zero base fee (as on geth), so only the type is certain.
    expect(typeof (await read('getBasefee'))).toBe('bigint');
    expect((await read('getCurrentBlockCoinbase')) as string).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await read('getLastBlockHash')).toBe(head.parentHash);

    const [ok, failed] = (await client.readContract({
      address: MULTICALL3_ADDRESS,
      abi: ARTIFACTS.Multicall3.abi,
      functionName: 'tryAggregate',
      args: [false, [{ target: CHAINS.base.usdc, callData: '0x06fdde03' /* name() */ }, { target: CHAINS.base.usdc, callData: '0xdeadbeef' }]],
    })) as { success: boolean; returnData: string }[];
    expect(ok?.success).toBe(true);
    expect(failed?.success).toBe(false);
    await expect(
      client.readContract({
        address: MULTICALL3_ADDRESS,
        abi: ARTIFACTS.Multicall3.abi,
        functionName: 'aggregate',
        args: [[{ target: CHAINS.base.usdc, callData: '0xdeadbeef' }]],
      }),
    ).rejects.toThrow('Multicall3: call failed');
  });

  it('lets other processes see the named accounts with their private keys', () => {
    for (const account of Object.values(devnet.accounts)) {
      expect(account.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(account.privateKey).toMatch(/^0x[0-9a-f]{64}$/);
    }
    expect(JSON.parse(JSON.stringify(devnet)).chains.base.chainId).toBe(8453);
  });
});

describe('ports', () => {
  it('uses the ports it is given and frees them on close', async () => {
    const ports: Partial<Record<ChainName, number>> = { base: await freePort(), optimism: await freePort() };
    const [faucetPort, explorerPort] = [await freePort(), await freePort()];
    const devnet = await startDevnet({ seed: false, ports, faucetPort, explorerPort });
    try {
      expect(devnet.chains.base.rpcUrl).toBe(`http://127.0.0.1:${ports.base}`);
      expect(devnet.chains.optimism.rpcUrl).toBe(`http://127.0.0.1:${ports.optimism}`);
      expect(devnet.faucetUrl).toBe(`http://127.0.0.1:${faucetPort}`);
      expect(devnet.explorerUrl).toBe(`http://127.0.0.1:${explorerPort}/v2/api`);
    } finally {
      await devnet.close();
    }
    // Free again: a second devnet can take the same ports.
    const again = await startDevnet({ seed: false, ports, faucetPort, explorerPort });
    await again.close();
  }, START_TIMEOUT_MS);

  it('fails clearly when a port is taken, leaving nothing running', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      await expect(startDevnet({ seed: false, ports: { polygon: port } })).rejects.toThrow(`cannot listen on 127.0.0.1:${port}`);
      await expect(startDevnet({ seed: false, explorerPort: port })).rejects.toThrow(`explorer cannot listen on 127.0.0.1:${port}`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, START_TIMEOUT_MS);
});
