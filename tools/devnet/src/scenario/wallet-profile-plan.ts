import { CHAINS, type ChainName } from '@paysight/contracts';
import { parseUnits } from 'viem';
import type { Step } from './types.js';

/**
 * Agent wallets of the kinds agent_wallet_profile tells apart, beside those the risk storylines already
 * plant (smartAccountUser and sweeperVictim delegated by EIP-7702; counterProxy behind EIP-1967):
 * `agentMultisig`, a Safe-style proxy (singleton in slot 0) owned 2-of-3, and `agentClone`, an EIP-1167
 * minimal proxy. `agentOperator` deploys them so no other deployer's nonces, and so addresses, move.
 */
export const WALLET_PROFILE_WALLETS = ['agentOperator'] as const;

export const AGENT_MULTISIG = { owners: ['agentOperator', 'alice', 'bob'], threshold: 2 } as const;

export function walletProfileSection(chain: ChainName): Step[] {
  const coin = (amount: string) => parseUnits(amount, CHAINS[chain].nativeDecimals);
  return [
    { name: 'fund-agent-operator', kind: 'native-transfer', from: 'exchange', to: 'agentOperator', value: coin('2'), daysAgo: 18 },
    { name: 'deploy-agent-multisig-logic', kind: 'deploy-multisig-singleton', from: 'agentOperator', id: 'agentMultisigLogic', daysAgo: 17.5 },
    { name: 'deploy-agent-multisig', kind: 'deploy-multisig', from: 'agentOperator', id: 'agentMultisig', singleton: 'agentMultisigLogic', ...AGENT_MULTISIG },
    { name: 'deploy-agent-clone', kind: 'deploy-minimal-proxy', from: 'agentOperator', id: 'agentClone', implementation: 'agentMultisigLogic', daysAgo: 17 },
  ];
}
