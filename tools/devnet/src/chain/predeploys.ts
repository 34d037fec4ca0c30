import { CHAIN_NAMES, CHAINS, type ChainName, MULTICALL3_ADDRESS, PAYMENT } from '@paysight/contracts';
import { type AddressDataset, EIP7702_SMART_ACCOUNTS, KNOWN_SPENDERS, KNOWN_TOKENS, MIXERS, SANCTIONS_ORACLES } from '@paysight/datasets';
import { type Address, type Hex, pad } from 'viem';
import { ARTIFACTS, type ContractName } from '../artifacts/index.js';
import type { KnownContract } from '../scenario/world.js';
import { shortStringWord, storageSlot } from '../solidity/artifact.js';
import type { ChainHandle } from './client.js';

/** One entry of a Paysight risk dataset, found by its label: the devnet places its contracts where the detectors look. */
function datasetAddress(dataset: AddressDataset, label: string, chain?: ChainName): Address {
  const entry = dataset.entries.find((e) => e.label.includes(label) && (!chain || e.chains.includes(chain)));
  if (!entry) throw new Error(`the ${dataset.header.id} dataset has no entry "${label}"${chain ? ` on ${chain}` : ''}`);
  return entry.address;
}

/** Chainalysis' free sanctions oracle: one address on most chains, another on Base. */
export const SANCTIONS_ORACLE_ADDRESSES: Readonly<Record<ChainName, Address>> = Object.fromEntries(
  CHAIN_NAMES.map((chain) => [chain, datasetAddress(SANCTIONS_ORACLES, 'sanctions oracle', chain)]),
) as Record<ChainName, Address>;
/**
 * Where the devnet's mixer sits on each chain: Tornado Cash's 0.1 ETH pool where the mixer dataset lists
 * one there (Ethereum, Optimism, Arbitrum), else the first pool it lists on that chain (a Tornado Cash
 * MATIC pool on Polygon, Privacy Boost on Base). The dataset scopes each entry to the chains it is deployed on.
 */
export const MIXER_POOL_ADDRESSES: Readonly<Record<ChainName, Address>> = Object.fromEntries(
  CHAIN_NAMES.map((chain) => {
    const pools = MIXERS.onChain(chain).filter((e) => e.role === 'pool');
    const pool = pools.find((e) => e.label === 'Tornado Cash 0.1 ETH pool') ?? pools[0];
    if (!pool) throw new Error(`the mixers dataset lists no pool on ${chain}`);
    return [chain, pool.address];
  }),
) as Record<ChainName, Address>;
/** MetaMask's EIP7702StatelessDeleGator: a well-known smart-account implementation for EIP-7702. */
export const SMART_ACCOUNT_ADDRESS: Address = datasetAddress(EIP7702_SMART_ACCOUNTS, 'MetaMask');
/** Uniswap's Permit2, at the same address on every chain; the devnet's DevnetPermit2 speaks its allowance ABI there. */
export const PERMIT2_ADDRESS: Address = datasetAddress(KNOWN_SPENDERS, 'Permit2');

/** Uniswap's SwapRouter02 (another address on Base): the devnet's swap router sits there on every chain. */
export const SWAP_ROUTER_ADDRESSES: Readonly<Record<ChainName, Address>> = Object.fromEntries(
  CHAIN_NAMES.map((chain) => [chain, datasetAddress(KNOWN_SPENDERS, 'Uniswap SwapRouter02', chain)]),
) as Record<ChainName, Address>;

/** The real names of the wrapped native coins (WETH9 and its copies; WPOL on Polygon), by native symbol. */
const WRAPPED_NATIVE_NAMES: Readonly<Record<string, string>> = { ETH: 'Wrapped Ether', POL: 'Wrapped Polygon Ecosystem Token' };

/**
 * The chain's wrapped native coin (WETH, WPOL) as the detectors know it: at its KNOWN_TOKENS address,
 * so a wallet holding it does not look like it holds an impostor.
 */
function wrappedNative(chain: ChainName): PlacedContract & { name: string; symbol: string } {
  const native = CHAINS[chain].nativeSymbol;
  const symbol = `W${native}`;
  const known = KNOWN_TOKENS[chain].find((t) => t.symbol === symbol);
  const name = WRAPPED_NATIVE_NAMES[native];
  if (!known || !name) throw new Error(`no canonical ${symbol} is known on ${chain} (KNOWN_TOKENS in @paysight/datasets)`);
  return {
    address: known.address,
    kind: 'wrapped-native',
    artifact: 'WrappedNative',
    name,
    symbol,
    decimals: 18, // WrappedNative.decimals()
    abi: ARTIFACTS.WrappedNative.abi,
  };
}

/** A contract placed from its compiled artifact. */
type PlacedContract = KnownContract & { artifact: ContractName };

export type PredeployedContract = 'usdc' | 'multicall3' | 'wrappedNative' | 'sanctionsOracle' | 'mixerPool' | 'smartAccount' | 'permit2' | 'router';

/** The contracts that live at fixed addresses on the real chains, as the scenario knows them. */
export function predeployedContracts(chain: ChainName): Record<PredeployedContract, PlacedContract> {
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
    wrappedNative: wrappedNative(chain),
    sanctionsOracle: {
      address: SANCTIONS_ORACLE_ADDRESSES[chain],
      kind: 'sanctions-oracle',
      artifact: 'SanctionsOracle',
      abi: ARTIFACTS.SanctionsOracle.abi,
    },
    mixerPool: { address: MIXER_POOL_ADDRESSES[chain], kind: 'mixer', artifact: 'MixerPool', abi: ARTIFACTS.MixerPool.abi },
    smartAccount: { address: SMART_ACCOUNT_ADDRESS, kind: 'smart-account', artifact: 'SmartAccount', abi: ARTIFACTS.SmartAccount.abi },
    permit2: { address: PERMIT2_ADDRESS, kind: 'permit2', artifact: 'DevnetPermit2', abi: ARTIFACTS.DevnetPermit2.abi },
    router: { address: SWAP_ROUTER_ADDRESSES[chain], kind: 'router', artifact: 'SwapRouter', abi: ARTIFACTS.SwapRouter.abi },
  };
}

/**
 * Places the fixed-address contracts. None has a constructor: the one privileged account (USDC's
 * `minter`, the oracle's `owner`: `operator`, the faucet), the wrapped native coin's name and
 * symbol, and the router's wrapped native coin are written straight into storage. Mines no block.
 */
export async function placePredeploys(handle: ChainHandle, operator: Address): Promise<void> {
  const contracts = predeployedContracts(handle.name);
  for (const contract of Object.values(contracts)) {
    await handle.provider.request({ method: 'hardhat_setCode', params: [contract.address, ARTIFACTS[contract.artifact].deployedBytecode] });
  }
  await setStorage(handle, contracts.usdc.address, storageSlot(ARTIFACTS.DevnetUSDC, 'minter'), pad(operator));
  await setStorage(handle, contracts.sanctionsOracle.address, storageSlot(ARTIFACTS.SanctionsOracle, 'owner'), pad(operator));
  const wrapped = wrappedNative(handle.name);
  await setStorage(handle, wrapped.address, storageSlot(ARTIFACTS.WrappedNative, '_name'), shortStringWord(wrapped.name));
  await setStorage(handle, wrapped.address, storageSlot(ARTIFACTS.WrappedNative, '_symbol'), shortStringWord(wrapped.symbol));
  await setStorage(handle, contracts.router.address, storageSlot(ARTIFACTS.SwapRouter, 'wrappedNative'), pad(wrapped.address));
}

async function setStorage(handle: ChainHandle, address: Address, slot: Hex, value: Hex): Promise<void> {
  await handle.provider.request({ method: 'hardhat_setStorageAt', params: [address, slot, value] });
}
