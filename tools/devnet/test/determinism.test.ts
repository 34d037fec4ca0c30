import { CHAIN_NAMES } from '@paysight/contracts';
import { type DevnetInfo, startDevnet } from '../src/index.js';
import { START_TIMEOUT_MS } from './helpers.js';

async function run(): Promise<DevnetInfo> {
  const devnet = await startDevnet();
  await devnet.close();
  return devnet;
}

it(
  'gives the same accounts, addresses, transaction hashes and balances on every start',
  async () => {
    const first = await run();
    const second = await run();

    expect(second.accounts).toEqual(first.accounts);
    // Block timestamps follow the wall clock; everything the scenario publishes does not.
    expect(second.scenario).toEqual(first.scenario);

    const hashes = CHAIN_NAMES.flatMap((chain) => Object.values(first.scenario.chains[chain].transactions).map((tx) => tx.hash));
    expect(new Set(hashes).size).toBe(hashes.length);
    // Contracts come from the same deployer and nonces on every chain, so they share their addresses.
    const addresses = (chain: (typeof CHAIN_NAMES)[number]) => first.scenario.chains[chain].contracts.devnetDollar?.address;
    expect(new Set(CHAIN_NAMES.map(addresses)).size).toBe(1);
  },
  2 * START_TIMEOUT_MS,
);
