import { CHAIN_NAMES, CHAINS, PAYMENT, RISK_FLAG_IDS } from '@paysight/contracts';
import { MIXERS, SDN_ADDRESSES } from '@paysight/datasets';

/**
 * Flags no storyline raises: an unrecognized delegation, a poisoning that worked, a counterfeit the victim used, and the threat
 * flags (no listed threat address is impersonated). counterfeit_token_contract is about a token contract, not a wallet: the
 * counterfeit USDC is audited by its own address in libs/tools/test/wallet-audit-devnet.test.ts.
 */
const NOT_PLANTED = ['eip7702_unrecognized_delegation', 'address_poisoning', 'fake_token', 'counterfeit_token_contract', 'listed_threat', 'threat_counterparty'];
import { type Address, concatHex, erc20Abi, getAbiItem, getAddress, maxUint256, parseEventLogs, parseUnits } from 'viem';
import {
  approvedThreat,
  ARTIFACTS,
  BENIGN_WALLETS,
  type Devnet,
  LAZARUS_GROUP_ADDRESS,
  looksAlike,
  MIXER_POOL_ADDRESSES,
  SANCTIONS_ORACLE_ADDRESSES,
  SMART_ACCOUNT_ADDRESS,
  startDevnet,
} from '../src/index.js';
import { namedTransactions, nowSeconds, publicClient, START_TIMEOUT_MS } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet();
}, START_TIMEOUT_MS);
afterAll(() => devnet?.close());

const DAY = 86_400n;
const transferEvent = getAbiItem({ abi: erc20Abi, name: 'Transfer' });

// The ground truth the risk detectors are tested against: each planted pattern is checked here on the
// chain itself, so a detector test that fails points at the detector, not at the scenario.
describe.each(CHAIN_NAMES)('the risk patterns planted on %s', (chain) => {
  const scenario = () => devnet.scenario.chains[chain];
  const client = () => publicClient(devnet, chain);
  const address = (label: string) => scenario().wallets[label]!.address;
  const { tx, receipt, blockTime } = namedTransactions(() => devnet, chain);
  const ageInDays = async (name: string) => Number(nowSeconds() - (await blockTime(name))) / Number(DAY);
  const sentOrReceived = (label: string) =>
    Object.entries(scenario().transactions).filter(([, t]) => t.from === address(label) || t.to === address(label));

  it('publishes every flag with its wallet, its transactions and its counterparties, and the benign wallets', () => {
    const { riskPatterns, benignWallets, wallets } = scenario();
    // approval_to_threat is planted once the shipped threat list holds a drainer, phisher or exploiter for the chain.
    const unplanted = [...NOT_PLANTED, ...(approvedThreat(chain) ? [] : ['approval_to_threat'])];
    expect(new Set(riskPatterns.map((p) => p.flag))).toEqual(new Set([...RISK_FLAG_IDS.filter((id) => !unplanted.includes(id)), 'targeted_by_poisoning', 'received_spam_tokens']));
    for (const pattern of riskPatterns) {
      expect(pattern.address).toBe(wallets[pattern.wallet]?.address);
      for (const name of pattern.transactions) expect(scenario().transactions[name]?.status).toBe('success');
    }
    expect(benignWallets).toEqual([...BENIGN_WALLETS]);
    const flagged = new Set(riskPatterns.map((p) => p.wallet));
    expect(benignWallets.filter((w) => flagged.has(w))).toEqual([]);
  });

  it('has a fresh wallet: funded by one source within two days, one transaction of its own', async () => {
    const history = sentOrReceived('freshWallet');
    expect(history.map(([name]) => name)).toEqual(['fund-fresh-wallet', 'fresh-wallet-pays-exchange']);
    expect(await ageInDays('fund-fresh-wallet')).toBeLessThan(2);
    expect(await client().getTransactionCount({ address: address('freshWallet') })).toBe(1);
  });

  it('poisons a victim with a look-alike of the supplier it pays: a zero transferFrom, dust and a counterfeit USDC', async () => {
    const victim = address('poisonVictim');
    const lookalike = address('lookalike');
    expect(looksAlike(lookalike, address('poisonCounterparty'))).toBe(true);
    expect(await client().getTransactionCount({ address: lookalike })).toBeGreaterThan(0);
    expect(tx('poison-zero-transfer-from-victim').from).toBe(lookalike);

    const payment = parseUnits('1250', PAYMENT.decimals);
    const realPayments = await receipt('poison-victim-pays-supplier-3');
    expect(transfers(realPayments.logs, CHAINS[chain].usdc)).toEqual([{ from: victim, to: address('poisonCounterparty'), value: payment }]);

    const zero = await receipt('poison-zero-transfer-from-victim');
    expect(transfers(zero.logs, CHAINS[chain].usdc)).toEqual([{ from: victim, to: lookalike, value: 0n }]);

    const dust = await client().getTransaction({ hash: tx('poison-dust-to-victim').hash });
    expect([getAddress(dust.from), getAddress(dust.to!), dust.value]).toEqual([lookalike, victim, parseUnits('0.00001', 18)]);

    const fake = scenario().contracts.counterfeitUsdc!;
    expect(fake.address).not.toBe(CHAINS[chain].usdc);
    const read = (functionName: 'name' | 'symbol' | 'decimals') => client().readContract({ address: fake.address, abi: erc20Abi, functionName });
    expect([await read('name'), await read('symbol'), await read('decimals')]).toEqual([PAYMENT.eip712.name, PAYMENT.currency, PAYMENT.decimals]);
    const spoofed = await receipt('poison-counterfeit-usdc-transfer');
    expect(transfers(spoofed.logs, fake.address)).toEqual([{ from: lookalike, to: victim, value: payment }]);
    // Nothing in the lookalike's name ever moved on the real USDC.
    expect(await client().readContract({ address: CHAINS[chain].usdc, abi: erc20Abi, functionName: 'balanceOf', args: [lookalike] })).toBe(0n);
  });

  it('leaves an unlimited and a stale approval live, and an approval its spender used at zero', async () => {
    const allowance = (spender: string) =>
      client().readContract({ address: CHAINS[chain].usdc, abi: erc20Abi, functionName: 'allowance', args: [address('approvalOwner'), address(spender)] });
    expect(await allowance('unlimitedSpender')).toBe(maxUint256);
    expect(await allowance('staleSpender')).toBe(parseUnits('2500', PAYMENT.decimals));
    expect(await allowance('subscriptionService')).toBe(0n);
    expect(await ageInDays('approval-owner-approves-stale-spender')).toBeCloseTo(55, 0);
    expect(sentOrReceived('staleSpender')).toEqual([]);
  });

  it('delegates one wallet to the smart-account implementation and another to a sweeper (EIP-7702)', async () => {
    const code = (label: string) => client().getCode({ address: address(label) });
    expect(await code('smartAccountUser')).toBe(concatHex(['0xef0100', SMART_ACCOUNT_ADDRESS.toLowerCase() as Address]));
    expect(await client().getCode({ address: SMART_ACCOUNT_ADDRESS })).toBe(ARTIFACTS.SmartAccount.deployedBytecode);
    const sweeper = scenario().contracts.sweeper!;
    expect(await code('sweeperVictim')).toBe(concatHex(['0xef0100', sweeper.address.toLowerCase() as Address]));

    for (const name of ['smart-account-user-delegates', 'drainer-delegates-sweeper-victim']) {
      const sent = await client().getTransaction({ hash: tx(name).hash });
      expect([name, sent.type, sent.authorizationList?.length]).toEqual([name, 'eip7702', 1]);
    }
    // The deposit reached the victim and left for the drainer within the same transaction.
    const forward = await receipt('exchange-pays-swept-wallet');
    const balance = (label: string, blockNumber: bigint) => client().getBalance({ address: address(label), blockNumber });
    expect(await balance('sweeperVictim', forward.blockNumber)).toBe(0n);
    expect((await balance('drainer', forward.blockNumber)) - (await balance('drainer', forward.blockNumber - 1n))).toBe(parseUnits('0.4', 18));
  });

  it('lists a Lazarus Group address in the sanctions oracle, and a wallet trades with it both ways', async () => {
    const oracle = SANCTIONS_ORACLE_ADDRESSES[chain];
    expect(scenario().contracts.sanctionsOracle?.address).toBe(oracle);
    const isSanctioned = (who: Address) => client().readContract({ address: oracle, abi: ARTIFACTS.SanctionsOracle.abi, functionName: 'isSanctioned', args: [who] });
    expect(await isSanctioned(LAZARUS_GROUP_ADDRESS)).toBe(true);
    expect(SDN_ADDRESSES.find(chain, LAZARUS_GROUP_ADDRESS)?.label).toBe('Lazarus Group');
    expect(await isSanctioned(address('sanctionsExposed'))).toBe(false);
    expect([tx('lazarus-pays-sanctions-exposed').from, tx('sanctions-exposed-pays-lazarus').to]).toEqual([LAZARUS_GROUP_ADDRESS, LAZARUS_GROUP_ADDRESS]);
  });

  it('runs a deposit into and a relayed withdrawal out of the mixer at a pool the mixers dataset lists on this chain', async () => {
    expect(MIXERS.find(chain, MIXER_POOL_ADDRESSES[chain])).toMatchObject({ role: 'pool' });
    expect(scenario().contracts.mixerPool?.address).toBe(MIXER_POOL_ADDRESSES[chain]);
    expect(tx('mixer-deposit')).toMatchObject({ from: address('mixerDepositor'), to: MIXER_POOL_ADDRESSES[chain] });
    const withdrawal = await receipt('mixer-withdrawal');
    const [event] = parseEventLogs({ abi: ARTIFACTS.MixerPool.abi, logs: withdrawal.logs, eventName: 'Withdrawal' });
    expect(event?.args).toMatchObject({ to: address('mixerRecipient'), relayer: address('mixerRelayer') });
    const balance = (blockNumber: bigint) => client().getBalance({ address: address('mixerRecipient'), blockNumber });
    expect((await balance(withdrawal.blockNumber)) - (await balance(withdrawal.blockNumber - 1n))).toBe(parseUnits('0.1', 18));
  });

  it('fans out identical grants to five new wallets within minutes, one of which owes it nearly all it received', async () => {
    const grants = [1, 2, 3, 4, 5].map((n) => `sybil-funder-funds-sybil-${n}`);
    const times = await Promise.all(grants.map(blockTime));
    expect(Number(times[4]! - times[0]!)).toBeLessThanOrEqual(10 * 60);
    const values = await Promise.all(grants.map(async (name) => (await client().getTransaction({ hash: tx(name).hash })).value));
    expect(new Set(values).size).toBe(1);
    const inbound = sentOrReceived('sybil1').filter(([, t]) => t.to === address('sybil1'));
    expect(inbound.map(([name]) => name)).toEqual(['sybil-funder-funds-sybil-1', 'exchange-pays-sybil-1']);
  });

  it('passes the same DUSD amount back and forth between two wash traders five times within a day', async () => {
    const legs = scenario().riskPatterns.find((p) => p.flag === 'wash_trading')!.transactions;
    expect(legs).toHaveLength(10);
    const dusd = scenario().contracts.devnetDollar!.address;
    const moved = await Promise.all(legs.map(async (name) => transfers((await receipt(name)).logs, dusd)[0]));
    expect(new Set(moved.map((t) => t?.value)).size).toBe(1);
    moved.forEach((t, i) => expect(t?.from).toBe(address(i % 2 === 0 ? 'washTraderA' : 'washTraderB')));
    expect(Number((await blockTime(legs[9]!)) - (await blockTime(legs[0]!)))).toBeLessThan(86_400);
  });

  it('gives the benign wallets several funding sources, older history and only used approvals', async () => {
    for (const label of BENIGN_WALLETS) {
      const history = sentOrReceived(label);
      const nativeSenders = history.filter(([, t]) => t.to === address(label)).map(([, t]) => t.from);
      const usdcSenders = (
        await client().getLogs({ address: CHAINS[chain].usdc, event: transferEvent, args: { to: address(label) }, fromBlock: 0n })
      ).map((log) => log.args.from!);
      expect([label, new Set([...nativeSenders, ...usdcSenders]).size]).toEqual([label, 3]);
      for (const [name] of history) expect([name, (await ageInDays(name)) > 7]).toEqual([name, true]);
      const allowance = await client().readContract({
        address: CHAINS[chain].usdc,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [address(label), address('subscriptionService')],
      });
      expect(allowance).toBe(0n);
    }
  });

  it('has no look-alike pair among its addresses but the planted ones (poisoning, payment preflight, the poisoned payer)', () => {
    const addresses = [...Object.values(scenario().wallets).map((w) => w.address), ...Object.values(scenario().contracts).map((c) => c.address)];
    const pairs = addresses.flatMap((a, i) => addresses.slice(i + 1).filter((b) => looksAlike(a, b)).map((b) => [a, b].sort().join(' ')));
    const planted = [
      ['poisonCounterparty', 'lookalike'],
      ['establishedSeller', 'sellerLookalike'],
      ['contractor', 'contractorLookalikeA'],
      ['contractor', 'contractorLookalikeB'],
      ['contractorLookalikeA', 'contractorLookalikeB'],
    ].map((pair) => pair.map(address).sort().join(' '));
    expect(pairs.sort()).toEqual(planted.sort());
  });
});

function transfers(logs: Parameters<typeof parseEventLogs>[0]['logs'], token: Address): { from: Address; to: Address; value: bigint }[] {
  return parseEventLogs({ abi: erc20Abi, logs, eventName: 'Transfer' })
    .filter((log) => getAddress(log.address) === token)
    .map((log) => ({ from: log.args.from, to: log.args.to, value: log.args.value }));
}
