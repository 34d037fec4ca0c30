import { agentWalletProfileRequest, agentWalletProfileResult, CHAINS, type ChainName } from '@paysight/contracts';
import { devnetChainSource, readTestStack, toolPorts } from '@paysight/testkit';
import { agentWalletProfile } from '../src/trust/agent-wallet-profile/index.js';

const { devnet } = readTestStack();
const withExplorer = toolPorts();
const withoutExplorer = toolPorts({ chain: devnetChainSource({ explorer: false }) });

async function profile(chain: string, address: string, ports = withExplorer) {
  const input = agentWalletProfileRequest.parse({ chain, address });
  const { result, metadata } = await agentWalletProfile.run(input, ports, { now: new Date() });
  expect(agentWalletProfileResult.parse(result)).toEqual(result);
  expect(metadata.dataSourceStatus).toBe('Demo');
  return result;
}

describe.each<ChainName>(['base', 'arbitrum'])('agent_wallet_profile on the %s devnet', (chain) => {
  const world = devnet.scenario.chains[chain];
  const wallet = (label: string) => world.wallets[label]!.address;
  const contract = (id: string) => world.contracts[id]!;

  it('takes the chain as a free string: its name, chain id or CAIP-2', async () => {
    const byId = await profile(String(CHAINS[chain].chainId), wallet('alice'));
    const byCaip = await profile(`eip155:${CHAINS[chain].chainId}`, wallet('alice'));
    expect(byId).toMatchObject({ wallet_type: 'eoa', decision: 'low_risk', risk_flags: [] });
    expect(byCaip.evidence).toMatchObject({ chain, address: wallet('alice') });
  });

  it('profiles an EIP-7702 delegation to the known smart-account implementation as low risk', async () => {
    const result = await profile(chain, wallet('smartAccountUser'));
    expect(result).toMatchObject({ wallet_type: 'delegated_smart_account', delegation_detected: true, decision: 'low_risk', confidence: 'high', risk_flags: [] });
    expect(result.contract_signals).toMatchObject({ delegation: { delegate: contract('smartAccount').address, known_implementation: { id: 'eip7702-smart-accounts' } } });
  });

  it('profiles an EIP-7702 delegation to a sweeper as high risk, citing the sweeps', async () => {
    const result = await profile(chain, wallet('sweeperVictim'));
    expect(result).toMatchObject({ wallet_type: 'delegated_smart_account', decision: 'high_risk', risk_flags: ['eip7702_sweeper_delegation'] });
    const sweeps = result.evidence.sweeps as { transaction_hash: string; moved_to: string; arrived_in_same_transaction: boolean }[];
    const swept = [world.transactions['drainer-delegates-sweeper-victim']!.hash, world.transactions['exchange-pays-swept-wallet']!.hash];
    expect(sweeps.map((s) => s.transaction_hash).sort()).toEqual([...swept].sort());
    expect(sweeps.every((s) => s.moved_to === wallet('drainer'))).toBe(true);
    expect(sweeps.find((s) => s.transaction_hash === swept[1])?.arrived_in_same_transaction).toBe(true);
  });

  it('without an indexer, says the sweeps could not be looked for and lowers its confidence', async () => {
    const result = await profile(chain, wallet('sweeperVictim'), withoutExplorer);
    expect(result).toMatchObject({ decision: 'review', confidence: 'low', risk_flags: ['eip7702_unrecognized_delegate'] });
    expect(result.limits.join(' ')).toMatch(/sweeps by the delegate could not be looked for/);
  });

  it('finds the EIP-1967 proxy\'s implementation in its storage slot', async () => {
    const result = await profile(chain, contract('counterProxy').address);
    expect(result).toMatchObject({ wallet_type: 'proxy_contract', decision: 'review', risk_flags: ['upgradeable_proxy'] });
    expect(result.contract_signals).toMatchObject({ proxy_pattern: 'eip1967', implementation: contract('counter').address, upgradeable: true });
  });

  it('recognizes the Safe-style multisig by its singleton in slot 0, with its owners and threshold', async () => {
    const result = await profile(chain, contract('agentMultisig').address);
    expect(result).toMatchObject({ wallet_type: 'proxy_contract', decision: 'low_risk', risk_flags: [] });
    expect(result.contract_signals).toMatchObject({
      proxy_pattern: 'safe_proxy',
      implementation: contract('agentMultisigLogic').address,
      safe: { owners: ['agentOperator', 'alice', 'bob'].map(wallet), threshold: '2' },
    });
  });

  it('recognizes the EIP-1167 minimal proxy from its code', async () => {
    const result = await profile(chain, contract('agentClone').address);
    expect(result).toMatchObject({ wallet_type: 'proxy_contract', decision: 'review', risk_flags: ['unrecognized_contract_logic'] });
    expect(result.contract_signals).toMatchObject({ proxy_pattern: 'eip1167_minimal_proxy', implementation: contract('agentMultisigLogic').address, upgradeable: false });
  });

  it('reports a contract of no known pattern as a contract to review', async () => {
    const result = await profile(chain, contract('counter').address);
    expect(result).toMatchObject({ wallet_type: 'contract', decision: 'review', risk_flags: ['unrecognized_contract_logic'] });
  });
});
