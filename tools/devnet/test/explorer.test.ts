import { createEtherscanExplorer } from '@paysight/chain-data';
import { CHAINS, PAYMENT } from '@paysight/contracts';
import { getAddress, parseUnits } from 'viem';
import { type Devnet, freshAccount, fundAccount, MIXER_POOL_ADDRESSES, startDevnet } from '../src/index.js';
import { publicClient, queryExplorer, START_TIMEOUT_MS, walletClient } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet();
}, START_TIMEOUT_MS);
afterAll(() => devnet?.close());

type Row = Record<string, string>;
type Envelope = { status: string; message: string; result: Row[] | string };

const base = () => devnet.scenario.chains.base;
const address = (label: string) => base().wallets[label]!.address;
const tx = (name: string) => base().transactions[name]!;
const lower = (value: string) => value.toLowerCase();

async function explorer(params: Record<string, string>, chainId = CHAINS.base.chainId): Promise<Envelope> {
  const response = await queryExplorer(devnet, chainId, params);
  expect(response.status).toBe(200);
  return (await response.json()) as Envelope;
}

async function rows(params: Record<string, string>, chainId?: number): Promise<Row[]> {
  const answer = await explorer(params, chainId);
  expect([answer.status, answer.message]).toEqual(['1', 'OK']);
  return answer.result as Row[];
}

describe('the devnet explorer (Etherscan API v2)', () => {
  it('is served at explorerUrl, an Etherscan v2 base URL on the devnet host', () => {
    expect(devnet.explorerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2\/api$/);
  });

  it('lists a native transfer under txlist with every Etherscan field, as the chain has it', async () => {
    const listed = await rows({ action: 'txlist', address: address('sweeperVictim') });
    const funding = tx('fund-sweeper-victim');
    const row = listed.find((r) => r.hash === funding.hash)!;
    const client = publicClient(devnet, 'base');
    const [block, receipt, head] = await Promise.all([
      client.getBlock({ blockNumber: BigInt(funding.blockNumber) }),
      client.getTransactionReceipt({ hash: funding.hash }),
      client.getBlockNumber(),
    ]);
    expect(row).toEqual({
      blockNumber: String(funding.blockNumber),
      timeStamp: String(block.timestamp),
      hash: funding.hash,
      nonce: expect.stringMatching(/^\d+$/),
      blockHash: block.hash,
      transactionIndex: '0',
      from: lower(address('exchange')),
      to: lower(address('sweeperVictim')),
      value: parseUnits('1.5', 18).toString(),
      gas: '21000',
      gasPrice: String(receipt.effectiveGasPrice),
      isError: '0',
      txreceipt_status: '1',
      input: '0x',
      contractAddress: '',
      cumulativeGasUsed: '21000',
      gasUsed: '21000',
      confirmations: String(head - BigInt(funding.blockNumber) + 1n),
      methodId: '0x',
      functionName: '',
    });
    // The victim's history: funded, paid once, reached by the delegation and by the swept deposit.
    expect(listed.map((r) => r.hash)).toEqual(
      ['fund-sweeper-victim', 'sweeper-victim-pays-landlord', 'drainer-delegates-sweeper-victim', 'exchange-pays-swept-wallet'].map((n) => tx(n).hash),
    );
  });

  it('marks reverted calls and contract creations as Etherscan does', async () => {
    const carol = await rows({ action: 'txlist', address: address('carol') });
    expect(carol.find((r) => r.hash === tx('carol-overspends-dusd').hash)).toMatchObject({
      isError: '1',
      txreceipt_status: '0',
      to: lower(base().contracts.devnetDollar!.address),
      methodId: '0xa9059cbb',
      functionName: 'transfer(address to, uint256 value)',
    });
    const created = await rows({ action: 'txlist', address: base().contracts.sweeper!.address });
    expect(created[0]).toMatchObject({ hash: tx('deploy-sweeper').hash, from: lower(address('drainer')), to: '', contractAddress: lower(base().contracts.sweeper!.address) });
  });

  it('lists internal transfers: the mixer paying its withdrawal, and the sweeper forwarding to the drainer', async () => {
    const withdrawal = await rows({ action: 'txlistinternal', address: address('mixerRecipient') });
    expect(withdrawal).toEqual([
      {
        blockNumber: String(tx('mixer-withdrawal').blockNumber),
        timeStamp: expect.stringMatching(/^\d+$/),
        hash: tx('mixer-withdrawal').hash,
        from: lower(MIXER_POOL_ADDRESSES.base),
        to: lower(address('mixerRecipient')),
        value: parseUnits('0.1', 18).toString(),
        contractAddress: '',
        input: '',
        type: 'call',
        gas: '0',
        gasUsed: '0',
        traceId: '0',
        isError: '0',
        errCode: '',
      },
    ]);
    const swept = await rows({ action: 'txlistinternal', address: address('drainer') });
    expect(swept.map((r) => [r.hash, r.from, r.to])).toEqual(
      ['drainer-delegates-sweeper-victim', 'exchange-pays-swept-wallet'].map((n) => [tx(n).hash, lower(address('sweeperVictim')), lower(address('drainer'))]),
    );
    expect(swept[1]?.value).toBe(parseUnits('0.4', 18).toString());
  });

  it('lists ERC-20 transfers with the token name, symbol and decimals, filterable by token', async () => {
    const victim = address('poisonVictim');
    const transfers = await rows({ action: 'tokentx', address: victim });
    const counterfeit = transfers.find((r) => r.hash === tx('poison-counterfeit-usdc-transfer').hash);
    expect(counterfeit).toMatchObject({
      from: lower(address('lookalike')),
      to: lower(victim),
      contractAddress: lower(base().contracts.counterfeitUsdc!.address),
      value: parseUnits('1250', PAYMENT.decimals).toString(),
      tokenName: 'USD Coin',
      tokenSymbol: 'USDC',
      tokenDecimal: '6',
      input: 'deprecated',
      methodId: expect.stringMatching(/^0x[0-9a-f]{8}$/),
      functionName: 'spoofTransfer(address from, address to, uint256 value)',
      logIndex: '0',
    });
    const zero = transfers.find((r) => r.hash === tx('poison-zero-transfer-from-victim').hash);
    expect(zero).toMatchObject({ from: lower(victim), to: lower(address('lookalike')), value: '0', contractAddress: lower(CHAINS.base.usdc) });

    const realOnly = await rows({ action: 'tokentx', address: victim, contractaddress: CHAINS.base.usdc });
    expect(realOnly.length).toBe(transfers.length - 1);
    expect(new Set(realOnly.map((r) => r.contractAddress))).toEqual(new Set([lower(CHAINS.base.usdc)]));
  });

  it('pages and sorts, within a block range', async () => {
    const exchange = address('exchange');
    const all = await rows({ action: 'txlist', address: exchange });
    expect(all.length).toBeGreaterThan(10);
    const blocks = all.map((r) => Number(r.blockNumber));
    expect(blocks).toEqual([...blocks].sort((a, b) => a - b));

    expect(await rows({ action: 'txlist', address: exchange, page: '1', offset: '3' })).toEqual(all.slice(0, 3));
    expect(await rows({ action: 'txlist', address: exchange, page: '2', offset: '3', sort: 'asc' })).toEqual(all.slice(3, 6));
    expect(await rows({ action: 'txlist', address: exchange, page: '2', offset: '3', sort: 'desc' })).toEqual([...all].reverse().slice(3, 6));

    const [from, to] = [blocks[2]!, blocks[5]!];
    const ranged = await rows({ action: 'txlist', address: exchange, startblock: String(from), endblock: String(to) });
    expect(ranged).toEqual(all.filter((r) => Number(r.blockNumber) >= from && Number(r.blockNumber) <= to));
    expect(await explorer({ action: 'txlist', address: exchange, page: '999', offset: '10' })).toEqual({ status: '0', message: 'No transactions found', result: [] });
  });

  it('answers each chain by its chain id', async () => {
    const polygon = devnet.scenario.chains.polygon;
    const listed = await rows({ action: 'txlistinternal', address: polygon.wallets.mixerRecipient!.address }, CHAINS.polygon.chainId);
    expect(listed.map((r) => r.hash)).toEqual([polygon.transactions['mixer-withdrawal']!.hash]);
    expect(polygon.transactions['mixer-withdrawal']!.hash).not.toBe(tx('mixer-withdrawal').hash);
  });

  it('indexes blocks mined after the start: a payment made now, and what a sweeper forwards', async () => {
    const payer = freshAccount();
    const funded = await fundAccount(devnet.faucetUrl, { chain: 'base', address: payer.address, native: 10n ** 18n, usdc: 3_000_000n });
    const wallet = walletClient(devnet, 'base', payer);
    const hash = await wallet.sendTransaction({ to: address('sweeperVictim'), value: 12_345n });
    await publicClient(devnet, 'base').waitForTransactionReceipt({ hash });

    const history = await rows({ action: 'txlist', address: payer.address });
    expect(history.map((r) => r.hash)).toEqual([funded.transactions[0], hash]);
    const minted = await rows({ action: 'tokentx', address: payer.address });
    expect(minted).toEqual([expect.objectContaining({ hash: funded.transactions[1], from: '0x0000000000000000000000000000000000000000', value: '3000000' })]);
    const forwarded = await rows({ action: 'txlistinternal', address: address('drainer'), sort: 'desc', offset: '1', page: '1' });
    expect(forwarded).toEqual([expect.objectContaining({ hash, from: lower(address('sweeperVictim')), to: lower(address('drainer')), value: '12345' })]);
  });

  it('says "No transactions found" for an address with no history', async () => {
    for (const action of ['txlist', 'txlistinternal', 'tokentx']) {
      expect(await explorer({ action, address: freshAccount().address })).toEqual({ status: '0', message: 'No transactions found', result: [] });
    }
  });

  it('refuses bad parameters with NOTOK and the reason', async () => {
    const someone = getAddress(address('alice'));
    const notOk = async (params: Record<string, string>, chainId?: number) => {
      const answer = await explorer(params, chainId);
      expect([answer.status, answer.message]).toEqual(['0', 'NOTOK']);
      return answer.result;
    };
    expect(await notOk({ action: 'txlist', address: someone }, 56)).toMatch(/^Missing or unsupported chainid parameter/);
    expect(await notOk({ module: 'contract', action: 'txlist', address: someone })).toBe('Error! Missing Or invalid Module name');
    expect(await notOk({ action: 'balance', address: someone })).toBe('Error! Missing Or invalid Action name');
    expect(await notOk({ action: 'txlist', address: '0x1234' })).toBe('Error! Invalid address format');
    expect(await notOk({ action: 'tokentx', address: someone, contractaddress: 'usdc' })).toBe('Error! Invalid contractAddress format');
    expect(await notOk({ action: 'txlist', address: someone, sort: 'newest' })).toBe('Error! Invalid sort order, use asc or desc');
    expect(await notOk({ action: 'txlist', address: someone, startblock: '-1' })).toBe('Error! Invalid startblock number');
    expect(await notOk({ action: 'txlist', address: someone, page: '0' })).toBe('Error! Invalid page number');
    expect(await notOk({ action: 'txlist', address: someone, page: '11', offset: '1000' })).toBe(
      'Result window is too large, PageNo x Offset size must be less than or equal to 10000',
    );

    const url = new URL(devnet.explorerUrl);
    expect((await fetch(new URL('/api', url))).status).toBe(404);
    const post = await fetch(url, { method: 'POST' });
    expect([post.status, await post.json()]).toEqual([405, { status: '0', message: 'NOTOK', result: 'use GET /v2/api' }]);
  });

  it('is read by the chain-data Etherscan adapter, as production reads Etherscan', async () => {
    const source = createEtherscanExplorer({ url: devnet.explorerUrl });
    const answer = await source.getAddressHistory('base', { address: address('mixerRecipient'), limit: 10 });
    if (answer.status !== 'ok') throw new Error(answer.reason);
    expect(answer.history).toEqual({
      transactions: [expect.objectContaining({ hash: tx('fund-mixer-recipient').hash, from: address('exchange'), to: address('mixerRecipient'), status: 'success' })],
      internalTransfers: [
        expect.objectContaining({ transactionHash: tx('mixer-withdrawal').hash, from: MIXER_POOL_ADDRESSES.base, to: address('mixerRecipient'), value: parseUnits('0.1', 18), kind: 'call' }),
      ],
      tokenTransfers: [],
      complete: true,
    });
  });
});
