import { CHAINS, type ChainName, MULTICALL3_ADDRESS, PAYMENT } from '@paysight/contracts';
import { type Address, type Hex, pad } from 'viem';
import { ARTIFACTS } from '../artifacts/index.js';
import type { KnownContract } from '../scenario/world.js';
import { storageSlot } from '../solidity/artifact.js';
import type { ChainHandle } from './client.js';

/** Chainalysis' free sanctions oracle: one address on most chains, another on Base. */
export const SANCTIONS_ORACLE_ADDRESSES: Readonly<Record<ChainName, Address>> = {
  ethereum: '0x40C57923924B5c5c5455c48D93317139ADDaC8fb',
  base: '0x3A91A31cB3dC49b4db9Ce721F50a9D076c8D739B',
  polygon: '0x40C57923924B5c5c5455c48D93317139ADDaC8fb',
  arbitrum: '0x40C57923924B5c5c5455c48D93317139ADDaC8fb',
  optimism: '0x40C57923924B5c5c5455c48D93317139ADDaC8fb',
};
/** Tornado Cash's 0.1 ETH pool on Ethereum; the devnet's mixer sits there on every chain. */
export const MIXER_POOL_ADDRESS: Address = '0x12D66f87A04A9E220743712cE6d9bB1B5616B8Fc';
/** MetaMask's EIP7702StatelessDeleGator: a well-known smart-account implementation for EIP-7702. */
export const SMART_ACCOUNT_ADDRESS: Address = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B';

export type PredeployedContract = 'usdc' | 'multicall3' | 'sanctionsOracle' | 'mixerPool' | 'smartAccount';

/** The contracts that live at fixed addresses on the real chains, as the scenario knows them. */
export function predeployedContracts(chain: ChainName): Record<PredeployedContract, KnownContract> {
  return {
    usdc: {
      address: CHAINS[chain].usdc,
      kind: 'usdc',
      artifact: 'DevnetUSDC',
      name: PAYMENT.eip712.name,
      symbol: PAYMENT.currency,
      decimals: PAYMENT.decimals,
      abi: ARTIFACTS.DevnetUSDC.abi,
    },
    multicall3: { address: MULTICALL3_ADDRESS, kind: 'multicall3', artifact: 'Multicall3', abi: ARTIFACTS.Multicall3.abi },
    sanctionsOracle: {
      address: SANCTIONS_ORACLE_ADDRESSES[chain],
      kind: 'sanctions-oracle',
      artifact: 'SanctionsOracle',
      abi: ARTIFACTS.SanctionsOracle.abi,
    },
    mixerPool: { address: MIXER_POOL_ADDRESS, kind: 'mixer', artifact: 'MixerPool', abi: ARTIFACTS.MixerPool.abi },
    smartAccount: { address: SMART_ACCOUNT_ADDRESS, kind: 'smart-account', artifact: 'SmartAccount', abi: ARTIFACTS.SmartAccount.abi },
  };
}

/**
 * Places the fixed-address contracts. Those without a constructor get their one privileged account
 * (USDC's `minter`, the oracle's `owner`: `operator`, the faucet) written straight into storage.
 * Mines no block.
 */
export async function placePredeploys(handle: ChainHandle, operator: Address): Promise<void> {
  const contracts = predeployedContracts(handle.name);
  for (const contract of Object.values(contracts)) {
    await handle.provider.request({ method: 'hardhat_setCode', params: [contract.address, ARTIFACTS[contract.artifact].deployedBytecode] });
  }
  await setStorage(handle, contracts.usdc.address, storageSlot(ARTIFACTS.DevnetUSDC, 'minter'), pad(operator));
  await setStorage(handle, contracts.sanctionsOracle.address, storageSlot(ARTIFACTS.SanctionsOracle, 'owner'), pad(operator));
}

async function setStorage(handle: ChainHandle, address: Address, slot: Hex, value: Hex): Promise<void> {
  await handle.provider.request({ method: 'hardhat_setStorageAt', params: [address, slot, value] });
}
