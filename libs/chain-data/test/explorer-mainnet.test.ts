import { getAddress } from 'viem';
import { createEtherscanExplorer } from '../src/index.js';
import { ExplorerServer } from './explorer-server.js';

// The explorer adapter on Etherscan's own answers for real mainnet addresses (fixtures/etherscan/mainnet,
// with their source and licence in its README), served over HTTP on 127.0.0.1.

const servers: ExplorerServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** The history of one address, each action answered from its mainnet fixture, or with no rows. */
async function historyOf(address: string, fixtures: { txlist?: string; txlistinternal?: string }) {
  const server = await ExplorerServer.start((params) => {
    const name = fixtures[params.get('action') as 'txlist' | 'txlistinternal'];
    return { fixture: name ? `mainnet/${name}` : 'no-transactions-found' };
  });
  servers.push(server);
  const explorer = createEtherscanExplorer({ url: server.url, apiKey: 'key', requestsPerSecond: 1_000, rateLimitRetryDelayMs: 5 });
  const result = await explorer.getAddressHistory('ethereum', { address: getAddress(address), limit: 25 });
  if (result.status !== 'ok') throw new Error(`expected a history, got: ${result.reason}`);
  return result.history;
}

it('reads txlist rows of a mainnet contract, newest first: a named call and a plain transfer with value', async () => {
  const { transactions } = await historyOf('0x45e7899634140f3b490d0d5e8315cebdd62d5093', { txlist: 'txlist-0x45e7' });
  const sender = getAddress('0x77376a48d03669286cfbd35e6314e9d3043382b6');
  const contract = getAddress('0x45e7899634140f3b490d0d5e8315cebdd62d5093');
  expect(transactions).toEqual([
    {
      hash: '0x1e7e47ade9fde68f861da6b7de07bbda25bead339f18b0205df7956f67456cdb',
      blockNumber: 19000289n,
      timestamp: 1705176923n,
      from: sender,
      to: contract,
      value: 0n,
      status: 'success',
      selector: '0xd4e93292',
      gasUsed: 32770n,
      gasPrice: 16219186060n,
      contractCreated: null,
    },
    {
      hash: '0xaf4f61562049a80d71c50d2b500440b5e2d93ad459bba8bbd4027fdb056ebfc3',
      blockNumber: 19000034n,
      timestamp: 1705173851n,
      from: sender,
      to: contract,
      value: 22_000_000_000_000_000n,
      status: 'success',
      selector: null,
      gasUsed: 21055n,
      gasPrice: 17589043086n,
      contractCreated: null,
    },
  ]);
});

it('reads txlistinternal rows of a mainnet router: calls deep in the tree, and failed ones as reverted', async () => {
  const { internalTransfers } = await historyOf('0x1111111254eeb25477b68fb85ed929f73a960582', { txlistinternal: 'txlistinternal-0x1111' });
  const router = getAddress('0x1111111254eeb25477b68fb85ed929f73a960582');
  const weth = getAddress('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2');
  const sender = getAddress('0x74de5d4fcbf63e00296fd95d33236b9794016631');
  const row = (hash: string, from: string, to: string, value: bigint, reverted: boolean) => ({ transactionHash: hash, blockNumber: 19000016n, timestamp: 1705173635n, from, to, value, kind: 'call', reverted });
  const [succeeded, failed] = ['0xd47dfc86988bc5a655f83cc426c8403b689918ce6023128a397ec43dbb13be49', '0x93a7cdc1c591356b5d9fe4bece75c0f690ee4d51e63b3aeb011d2f4b6298a917'];
  expect(internalTransfers).toEqual([
    row(succeeded, sender, router, 65_125_125_000_000_000n, false),
    row(succeeded, router, weth, 65_125_125_000_000_000n, false),
    row(failed, sender, router, 21_807_500_000_000_000n, true),
    row(failed, router, weth, 21_807_500_000_000_000n, true),
  ]);
});

it('reads a self-destruct as Etherscan names it ("self-destruct")', async () => {
  const { internalTransfers } = await historyOf('0xa7fb5ca286fc3fd67525629048a4de3ba24cba2e', { txlistinternal: 'txlistinternal-0xa7fb' });
  expect(internalTransfers).toEqual([
    {
      transactionHash: '0x84bde65ff413c92799b259dba7bd56ef2088d4354b70e33a93c99dea7ab54ee8',
      blockNumber: 19000010n,
      timestamp: 1705173563n,
      from: getAddress('0x1d29b9e9a8540da5b537c0d36d2f77fb596d5cfe'),
      to: getAddress('0xa7fb5ca286fc3fd67525629048a4de3ba24cba2e'),
      value: 2_000_000_000_000_000n,
      kind: 'selfdestruct',
      reverted: false,
    },
  ]);
});

it('reads value an EIP-7702 account\'s delegated code sent out, as an internal transfer from the account', async () => {
  const account = getAddress('0x689256b5008983673cbdb97a227cf32f38798555');
  const { internalTransfers, transactions, tokenTransfers } = await historyOf(account, { txlistinternal: 'txlistinternal-0x6892' });
  expect([transactions, tokenTransfers]).toEqual([[], []]);
  expect(internalTransfers).toEqual([
    {
      transactionHash: '0x63d68742e5dc553a4fed594538f17d7b33f84921a51bece08f486d1f7eb73f40',
      blockNumber: 23500010n,
      timestamp: 1759527755n,
      from: account,
      to: getAddress('0x66a9893cc07d91d95644aedd05d03f95e1dba8af'),
      value: 11_048_737_836_517_483n,
      kind: 'call',
      reverted: false,
    },
  ]);
});
