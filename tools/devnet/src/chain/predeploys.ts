import { CHAINS, type ChainName, MULTICALL3_ADDRESS, PAYMENT } from '@paysight/contracts';
import { type Address, type Hex, pad } from 'viem';
import { ARTIFACTS } from '../artifacts/index.js';
import type { KnownContract } from '../scenario/world.js';
import { storageSlot } from '../solidity/artifact.js';
import type { ChainHandle } from './client.js';

/** The contracts that live at fixed addresses on the real chains, as the scenario knows them. */
export function predeployedContracts(chain: ChainName): Record<'usdc' | 'multicall3', KnownContract> {
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
  };
}

/**
 * Places USDC (with `minter` written straight into storage, as it has no constructor) and Multicall3
 * at their canonical addresses. Mines no block.
 */
export async function placePredeploys(handle: ChainHandle, usdcMinter: Address): Promise<void> {
  const { usdc, multicall3 } = predeployedContracts(handle.name);
  await setCode(handle, usdc.address, ARTIFACTS.DevnetUSDC.deployedBytecode);
  await handle.provider.request({
    method: 'hardhat_setStorageAt',
    params: [usdc.address, storageSlot(ARTIFACTS.DevnetUSDC, 'minter'), pad(usdcMinter)],
  });
  await setCode(handle, multicall3.address, ARTIFACTS.Multicall3.deployedBytecode);
}

async function setCode(handle: ChainHandle, address: Address, code: Hex): Promise<void> {
  await handle.provider.request({ method: 'hardhat_setCode', params: [address, code] });
}
