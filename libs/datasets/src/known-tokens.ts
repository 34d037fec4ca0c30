import { CHAINS, type ChainName } from '@paysight/contracts';
import type { Address } from 'viem';

export interface KnownToken {
  address: Address;
  symbol: string;
  /** Counted in stablecoin exposure at 1 USD per token. */
  usdStablecoin: boolean;
  /** The chain's wrapped native coin (WETH9-style deposit/withdraw): value sent to it and back is wrapping, not trading. */
  wrapsNative?: true;
}

/**
 * Widely held tokens at their canonical addresses, checked on every snapshot even when no transfer
 * falls inside the activity window. A token with the same symbol at another address is not one of these.
 */
export const KNOWN_TOKENS: Readonly<Record<ChainName, readonly KnownToken[]>> = {
  ethereum: [
    { address: CHAINS.ethereum.usdc, symbol: 'USDC', usdStablecoin: true },
    { address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', symbol: 'USDT', usdStablecoin: true },
    { address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', symbol: 'DAI', usdStablecoin: true },
    { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', symbol: 'WETH', usdStablecoin: false, wrapsNative: true },
  ],
  base: [
    { address: CHAINS.base.usdc, symbol: 'USDC', usdStablecoin: true },
    { address: '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA', symbol: 'USDbC', usdStablecoin: true },
    { address: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', symbol: 'DAI', usdStablecoin: true },
    { address: '0x4200000000000000000000000000000000000006', symbol: 'WETH', usdStablecoin: false, wrapsNative: true },
  ],
  polygon: [
    { address: CHAINS.polygon.usdc, symbol: 'USDC', usdStablecoin: true },
    { address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', symbol: 'USDT', usdStablecoin: true },
    { address: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', symbol: 'DAI', usdStablecoin: true },
    { address: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', symbol: 'WETH', usdStablecoin: false },
    { address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', symbol: 'WPOL', usdStablecoin: false, wrapsNative: true },
  ],
  arbitrum: [
    { address: CHAINS.arbitrum.usdc, symbol: 'USDC', usdStablecoin: true },
    { address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', symbol: 'USDT', usdStablecoin: true },
    { address: '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', symbol: 'DAI', usdStablecoin: true },
    { address: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', symbol: 'WETH', usdStablecoin: false, wrapsNative: true },
  ],
  optimism: [
    { address: CHAINS.optimism.usdc, symbol: 'USDC', usdStablecoin: true },
    { address: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', symbol: 'USDT', usdStablecoin: true },
    { address: '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', symbol: 'DAI', usdStablecoin: true },
    { address: '0x4200000000000000000000000000000000000006', symbol: 'WETH', usdStablecoin: false, wrapsNative: true },
  ],
};

export function knownToken(chain: ChainName, address: string): KnownToken | undefined {
  const lower = address.toLowerCase();
  return KNOWN_TOKENS[chain].find((t) => t.address.toLowerCase() === lower);
}

/** The chain's wrapped native coin (WETH, WPOL). */
export function wrappedNativeToken(chain: ChainName): KnownToken {
  const token = KNOWN_TOKENS[chain].find((t) => t.wrapsNative);
  if (!token) throw new Error(`no wrapped native token is listed for ${chain}`);
  return token;
}
