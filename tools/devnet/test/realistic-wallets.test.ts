import { CHAIN_NAMES, CHAINS, PAYMENT, RISK_FLAG_IDS, RISK_LABELS } from '@paysight/contracts';
import { EIP7702_SMART_ACCOUNTS, KNOWN_SPENDERS } from '@paysight/datasets';
import { type Address, concatHex, erc20Abi, getAbiItem, getAddress, maxUint256, parseEventLogs, parseUnits } from 'viem';
import { ARTIFACTS, type Devnet, LAZARUS_GROUP_ADDRESS, looksAlike, REALISTIC_CHAINS, SANCTIONS_ORACLE_ADDRESSES, startDevnet, SWAP_ROUTER_ADDRESSES } from '../src/index.js';
import { namedTransactions, publicClient, queryExplorer, START_TIMEOUT_MS } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet();
}, START_TIMEOUT_MS);
afterAll(() => devnet?.close());

const transferEvent = getAbiItem({ abi: erc20Abi, name: 'Transfer' });
const HOUR = 3_600n;

// The ground truth for the audit's expectations on wallets shaped like mainnet ones: each shape is
// checked here on the chain itself.
it('plants the realistic wallets on Ethereum and Base only', () => {
  expect(CHAIN_NAMES.filter((chain) => devnet.scenario.chains[chain].realisticWallets.length > 0)).toEqual([...REALISTIC_CHAINS]);
});

describe.each(REALISTIC_CHAINS)('the realistic wallets on %s', (chain) => {
  const scenario = () => devnet.scenario.chains[chain];
  const client = () => publicClient(devnet, chain);
  const address = (label: string) => (scenario().wallets[label] ?? scenario().contracts[label])!.address;
  const { tx, receipt, blockTime } = namedTransactions(() => devnet, chain);
  const sentBy = (label: string) => Object.entries(scenario().transactions).filter(([, t]) => t.from === address(label));
  const balanceChange = async (label: string, name: string) => {
    const block = BigInt(tx(name).blockNumber);
    return (await client().getBalance({ address: address(label), blockNumber: block })) - (await client().getBalance({ address: address(label), blockNumber: block - 1n }));
  };
  const explorer = async (params: Record<string, string>) =>
    (await (await queryExplorer(devnet, CHAINS[chain].chainId, params)).json()) as { status: string; result: Record<string, string>[] };

  /** The explorer's internal transactions of `address` in the block of one named transaction. */
  const internalTransfersIn = (name: string, address: Address) => {
    const block = String(tx(name).blockNumber);
    return explorer({ action: 'txlistinternal', address, startblock: block, endblock: block });
  };

  it('publishes each shape with its wallet, its transactions and its expected audit', () => {
    const { realisticWallets } = scenario();
    const shapes = ['defi-power-user', 'spam-recipient', 'poisoning-victim', 'relayed-smart-account', 'router-contract', ...(chain === 'base' ? ['busy-hot-wallet'] : [])];
    expect(realisticWallets.map((w) => w.shape)).toEqual(shapes);
    for (const wallet of realisticWallets) {
      expect([wallet.wallet, wallet.address]).toEqual([wallet.wallet, address(wallet.wallet)]);
      for (const name of wallet.transactions) expect([name, tx(name).status]).toEqual([name, 'success']);
      for (const [label, at] of Object.entries(wallet.counterparties)) expect([label, at]).toEqual([label, address(label)]);
      expect(wallet.expectedFlags.filter((f) => wallet.forbiddenFlags.includes(f))).toEqual([]);
      expect([...wallet.expectedFlags, ...wallet.forbiddenFlags].filter((f) => !RISK_FLAG_IDS.includes(f))).toEqual([]);
      expect(wallet.scoreBands.length).toBeGreaterThan(0);
      expect(wallet.scoreBands.filter((b) => !RISK_LABELS.includes(b))).toEqual([]);
    }
    // None of them is a planted risk pattern or a benign wallet: they are tested apart.
    const patterned = new Set([...scenario().riskPatterns.map((p) => p.wallet), ...scenario().benignWallets]);
    expect(realisticWallets.filter((w) => patterned.has(w.wallet))).toEqual([]);
  });

  it('has the swap router at SwapRouter02\'s address, a spender the detectors know, with liquidity from several callers and the Lazarus Group among them', async () => {
    const router = scenario().contracts.router!;
    expect(router).toMatchObject({ address: SWAP_ROUTER_ADDRESSES[chain], kind: 'router', artifact: 'SwapRouter' });
    expect(KNOWN_SPENDERS.find(chain, router.address)?.label).toBe('Uniswap SwapRouter02');
    expect(await client().getCode({ address: router.address })).toBe(ARTIFACTS.SwapRouter.deployedBytecode);
    const callers = new Set(Object.values(scenario().transactions).filter((t) => t.to === router.address).map((t) => t.from));
    expect(callers.size).toBeGreaterThanOrEqual(6);
    expect(callers.has(LAZARUS_GROUP_ADDRESS)).toBe(true);
    const isSanctioned = (who: Address) =>
      client().readContract({ address: SANCTIONS_ORACLE_ADDRESSES[chain], abi: ARTIFACTS.SanctionsOracle.abi, functionName: 'isSanctioned', args: [who] });
    expect([await isSanctioned(LAZARUS_GROUP_ADDRESS), await isSanctioned(router.address)]).toEqual([true, false]);
  });

  it('has a DeFi power user: unlimited approvals to the router, swaps both ways, liquidity, and equal wrap and unwrap round trips', async () => {
    const user = address('defiPowerUser');
    const router = address('router');
    const wrapped = address('wrappedNative');
    for (const token of [CHAINS[chain].usdc, wrapped]) {
      expect(await client().readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [user, router] })).toBe(maxUint256);
    }
    // Native in: the router wraps the coin and pays USDC out.
    const bought = await receipt('defi-user-swaps-native-for-usdc');
    const usdcOut = transfers(bought.logs, CHAINS[chain].usdc);
    expect(usdcOut).toHaveLength(1);
    expect(usdcOut[0]).toMatchObject({ from: router, to: user });
    // Native out: swap into the router, then unwrapWETH9 pays the coin in an internal transfer the explorer lists.
    const sold = await internalTransfersIn('defi-user-swaps-usdc-for-native', user);
    expect(sold.result.filter((row) => row.hash === tx('defi-user-swaps-usdc-for-native').hash && getAddress(row.to!) === user && getAddress(row.from!) === router)).toHaveLength(1);
    const deposit = await receipt('defi-user-adds-liquidity');
    expect(transfers(deposit.logs, CHAINS[chain].usdc)).toEqual([{ from: user, to: router, value: parseUnits('3000', PAYMENT.decimals) }]);

    for (const n of [1, 2, 3]) {
      const [wrap, unwrap] = [tx(`defi-user-wraps-${n}`), tx(`defi-user-unwraps-${n}`)];
      expect([wrap.to, unwrap.to]).toEqual([wrapped, wrapped]);
      const wrapped_ = await client().getTransaction({ hash: wrap.hash });
      expect(await balanceChange('defiPowerUser', `defi-user-unwraps-${n}`)).toBe(wrapped_.value - (await receipt(`defi-user-unwraps-${n}`)).gasUsed * 2_000_000_000n);
      expect((await blockTime(`defi-user-unwraps-${n}`)) - (await blockTime(`defi-user-wraps-${n}`))).toBeLessThan(24n * HOUR);
    }
  });

  it('showers a spam recipient with airdrops of four tokens it never touches', async () => {
    const recipient = address('spamRecipient');
    const tokens = ['spamUsdc', 'spamWrapped', 'spamRewardPass', 'spamClaimTicket'];
    for (const id of tokens) {
      const token = address(id);
      const logs = await client().getLogs({ address: token, event: transferEvent, args: { to: recipient }, fromBlock: 0n });
      expect([id, logs.length]).toEqual([id, 2]);
      const airdrop = await receipt(`airdrop-${id}-1`);
      expect([id, transfers(airdrop.logs, token).length]).toEqual([id, 25]);
      expect([id, BigInt(scenario().wallets.spamRecipient!.balances.tokens[id]!)]).toEqual([id, 2n * logs[0]!.args.value!]);
    }
    // Shown as sent by the exchange, which sent nothing of the kind.
    expect(transfers((await receipt('airdrop-spamUsdc-1')).logs, address('spamUsdc'))[0]?.from).toBe(address('exchange'));
    const touched = sentBy('spamRecipient').filter(([, t]) => t.to !== null && tokens.map(address).includes(t.to));
    expect(touched).toEqual([]);
  });

  it('poisons a regular payer with two look-alikes of its contractor, which it never pays', async () => {
    const payer = address('regularPayer');
    const contractor = address('contractor');
    const lookalikes = [address('contractorLookalikeA'), address('contractorLookalikeB')];
    for (const lookalike of lookalikes) expect(looksAlike(lookalike, contractor)).toBe(true);
    const usdcOut = await client().getLogs({ address: CHAINS[chain].usdc, event: transferEvent, args: { from: payer }, fromBlock: 0n });
    const paid = usdcOut.filter((log) => log.args.value! > 0n);
    expect(paid.map((log) => log.args.to)).toEqual(Array(6).fill(contractor));
    const zeroes = usdcOut.filter((log) => log.args.value === 0n);
    expect(zeroes.map((log) => [log.args.to, log.transactionHash])).toEqual([
      [lookalikes[0], tx('lookalike-a-zero-transfer-from-payer-1').hash],
      [lookalikes[0], tx('lookalike-a-zero-transfer-from-payer-2').hash],
    ]);
    expect(sentBy('regularPayer').filter(([, t]) => t.to !== null && lookalikes.includes(t.to))).toEqual([]);
    expect(tx('lookalike-a-dust-to-payer')).toMatchObject({ from: lookalikes[0], to: payer });
    expect(transfers((await receipt('lookalike-b-usdc-dust-to-payer')).logs, CHAINS[chain].usdc)).toEqual([{ from: lookalikes[1], to: payer, value: 1n }]);
    const counterfeit = transfers((await receipt('lookalike-b-counterfeit-usdc-to-payer')).logs, address('poisonerUsdc'));
    expect(counterfeit).toEqual([{ from: lookalikes[1], to: payer, value: parseUnits('1500', PAYMENT.decimals) }]);
  });

  it('drives a relayed EIP-7702 account through an implementation on no list, and keeps what it receives', async () => {
    const account = address('relayedAccount');
    const implementation = scenario().contracts.relayedAccountImplementation!;
    expect(await client().getCode({ address: account })).toBe(concatHex(['0xef0100', implementation.address.toLowerCase() as Address]));
    expect(EIP7702_SMART_ACCOUNTS.find(chain, implementation.address)).toBeUndefined();
    const delegation = await client().getTransaction({ hash: tx('bundler-delegates-relayed-account').hash });
    expect([delegation.type, getAddress(delegation.from)]).toEqual(['eip7702', address('bundler')]);
    const relayed = Object.entries(scenario().transactions).filter(([name]) => name.startsWith('bundler-relays-batch-'));
    expect(relayed).toHaveLength(5);
    for (const [name, t] of relayed) {
      expect([name, t.from, t.to]).toEqual([name, address('bundler'), account]);
      const internal = await internalTransfersIn(name, account);
      expect([name, internal.result.some((row) => getAddress(row.from!) === account && getAddress(row.to!) === address('bundler'))]).toEqual([name, true]);
    }
    expect(await balanceChange('relayedAccount', 'exchange-pays-relayed-account')).toBe(parseUnits('0.5', 18));
  });

  if (chain === 'base') {
    it('has a busy hot wallet with ten thousand payouts in ten transactions, which the explorer pages', async () => {
      const wallet = address('busyHotWallet');
      const dusd = address('devnetDollar');
      const payouts = await client().getLogs({ address: dusd, event: transferEvent, args: { from: wallet }, fromBlock: 0n });
      expect(payouts).toHaveLength(10_000);
      expect(new Set(payouts.map((log) => log.transactionHash)).size).toBe(10);
      expect(new Set(payouts.map((log) => log.args.to)).size).toBe(10_000);
      const page = await explorer({ action: 'tokentx', address: wallet, page: '2', offset: '100', sort: 'desc' });
      expect(page.result).toHaveLength(100);
      expect(page.result.every((row) => getAddress(row.from!) === wallet)).toBe(true);
      const everything = await explorer({ action: 'tokentx', address: wallet, page: '1', offset: '10000' });
      expect(everything.result).toHaveLength(10_000);
    });
  }
});

function transfers(logs: Parameters<typeof parseEventLogs>[0]['logs'], token: Address): { from: Address; to: Address; value: bigint }[] {
  return parseEventLogs({ abi: erc20Abi, logs, eventName: 'Transfer' })
    .filter((log) => getAddress(log.address) === token)
    .map((log) => ({ from: log.args.from, to: log.args.to, value: log.args.value }));
}
