import { CHAIN_NAMES, CHAINS, transactionRequest, txDecodeResult, type CallRequest, type ChainName, type ChainSource } from '@paysight/contracts';
import { devnetChainSource, readTestStack, toolPorts } from '@paysight/testkit';
import { parseUnits, type Address } from 'viem';
import { txDecode } from '../src/tx/decode/index.js';
import { txStatus } from '../src/tx/status/index.js';

const { scenario } = readTestStack().devnet;
const ports = toolPorts();
const ctx = { now: new Date() };

describe.each(CHAIN_NAMES)('tx_decode on the %s devnet', (chain: ChainName) => {
  const world = scenario.chains[chain];
  const { nativeSymbol, nativeDecimals } = CHAINS[chain];
  const wallet = (label: string) => world.wallets[label]!.address;
  const contract = (id: string) => world.contracts[id]!.address;
  const coin = (amount: string) => parseUnits(amount, nativeDecimals).toString();
  const dollars = (amount: string) => parseUnits(amount, 18).toString();

  async function decode(name: string) {
    const tx = world.transactions[name];
    if (!tx) throw new Error(`the scenario has no transaction ${name} on ${chain}`);
    const output = await txDecode.run(transactionRequest.parse({ transactionHash: tx.hash, chain }), ports, ctx);
    expect(txDecodeResult.parse(output.result)).toEqual(output.result);
    expect(output.result).toMatchObject({ transactionHash: tx.hash, chain, blockNumber: String(tx.blockNumber), from: tx.from, to: tx.to, status: tx.status });
    expect(output.metadata.dataSourceStatus).toBe('Demo');
    return output;
  }

  it('decodes an ERC-20 transfer with the token\'s ABI, its log and its fee', async () => {
    const { result } = await decode('alice-pays-bob-dusd');
    expect(result.method).toMatchObject({
      name: 'transfer',
      signature: 'transfer(address,uint256)',
      source: 'contract_abi',
      arguments: [
        { name: 'recipient', type: 'address', value: wallet('bob') },
        { name: 'amount', type: 'uint256', value: dollars('1200') },
      ],
    });
    expect(result.interaction).toMatchObject({ kind: 'contract_call', targetAccountType: 'contract', recognisedAs: 'erc20', targetName: 'Devnet Dollar (DUSD)' });
    expect(result.tokenTransfers).toEqual([
      { standard: 'erc20', logIndex: 0, token: contract('devnetDollar'), symbol: 'DUSD', from: wallet('alice'), to: wallet('bob'), amount: { raw: dollars('1200'), formatted: '1200', symbol: 'DUSD' }, tokenId: null },
    ]);
    const fee = result.fee!;
    expect(fee.total.raw).toBe((BigInt(fee.gasUsed) * BigInt(fee.effectiveGasPrice)).toString());
    expect(fee.total.symbol).toBe(nativeSymbol);
    expect(result.timestamp).not.toBeNull();
    expect(result.internalCalls).toEqual({ available: true, calls: [] });
    expect(result.summary).toMatch(new RegExp(`called transfer\\(0x.{4}….{4}, ${dollars('1200')}\\) on Devnet Dollar \\(DUSD\\) at 0x.{4}….{4}; it succeeded and cost [\\d.]+ ${nativeSymbol}\\. It moved 1200 DUSD from`));
  });

  it('decodes an approval and the transferFrom that uses it', async () => {
    const approve = (await decode('alice-approves-bob-dusd')).result;
    expect(approve.method).toMatchObject({ name: 'approve', arguments: [{ value: wallet('bob') }, { value: dollars('500') }] });
    expect(approve.tokenTransfers).toEqual([]);
    const pull = (await decode('bob-pulls-dusd-from-alice')).result;
    expect(pull.method).toMatchObject({ name: 'transferFrom', source: 'contract_abi', arguments: [{ value: wallet('alice') }, { value: wallet('bob') }, { value: dollars('200') }] });
    expect(pull.tokenTransfers).toMatchObject([{ from: wallet('alice'), to: wallet('bob'), amount: { formatted: '200' } }]);
  });

  it('decodes an NFT mint and transfer', async () => {
    const mint = (await decode('mint-explorer-1-alice')).result;
    expect(mint.interaction).toMatchObject({ recognisedAs: 'erc721', targetName: 'Devnet Explorers (DXPL)' });
    expect(mint.method).toMatchObject({ name: 'mint', source: 'selector_dataset' });
    expect(mint.tokenTransfers).toMatchObject([{ standard: 'erc721', to: wallet('alice'), tokenId: '1', amount: { raw: '1', formatted: null } }]);
    expect(mint.summary).toMatch(/It minted DXPL #1 to /);
    const give = (await decode('alice-gives-carol-explorer-1')).result;
    expect(give.method).toMatchObject({ name: 'transferFrom', source: 'contract_abi', arguments: [{ name: 'from' }, { name: 'to' }, { name: 'tokenId', value: '1' }] });
    expect(give.tokenTransfers).toMatchObject([{ standard: 'erc721', symbol: 'DXPL', from: wallet('alice'), to: wallet('carol'), tokenId: '1' }]);
  });

  it('decodes wrapping and unwrapping, with the native coin the contract sends back', async () => {
    const wrap = (await decode('alice-wraps')).result;
    // The devnet's wrapped native coin sits at the chain's canonical address, so its known ABI decodes the call.
    expect(wrap.interaction).toMatchObject({ recognisedAs: 'wrapped_native' });
    expect(wrap.method).toMatchObject({ name: 'deposit', signature: 'deposit()', source: 'contract_abi' });
    expect(wrap.value).toEqual({ raw: coin('5'), formatted: '5', symbol: nativeSymbol });
    expect(wrap.summary).toMatch(new RegExp(`sending 5 ${nativeSymbol}; it succeeded .* It minted 5 W${nativeSymbol} to`));
    const unwrap = (await decode('alice-unwraps')).result;
    expect(unwrap.method).toMatchObject({ name: 'withdraw', arguments: [{ value: coin('2') }] });
    expect(unwrap.internalCalls.calls).toContainEqual(
      expect.objectContaining({ type: 'CALL', from: contract('wrappedNative'), to: wallet('alice'), value: { raw: coin('2'), formatted: '2', symbol: nativeSymbol }, depth: 1, reverted: false }),
    );
    expect(unwrap.summary).toMatch(new RegExp(`Inside it, 0x.{4}….{4} sent 2 ${nativeSymbol} to 0x.{4}….{4}\\.$`));
  });

  it('sees through the EIP-1967 proxy to the implementation it delegated to', async () => {
    const { result } = await decode('bob-increments-via-proxy');
    expect(result.method).toMatchObject({ name: 'incrementBy', signature: 'incrementBy(uint256)', arguments: [{ name: 'step', value: '5' }] });
    expect(result.interaction.proxyImplementation).toBe(contract('counter'));
    expect(result.internalCalls.calls[0]).toMatchObject({ type: 'DELEGATECALL', from: contract('counterProxy'), to: contract('counter'), method: 'incrementBy' });
    expect(result.summary).toMatch(new RegExp(`called incrementBy\\(5\\) on 0x.{4}….{4}, a proxy that delegated to ${contract('counter').slice(0, 6)}…${contract('counter').slice(-4)}; it succeeded`));
  });

  it('gives the reason of reverts with a reason string', async () => {
    const counter = await decode('bob-steps-too-far');
    // Hardhat's struct-log trace carries the revert data in the memory REVERT returns.
    expect(counter.result.revert).toMatchObject({ kind: 'reason', reason: 'Counter: step too large', errorName: 'Error', source: 'builtin', origin: 'trace' });
    expect(counter.result.summary).toMatch(/it reverted with "Counter: step too large" and still cost/);
    expect(counter.metadata.dataNotes).toContain("The revert reason is the revert data of the transaction's own call in the node's execution trace.");
    const token = await decode('carol-overspends-dusd');
    expect(token.result.revert).toMatchObject({ kind: 'reason', reason: 'ERC20: transfer amount exceeds balance' });
    expect(token.result.tokenTransfers).toEqual([]);
  });

  it('names a custom error from the data set', async () => {
    const { result } = await decode('carol-decrements-empty-counter');
    expect(result.method).toMatchObject({ name: 'decrement', arguments: [] });
    expect(result.revert).toMatchObject({
      kind: 'custom_error',
      errorName: 'CounterUnderflow',
      signature: 'CounterUnderflow(address)',
      source: 'selector_dataset',
      arguments: [{ name: 'caller', type: 'address', value: wallet('carol') }],
    });
    expect(result.summary).toMatch(/it reverted with CounterUnderflow\(0x.{4}….{4}\) and still cost/);
  });

  it('decodes a contract creation and a native transfer', async () => {
    const creation = (await decode('deploy-counter')).result;
    expect(creation).toMatchObject({ contractCreated: contract('counter'), method: null, interaction: { kind: 'contract_creation' } });
    expect(creation.summary).toMatch(/deployed a contract at 0x.{4}….{4}; it succeeded/);
    const native = (await decode('alice-sends-bob-native')).result;
    expect(native).toMatchObject({ method: null, value: { raw: coin('1.5'), formatted: '1.5' }, interaction: { kind: 'transfer', targetAccountType: 'eoa' }, tokenTransfers: [] });
    expect(native.summary).toMatch(new RegExp(`^0x.{4}….{4} sent 1\\.5 ${nativeSymbol} to 0x.{4}….{4}; it succeeded and cost [\\d.]+ ${nativeSymbol}\\.$`));
  });

  it('decodes a batch run by an EIP-7702 delegated account', async () => {
    const { result } = await decode('smart-account-user-batches-payments');
    expect(result.interaction).toMatchObject({ targetAccountType: 'delegated_eoa', delegatedTo: contract('smartAccount') });
    expect(result.method).toMatchObject({ name: 'executeBatch', signature: 'executeBatch((address,uint256,bytes)[])' });
    expect((result.method!.arguments[0]!.value as unknown[]).length).toBe(2);
    expect(result.tokenTransfers).toMatchObject([{ token: contract('usdc'), symbol: 'USDC', from: wallet('smartAccountUser'), amount: { formatted: '120' } }]);
    expect(result.internalCalls.calls).toContainEqual(expect.objectContaining({ to: contract('usdc'), method: 'transfer', depth: 1 }));
    // The batch's calls, opened from the input: each made by the delegated account.
    expect(result.nestedCalls).toEqual([
      expect.objectContaining({ path: '0', depth: 1, via: 'account_execute', operation: 'call', from: wallet('smartAccountUser'), to: contract('usdc'), method: expect.objectContaining({ name: 'transfer', source: 'contract_abi' }) }),
      expect.objectContaining({ path: '1', depth: 1, via: 'account_execute', from: wallet('smartAccountUser'), to: wallet('exchange'), value: { raw: coin('0.2'), formatted: '0.2', symbol: nativeSymbol }, method: null }),
    ]);
    expect(result.summary).toMatch(/on 0x.{4}….{4}, an account delegated to 0x.{4}….{4} \(EIP-7702\); it succeeded/);
    expect(result.summary).toMatch(/It carried 2 calls: /);
  });

  it('says not_found for a hash the chain never saw', async () => {
    const { result } = await txDecode.run(transactionRequest.parse({ hash: `0x${'12'.repeat(32)}`, chain }), ports, ctx);
    expect(result).toMatchObject({ status: 'not_found', method: null, fee: null });
    expect(result.summary).toMatch(/node does not know transaction/);
  });

  it('gives tx_status the method name from the same data set', async () => {
    const tx = world.transactions['alice-increments-counter']!;
    const { result } = await txStatus.run(transactionRequest.parse({ hash: tx.hash, chain }), ports, ctx);
    expect(result.method).toEqual({ selector: '0xd09de08a', kind: 'contract_call', name: 'increment', signature: 'increment()' });
  });
});

describe('tx_decode on the base devnet: x402 payments', () => {
  const world = scenario.chains.base;

  it('decodes a settled x402 payment with the USDC interface', async () => {
    const tx = world.transactions['x402-payment-wallet-snapshot']!;
    const { result } = await txDecode.run(transactionRequest.parse({ hash: tx.hash, chain: 'base' }), ports, ctx);
    expect(result.interaction).toMatchObject({ recognisedAs: 'usdc', targetName: 'USD Coin (USDC)' });
    expect(result.method).toMatchObject({ name: 'transferWithAuthorization', source: 'contract_abi' });
    const args = Object.fromEntries(result.method!.arguments.map((a) => [a.name, a.value]));
    expect(args).toMatchObject({ from: world.wallets.demoBuyer!.address, to: world.wallets.payee!.address, value: '10000' });
    expect(result.tokenTransfers).toMatchObject([{ symbol: 'USDC', amount: { raw: '10000', formatted: '0.01' } }]);
    expect(result.summary).toMatch(/called transferWithAuthorization\(.*\) on USD Coin \(USDC\) at 0x8335…2913; it succeeded .* It moved 0\.01 USDC from/);
  });
});

describe('tx_decode reads', () => {
  const world = scenario.chains.ethereum;

  /** The devnet source, recording the contract reads and replays the tool asks for. */
  function recordingSource() {
    const source = devnetChainSource();
    const reads: number[] = [];
    const replays: CallRequest[] = [];
    const abiRequests: string[] = [];
    const recording: ChainSource = Object.assign(Object.create(source) as ChainSource, {
      getVerifiedAbi: (chain: ChainName, address: Address) => {
        abiRequests.push(address);
        return source.getVerifiedAbi!(chain, address);
      },
      readContracts: (...args: Parameters<ChainSource['readContracts']>) => {
        reads.push(args[1].length);
        return source.readContracts(...args);
      },
      call: (chain: ChainName, request: CallRequest) => {
        replays.push(request);
        return source.call(chain, request);
      },
    });
    return { ports: toolPorts({ chain: recording }), reads, replays, abiRequests };
  }

  it('asks every contract that took part for its name and decimals in one Multicall3 round trip', async () => {
    const { ports: recorded, reads } = recordingSource();
    const tx = world.transactions['smart-account-user-batches-payments']!;
    const { result } = await txDecode.run(transactionRequest.parse({ hash: tx.hash, chain: 'ethereum' }), recorded, ctx);
    expect(result.tokenTransfers[0]?.symbol).toBe('USDC');
    // The delegated account and USDC, five reads each.
    expect(reads).toEqual([10]);
  });

  it('replays a reverted transaction at the previous block with its own sender, recipient, value and input', async () => {
    const { ports: recorded, replays } = recordingSource();
    const tx = world.transactions['bob-steps-too-far']!;
    await txDecode.run(transactionRequest.parse({ hash: tx.hash, chain: 'ethereum' }), recorded, ctx);
    expect(replays).toEqual([expect.objectContaining({ from: tx.from, to: tx.to, value: 0n, blockNumber: BigInt(tx.blockNumber - 1) })]);
    expect(replays[0]!.data.slice(0, 10)).toBe('0x03df179c');
    const ok = world.transactions['alice-increments-counter']!;
    await txDecode.run(transactionRequest.parse({ hash: ok.hash, chain: 'ethereum' }), recorded, ctx);
    expect(replays).toHaveLength(1);
  });

  it("asks the explorer for the recipient's verified ABI only when the recipient has code, and says what the explorer answered", async () => {
    const { ports: recorded, abiRequests } = recordingSource();
    const call = world.transactions['bob-steps-too-far']!;
    const { metadata } = await txDecode.run(transactionRequest.parse({ hash: call.hash, chain: 'ethereum' }), recorded, ctx);
    expect(abiRequests).toEqual([call.to]);
    // The devnet explorer serves account lists only, so getabi is refused and the tool says so.
    expect(metadata.limitations.join(' ')).toMatch(/No verified ABI was read for the recipient: Ethereum explorer \(getabi\)/);
    const native = world.transactions['alice-sends-bob-native']!;
    await txDecode.run(transactionRequest.parse({ hash: native.hash, chain: 'ethereum' }), recorded, ctx);
    expect(abiRequests).toEqual([call.to]);
  });
});
