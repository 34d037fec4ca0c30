import { CHAIN_NAMES, CHAINS, MULTICALL3_ADDRESS, type ChainName } from '@paysight/contracts';
import type { Abi, Address } from 'viem';
import { PERMIT2_CONTRACT } from '@paysight/contracts';
import { ERC1155_ABI, ERC20_ABI, ERC721_ABI, MULTICALL3_ABI, PERMIT2_ABI, USDC_ABI, WRAPPED_NATIVE_ABI } from './known-abis.js';
import { KNOWN_TOKENS } from '@paysight/datasets';

/** Uniswap's Permit2, deployed with CREATE2 at the same address on every chain. */
export const PERMIT2_ADDRESS = PERMIT2_CONTRACT as Address;

/** The canonical wrapped native coin of each chain (WETH9 copies; WPOL on Polygon), from the known-token list. */
export const WRAPPED_NATIVE: Readonly<Record<ChainName, Address>> = Object.fromEntries(
  CHAIN_NAMES.map((chain) => {
    const wrapped = KNOWN_TOKENS[chain].find((t) => t.symbol === `W${CHAINS[chain].nativeSymbol}`);
    if (!wrapped) throw new Error(`KNOWN_TOKENS lists no wrapped native coin for ${chain}`);
    return [chain, wrapped.address];
  }),
) as Record<ChainName, Address>;

/** ERC-165 interface ids that tell NFT contracts apart. */
export const INTERFACE_IDS = { erc721: '0x80ac58cd', erc1155: '0xd9b67a26' } as const;

/** What a contract answered to name(), symbol(), decimals() and supportsInterface(); null or false where it did not. */
export interface ContractProbe {
  address: Address;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  erc721: boolean;
  erc1155: boolean;
}

export type RecognisedAs = 'usdc' | 'wrapped_native' | 'multicall3' | 'permit2' | 'erc20' | 'erc721' | 'erc1155';

export interface RecognisedContract {
  address: Address;
  as: RecognisedAs;
  /** For people: "USD Coin (USDC)", "Multicall3". */
  label: string;
  abi: Abi;
  symbol: string | null;
  decimals: number | null;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function tokenLabel(probe: ContractProbe | undefined, fallback: string): string {
  if (probe?.name && probe.symbol) return `${probe.name} (${probe.symbol})`;
  return probe?.symbol ?? probe?.name ?? fallback;
}

/**
 * Recognises a contract by its address (USDC, the wrapped native coin, Multicall3, Permit2) or by
 * what it answered (ERC-1155 and ERC-721 through ERC-165, ERC-20 by symbol and decimals).
 */
export function recogniseContract(chain: ChainName, address: Address, probe?: ContractProbe): RecognisedContract | null {
  const token = (as: RecognisedAs, abi: Abi, fallback: string): RecognisedContract => ({
    address,
    as,
    label: tokenLabel(probe, fallback),
    abi,
    symbol: probe?.symbol ?? null,
    decimals: probe?.decimals ?? null,
  });
  if (same(address, MULTICALL3_ADDRESS)) return { address, as: 'multicall3', label: 'Multicall3', abi: MULTICALL3_ABI, symbol: null, decimals: null };
  if (same(address, PERMIT2_ADDRESS)) return { address, as: 'permit2', label: 'Permit2', abi: PERMIT2_ABI, symbol: null, decimals: null };
  if (same(address, CHAINS[chain].usdc)) return token('usdc', USDC_ABI, 'USDC');
  if (same(address, WRAPPED_NATIVE[chain])) return token('wrapped_native', WRAPPED_NATIVE_ABI, `W${CHAINS[chain].nativeSymbol}`);
  if (!probe) return null;
  if (probe.erc1155) return token('erc1155', ERC1155_ABI, 'an ERC-1155 collection');
  if (probe.erc721) return token('erc721', ERC721_ABI, 'an ERC-721 collection');
  if (probe.symbol !== null && probe.decimals !== null) return token('erc20', ERC20_ABI, 'an ERC-20 token');
  return null;
}
