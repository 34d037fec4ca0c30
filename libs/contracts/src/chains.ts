import type { Address } from 'viem';

export const CHAIN_NAMES = ['ethereum', 'base', 'polygon', 'arbitrum', 'optimism'] as const;
export type ChainName = (typeof CHAIN_NAMES)[number];

export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

export interface ChainInfo {
  name: ChainName;
  displayName: string;
  chainId: number;
  caip2: `eip155:${number}`;
  nativeSymbol: string;
  nativeDecimals: number;
  /** Circle's native USDC on this chain. */
  usdc: Address;
  /** Public block explorer, used for explorerUrl outside the devnet. */
  explorerUrl: string;
  /** Roughly how long a block takes; used to describe ages in blocks. */
  averageBlockSeconds: number;
}

export const CHAINS: Readonly<Record<ChainName, ChainInfo>> = {
  ethereum: {
    name: 'ethereum',
    displayName: 'Ethereum',
    chainId: 1,
    caip2: 'eip155:1',
    nativeSymbol: 'ETH',
    nativeDecimals: 18,
    usdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    explorerUrl: 'https://etherscan.io',
    averageBlockSeconds: 12,
  },
  base: {
    name: 'base',
    displayName: 'Base',
    chainId: 8453,
    caip2: 'eip155:8453',
    nativeSymbol: 'ETH',
    nativeDecimals: 18,
    usdc: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    explorerUrl: 'https://basescan.org',
    averageBlockSeconds: 2,
  },
  polygon: {
    name: 'polygon',
    displayName: 'Polygon PoS',
    chainId: 137,
    caip2: 'eip155:137',
    nativeSymbol: 'POL',
    nativeDecimals: 18,
    usdc: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    explorerUrl: 'https://polygonscan.com',
    averageBlockSeconds: 2,
  },
  arbitrum: {
    name: 'arbitrum',
    displayName: 'Arbitrum One',
    chainId: 42161,
    caip2: 'eip155:42161',
    nativeSymbol: 'ETH',
    nativeDecimals: 18,
    usdc: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    explorerUrl: 'https://arbiscan.io',
    averageBlockSeconds: 0.25,
  },
  optimism: {
    name: 'optimism',
    displayName: 'OP Mainnet',
    chainId: 10,
    caip2: 'eip155:10',
    nativeSymbol: 'ETH',
    nativeDecimals: 18,
    usdc: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
    explorerUrl: 'https://optimistic.etherscan.io',
    averageBlockSeconds: 2,
  },
};

export function isChainName(value: string): value is ChainName {
  return (CHAIN_NAMES as readonly string[]).includes(value);
}

/** Accepts a chain name, a decimal chain id or a CAIP-2 id ("eip155:8453"); null when unknown. */
export function resolveChain(value: string): ChainInfo | null {
  const v = value.trim().toLowerCase();
  if (isChainName(v)) return CHAINS[v];
  const id = v.startsWith('eip155:') ? v.slice('eip155:'.length) : v;
  if (!/^\d+$/.test(id)) return null;
  return Object.values(CHAINS).find((c) => c.chainId === Number(id)) ?? null;
}
