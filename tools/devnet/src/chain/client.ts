import { CHAINS, type ChainName, MULTICALL3_ADDRESS } from '@paysight/contracts';
import { type Chain, createPublicClient, custom, defineChain, type PublicClient, type Transport } from 'viem';
import type { Eip1193Provider } from './hardhat.js';

/** viem's description of a devnet chain: the real chain id, Multicall3 at its canonical address. */
export function viemChain(name: ChainName, rpcUrl: string): Chain {
  const info = CHAINS[name];
  return defineChain({
    id: info.chainId,
    name: `${info.displayName} (devnet)`,
    nativeCurrency: { name: info.nativeSymbol, symbol: info.nativeSymbol, decimals: info.nativeDecimals },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  });
}

/** A devnet chain as seen from inside the devnet process: requests skip HTTP. */
export interface ChainHandle {
  name: ChainName;
  chain: Chain;
  provider: Eip1193Provider;
  client: PublicClient<Transport, Chain>;
}

export function chainHandle(name: ChainName, provider: Eip1193Provider, rpcUrl: string): ChainHandle {
  const chain = viemChain(name, rpcUrl);
  const client = createPublicClient({
    chain,
    transport: custom(provider as Parameters<typeof custom>[0], { retryCount: 0 }),
  });
  return { name, chain, provider, client };
}
