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

    // That includes the risk patterns: transactions sent by impersonation (Hardhat's fake signatures),
    // type-4 delegations (deterministic authorization signatures) and the look-alike address.
    const { riskPatterns, transactions, wallets } = second.scenario.chains.base;
    expect(riskPatterns.length).toBeGreaterThan(10);
    expect(riskPatterns).toEqual(first.scenario.chains.base.riskPatterns);
    expect(wallets.lookalike).toEqual(first.scenario.chains.base.wallets.lookalike);
    for (const name of ['poison-zero-transfer-from-victim', 'lazarus-pays-sanctions-exposed', 'drainer-delegates-sweeper-victim', 'smart-account-user-delegates']) {
      expect([name, transactions[name]?.hash]).toEqual([name, first.scenario.chains.base.transactions[name]?.hash]);
    }

    const hashes = CHAIN_NAMES.flatMap((chain) => Object.values(first.scenario.chains[chain].transactions).map((tx) => tx.hash));
    expect(new Set(hashes).size).toBe(hashes.length);
    // Contracts come from the same deployer and nonces on every chain, so they share their addresses.
    const addresses = (chain: (typeof CHAIN_NAMES)[number]) => first.scenario.chains[chain].contracts.devnetDollar?.address;
    expect(new Set(CHAIN_NAMES.map(addresses)).size).toBe(1);
  },
  2 * START_TIMEOUT_MS,
);
