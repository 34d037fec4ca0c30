import { CHAINS } from '@paysight/contracts';
import { NAMED_ACCOUNTS } from '../src/accounts.js';
import { chainHandle } from '../src/chain/client.js';
import { startLocalChain } from '../src/chain/hardhat.js';
import { placePredeploys, predeployedContracts } from '../src/chain/predeploys.js';
import { seedChain } from '../src/scenario/engine.js';
import { IMPERSONATED_BALANCE } from '../src/scenario/engine.js';
import type { ScenarioPlan, Step } from '../src/scenario/types.js';

/** Runs a plan on a chain of its own, so every case starts from genesis. */
async function seed(steps: Step[], extra: Omit<ScenarioPlan, 'wallets' | 'steps'> = {}) {
  const chain = await startLocalChain({
    chainId: CHAINS.polygon.chainId,
    host: '127.0.0.1',
    port: 0,
    genesisAccounts: [{ privateKey: NAMED_ACCOUNTS.faucet.privateKey, balance: 10n ** 24n }],
    genesisDate: new Date(Date.now() - 61 * 86_400_000),
  });
  try {
    const handle = chainHandle('polygon', chain.provider, chain.url);
    await placePredeploys(handle, NAMED_ACCOUNTS.faucet.address);
    return await seedChain(handle, { wallets: ['faucet', 'dave'], steps, ...extra }, predeployedContracts('polygon'), Math.floor(Date.now() / 1000));
  } finally {
    await chain.close();
  }
}

describe('scenario engine', () => {
  it('publishes what a small plan did', async () => {
    const scenario = await seed([
      { name: 'fund-dave', kind: 'native-transfer', from: 'faucet', to: 'dave', value: 10n ** 18n },
      { name: 'dave-deploys', kind: 'deploy-token', from: 'dave', id: 'daveToken', tokenName: 'Dave', symbol: 'DAVE', decimals: 2 },
      { name: 'dave-mints-dave', kind: 'token-mint', from: 'dave', token: 'daveToken', to: 'dave', amount: 250n },
    ]);
    expect(scenario.contracts.daveToken).toMatchObject({ kind: 'erc20', symbol: 'DAVE', decimals: 2, deployedBy: 'dave-deploys' });
    expect(scenario.transactions['dave-deploys']).toMatchObject({ to: null, contractAddress: scenario.contracts.daveToken?.address, status: 'success' });
    expect(scenario.wallets.dave?.balances.tokens).toEqual({ usdc: '0', wrappedNative: '0', daveToken: '250' });
    expect(BigInt(scenario.wallets.dave!.balances.native)).toBeLessThan(10n ** 18n); // gas paid
  });

  it('stops with the step name when a step meant to revert succeeds', async () => {
    await expect(
      seed([{ name: 'fund-dave', kind: 'native-transfer', from: 'faucet', to: 'dave', value: 1n, reverts: { reason: 'nope' } }]),
    ).rejects.toThrow('seeding polygon, step fund-dave: expected a revert with reason "nope", but it succeeded');
  });

  it('stops with the actual reason when a step reverts unexpectedly', async () => {
    await expect(
      seed([
        { name: 'fund-dave', kind: 'native-transfer', from: 'faucet', to: 'dave', value: 10n ** 18n },
        { name: 'dave-mints', kind: 'token-mint', from: 'dave', token: 'usdc', to: 'dave', amount: 1n },
      ]),
    ).rejects.toThrow('step dave-mints: reverted with reason "USDC: caller is not the minter"');
  });

  it('refuses names it does not know and misused contracts', async () => {
    await expect(seed([{ name: 'x', kind: 'native-transfer', from: 'faucet', to: 'erin', value: 1n }])).rejects.toThrow(
      '"erin" is not a wallet of the scenario',
    );
    await expect(seed([{ name: 'y', kind: 'wrap', from: 'faucet', token: 'usdc', amount: 1n }])).rejects.toThrow(
      '"usdc" is a usdc contract, not wrapped-native',
    );
  });

  it('refuses two steps with one name', async () => {
    const step: Step = { name: 'twice', kind: 'native-transfer', from: 'faucet', to: 'dave', value: 1n };
    await expect(seed([step, step])).rejects.toThrow('the scenario names two steps "twice"');
  });

  it('sends from an impersonated address, which holds IMPERSONATED_BALANCE less what it spent', async () => {
    const stranger = '0x000000000000000000000000000000000000dEaD';
    const scenario = await seed([{ name: 'stranger-pays-dave', kind: 'native-transfer', from: 'stranger', to: 'dave', value: 5n }], {
      impersonated: { stranger },
    });
    expect(scenario.transactions['stranger-pays-dave']).toMatchObject({ from: stranger, status: 'success' });
    expect(scenario.wallets.stranger).toMatchObject({ address: stranger, impersonated: true });
    expect(BigInt(scenario.wallets.stranger!.balances.native)).toBe(IMPERSONATED_BALANCE - 5n - 21_000n * 2_000_000_000n);
    expect(scenario.wallets.dave?.balances.native).toBe('5');
  });

  it('publishes risk patterns and refuses one that cites a step the plan does not have', async () => {
    const steps: Step[] = [{ name: 'fund-dave', kind: 'native-transfer', from: 'faucet', to: 'dave', value: 1n }];
    const pattern = { flag: 'fresh_wallet' as const, wallet: 'dave', transactions: ['fund-dave'], counterparties: ['faucet'], summary: 'new' };
    const scenario = await seed(steps, { riskPatterns: [pattern], benignWallets: ['faucet'] });
    expect(scenario.riskPatterns).toEqual([
      { ...pattern, address: scenario.wallets.dave?.address, counterparties: { faucet: scenario.wallets.faucet?.address } },
    ]);
    expect(scenario.benignWallets).toEqual(['faucet']);
    await expect(seed(steps, { riskPatterns: [{ ...pattern, transactions: ['nope'] }] })).rejects.toThrow(
      'the fresh_wallet pattern of "dave" cites unknown steps: nope',
    );
  });
});
