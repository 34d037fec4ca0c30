import { CHAINS } from '@paysight/contracts';
import { type Chain, defineChain } from 'viem';

/** Base (chain id 8453) as a viem chain served by the given JSON-RPC URL: mainnet or the devnet's local Base. */
export function baseChain(rpcUrl: string): Chain {
  const base = CHAINS.base;
  return defineChain({
    id: base.chainId,
    name: base.displayName,
    nativeCurrency: { name: 'Ether', symbol: base.nativeSymbol, decimals: base.nativeDecimals },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}
