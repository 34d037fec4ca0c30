import { CHAIN_NAMES, CHAINS, PAYMENT, priceOf, toolById } from '@paysight/contracts';
import { type Address, decodeErrorResult, encodeFunctionData, erc20Abi, getAddress, type Hex, keccak256, parseUnits, toBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { KNOWN_TOKENS } from '@paysight/datasets';
import { imitatedToken } from '@paysight/tools';
import { authorizationArgs, signUsdcAuthorization } from '../src/chain/usdc-authorization.js';
import { ARTIFACTS, type Devnet, HISTORY_DAYS, REALISTIC_CHAINS, SCENARIO_WALLETS, startDevnet } from '../src/index.js';
import { nowSeconds, publicClient, START_TIMEOUT_MS } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet();
}, START_TIMEOUT_MS);
afterAll(() => devnet?.close());

const erc721Abi = ARTIFACTS.DevnetCollectible.abi;
const EIP1967_IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';

describe.each(CHAIN_NAMES)('the seeded scenario on %s', (chain) => {
  const scenario = () => devnet.scenario.chains[chain];
  const realistic = REALISTIC_CHAINS.includes(chain);

  it('names the wallets and the contracts with their addresses', async () => {
    const { wallets, contracts } = scenario();
    const impersonated = ['contractorLookalikeA', 'contractorLookalikeB', 'lazarus', 'lookalike', 'sellerLookalike'];
    expect(Object.keys(wallets).sort()).toEqual([...SCENARIO_WALLETS, ...impersonated].sort());
    expect(Object.entries(wallets).filter(([, w]) => w.impersonated).map(([label]) => label).sort()).toEqual(impersonated);
    expect(wallets.demoBuyer?.address).toBe(devnet.accounts.demoBuyer.address);
    expect(contracts.usdc).toMatchObject({ address: CHAINS[chain].usdc, kind: 'usdc', symbol: 'USDC', decimals: 6 });
    expect(Object.keys(contracts).sort()).toEqual(
      [
        'agentClone',
        'agentMultisig',
        'agentMultisigLogic',
        'counter',
        'counterProxy',
        'counterfeitUsdc',
        'devnetDollar',
        'explorers',
        'mixerPool',
        'multicall3',
        'permit2',
        'permitRouter',
        'router',
        'sanctionsOracle',
        'smartAccount',
        'sweeper',
        'usdc',
        'wrappedNative',
        ...(realistic ? ['poisonerUsdc', 'relayedAccountImplementation', 'spamClaimTicket', 'spamRewardPass', 'spamUsdc', 'spamWrapped'] : []),
      ].sort(),
    );
    const client = publicClient(devnet, chain);
    for (const contract of Object.values(contracts)) {
      const code = await client.getCode({ address: contract.address });
      // Deployed code carries its immutables (owner, decimals), so only placed contracts match byte for byte.
      if (contract.artifact === null) expect(code).toBe(`0x363d3d373d3d3d363d73${contract.implementation!.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`);
      else if (contract.deployedBy) expect(code?.length).toBe(ARTIFACTS[contract.artifact].deployedBytecode.length);
      else expect(code).toBe(ARTIFACTS[contract.artifact].deployedBytecode);
    }
  });

  it('has the wrapped native coin at the canonical address the risk detectors know, under its real name', async () => {
    const { contracts, transactions } = scenario();
    const [name, symbol] = chain === 'polygon' ? ['Wrapped Polygon Ecosystem Token', 'WPOL'] : ['Wrapped Ether', 'WETH'];
    const canonical = KNOWN_TOKENS[chain].find((t) => t.symbol === symbol)!.address;
    expect(contracts.wrappedNative).toEqual({ address: canonical, kind: 'wrapped-native', artifact: 'WrappedNative', name, symbol, decimals: 18 });
    const client = publicClient(devnet, chain);
    const read = (functionName: 'name' | 'symbol' | 'decimals') => client.readContract({ address: canonical, abi: erc20Abi, functionName });
    expect([await read('name'), await read('symbol'), await read('decimals')]).toEqual([name, symbol, 18]);
    expect([transactions['alice-wraps']?.to, transactions['alice-unwraps']?.to]).toEqual([canonical, canonical]);
    expect(Object.values(transactions).filter((tx) => tx.contractAddress === canonical)).toEqual([]);
  });

  it('has no token that imitates a well-known one, except the planted counterfeits', () => {
    const imitations = Object.entries(scenario().contracts).filter(
      ([, c]) => c.symbol !== undefined && imitatedToken(chain, c.address, { symbol: c.symbol, name: c.name ?? null, decimals: c.decimals ?? null }),
    );
    expect(imitations.map(([id]) => id).sort()).toEqual(['counterfeitUsdc', ...(realistic ? ['poisonerUsdc', 'spamUsdc', 'spamWrapped'] : [])]);
    expect(imitations.map(([, c]) => c.kind)).toEqual(imitations.map(() => 'counterfeit-erc20'));
  });

  it('holds every wallet balance the scenario expects', async () => {
    const client = publicClient(devnet, chain);
    const { wallets, contracts } = scenario();
    for (const [label, wallet] of Object.entries(wallets)) {
      const where = `${label} on ${chain}`;
      expect([where, await client.getBalance({ address: wallet.address })]).toEqual([where, BigInt(wallet.balances.native)]);
      for (const [token, amount] of Object.entries(wallet.balances.tokens)) {
        const balance = await client.readContract({ address: contracts[token]!.address, abi: erc20Abi, functionName: 'balanceOf', args: [wallet.address] });
        expect([where, token, balance]).toEqual([where, token, BigInt(amount)]);
      }
      for (const [collection, tokenIds] of Object.entries(wallet.balances.nfts)) {
        const address = contracts[collection]!.address;
        expect(await client.readContract({ address, abi: erc721Abi, functionName: 'balanceOf', args: [wallet.address] })).toBe(BigInt(tokenIds.length));
        for (const id of tokenIds) {
          expect(await client.readContract({ address, abi: erc721Abi, functionName: 'ownerOf', args: [BigInt(id)] })).toBe(wallet.address);
        }
      }
    }
  });

  it('matches the amounts the plan spells out', () => {
    const { wallets } = scenario();
    const dusd = (n: string) => parseUnits(n, 18).toString();
    const usdc = (n: string) => parseUnits(n, 6).toString();
    const x402Spent = chain === 'base' ? BigInt(priceOf(toolById('wallet_snapshot')!).atomic) + BigInt(priceOf(toolById('wallet_audit')!).atomic) : 0n;
    expect(wallets.demoBuyer?.balances.tokens.usdc).toBe((parseUnits('1000', PAYMENT.decimals) - x402Spent).toString());
    // The receipt cases pay the payee 0.01 (in full), 0.005 (underpaid) and 0.01 (the smart account's batch), and carol 0.01 (wrong payee).
    expect(wallets.payee?.balances.tokens.usdc).toBe((x402Spent + parseUnits('0.025', PAYMENT.decimals)).toString());
    expect(wallets.demoBuyer?.balances.native).toBe(parseUnits('100', 18).toString());
    // Every other token of the scenario (counterfeits, spam) at zero.
    const others = Object.fromEntries(Object.keys(wallets.alice!.balances.tokens).map((id) => [id, '0']));
    const tokens = (usdcAmount: string, devnetDollar: string, wrappedNative: string) => ({ ...others, usdc: usdcAmount, devnetDollar, wrappedNative });
    expect(wallets.alice?.balances.tokens).toEqual(tokens(usdc('500'), dusd('8600'), dusd('2')));
    expect(wallets.bob?.balances.tokens).toEqual(tokens(usdc('210'), dusd('3600'), '0'));
    expect(wallets.carol?.balances.tokens).toEqual(tokens(usdc('40.01'), dusd('300'), dusd('1')));
    expect([wallets.alice?.balances.nfts, wallets.bob?.balances.nfts, wallets.carol?.balances.nfts]).toEqual([
      { explorers: ['2'] },
      { explorers: ['3'] },
      { explorers: ['1'] },
    ]);
  });

  it('records every named transaction as mined, with its sender, target and status', async () => {
    const client = publicClient(devnet, chain);
    const transactions = Object.entries(scenario().transactions);
    expect(transactions.length).toBeGreaterThan(100);
    for (const [name, tx] of transactions) {
      const receipt = await client.getTransactionReceipt({ hash: tx.hash });
      const address = (a: string | null | undefined) => (a ? getAddress(a) : null);
      expect([name, receipt.status, address(receipt.from), address(receipt.to), Number(receipt.blockNumber)]).toEqual([
        name,
        tx.status,
        tx.from,
        tx.to,
        tx.blockNumber,
      ]);
      expect(address(receipt.contractAddress)).toBe(tx.contractAddress ?? null);
    }
  });

  it('has reverted transactions whose replay gives the recorded reason or custom error', async () => {
    const client = publicClient(devnet, chain);
    const reverted = Object.entries(scenario().transactions).filter(([, tx]) => tx.status === 'reverted');
    expect(reverted.map(([name, tx]) => [name, tx.revertReason ?? tx.revertError])).toEqual([
      ['carol-overspends-dusd', 'ERC20: transfer amount exceeds balance'],
      ['bob-steps-too-far', 'Counter: step too large'],
      ['carol-decrements-empty-counter', 'CounterUnderflow'],
      ['receipt-reverted', 'ERC20: transfer amount exceeds balance'],
    ]);
    const errorAbi = [...ARTIFACTS.Counter.abi, ...ARTIFACTS.DevnetToken.abi];
    for (const [, tx] of reverted) {
      const original = await client.getTransaction({ hash: tx.hash });
      const data = await revertData(() =>
        client.call({ account: original.from, to: original.to!, data: original.input, value: original.value, blockNumber: original.blockNumber! - 1n }),
      );
      const decoded = decodeErrorResult({ abi: errorAbi, data });
      expect(decoded.errorName === 'Error' ? decoded.args?.[0] : decoded.errorName).toBe(tx.revertReason ?? tx.revertError);
    }
  });

  it('keeps its pending transactions in the mempool, unmined, one nonce ahead of their sender', async () => {
    const client = publicClient(devnet, chain);
    const pending = Object.entries(scenario().pendingTransactions);
    expect(pending.map(([name]) => name)).toEqual(['receipt-pending']);
    for (const [, tx] of pending) {
      expect(await client.getTransaction({ hash: tx.hash })).toMatchObject({ blockNumber: null, from: tx.from.toLowerCase(), nonce: tx.nonce });
      expect(await client.getTransactionCount({ address: tx.from })).toBe(tx.nonce - 1);
    }
  });

  it('has a counter behind an EIP-1967 proxy', async () => {
    const client = publicClient(devnet, chain);
    const { counter, counterProxy } = scenario().contracts;
    const slot = await client.getStorageAt({ address: counterProxy!.address, slot: EIP1967_IMPLEMENTATION_SLOT });
    expect(`0x${slot!.slice(-40)}`).toBe(counter!.address.toLowerCase());
    expect(counterProxy!.implementation).toBe(counter!.address);
    const count = (address: Address) => client.readContract({ address, abi: ARTIFACTS.Counter.abi, functionName: 'count' });
    expect(await count(counterProxy!.address)).toBe(6n); // initialised with increment(), then incrementBy(5)
    expect(await count(counter!.address)).toBe(0n); // incremented once, decremented once
  });

  it('dates its history over the last 60 days and ends at the wall clock', async () => {
    const client = publicClient(devnet, chain);
    const blockTime = async (n: number) => (await client.getBlock({ blockNumber: BigInt(n) })).timestamp;
    const numbers = Object.values(scenario().transactions).map((tx) => tx.blockNumber);
    const now = nowSeconds();
    const first = await blockTime(Math.min(...numbers));
    const last = await blockTime(Math.max(...numbers));
    expect(now - first).toBeGreaterThanOrEqual(BigInt((HISTORY_DAYS - 1) * 86_400));
    expect(now - first).toBeLessThanOrEqual(BigInt((HISTORY_DAYS + 1) * 86_400));
    expect(now - last).toBeGreaterThanOrEqual(3_600n);
    const head = await client.getBlock();
    expect(head.number).toBeGreaterThan(BigInt(Math.max(...numbers)));
    // The head is "now": generous bounds, as this is about dates, not speed.
    expect(head.timestamp).toBeGreaterThan(now - 300n);
    expect(head.timestamp).toBeLessThanOrEqual(now + 5n);
  });
});

it('on base, the demo buyer has x402 history and can sign a fresh authorization the chain accepts', async () => {
  const { transactions, wallets } = devnet.scenario.chains.base;
  expect(transactions['x402-payment-wallet-audit']).toMatchObject({
    kind: 'usdc-authorization',
    from: devnet.accounts.facilitator.address,
    to: CHAINS.base.usdc,
    status: 'success',
  });
  expect(BigInt(wallets.facilitator!.balances.native)).toBeGreaterThan(0n);

  const buyer = privateKeyToAccount(devnet.accounts.demoBuyer.privateKey);
  const message = {
    from: buyer.address,
    to: devnet.accounts.payee.address,
    value: 10_000n,
    validAfter: nowSeconds() - 600n,
    validBefore: nowSeconds() + 300n,
    nonce: keccak256(toBytes(`scenario-test:${Date.now()}`)),
  };
  const signature = await signUsdcAuthorization(devnet.accounts.demoBuyer.privateKey, { chainId: CHAINS.base.chainId, address: CHAINS.base.usdc }, message);
  const call = encodeFunctionData({
    abi: ARTIFACTS.DevnetUSDC.abi,
    functionName: 'transferWithAuthorization',
    args: authorizationArgs(message, signature),
  });
  // Simulated, not sent: the scenario's balances stay as published for the other tests.
  await expect(publicClient(devnet, 'base').call({ account: devnet.accounts.facilitator.address, to: CHAINS.base.usdc, data: call })).resolves.toBeDefined();
});

async function revertData(run: () => Promise<unknown>): Promise<Hex> {
  try {
    await run();
  } catch (error) {
    // Hardhat answers a reverted eth_call with error.data = {message, data: "0x..."}; geth with the hex itself.
    for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
      const data = (cause as { data?: unknown }).data;
      const hex = typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : data;
      if (typeof hex === 'string' && hex.startsWith('0x')) return hex as Hex;
    }
    throw error;
  }
  throw new Error('the replay did not revert');
}
