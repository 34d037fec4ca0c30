import { createChainSource, type ChainSourceConfig, type CompositeChainSource } from '@paysight/chain-data';
import { CHAIN_NAMES } from '@paysight/contracts';
import type { DevnetInfo } from './devnet.js';

export interface DevnetChainSourceOptions {
  /** Address history from the devnet's own explorer (default true); false leaves it out, as without an indexer. */
  explorer?: boolean;
  /** viem retries of a failed JSON-RPC request; the chain-data default when left out (tests use 0 to fail fast). */
  retryCount?: number;
}

/** The chain-data configuration that reads the devnet: its five chains over JSON-RPC, labelled Demo, and its explorer. */
export function devnetChainSourceConfig(devnet: Pick<DevnetInfo, 'chains' | 'explorerUrl'>, options: DevnetChainSourceOptions = {}): ChainSourceConfig {
  return {
    rpc: {
      chains: Object.fromEntries(CHAIN_NAMES.map((name) => [name, { rpcUrl: devnet.chains[name].rpcUrl, demo: true }])),
      ...(options.retryCount === undefined ? {} : { retryCount: options.retryCount }),
    },
    ...(options.explorer === false ? {} : { explorer: { url: devnet.explorerUrl } }),
  };
}

/** The devnet as a ChainSource (see devnetChainSourceConfig). */
export function createDevnetChainSource(devnet: Pick<DevnetInfo, 'chains' | 'explorerUrl'>, options: DevnetChainSourceOptions = {}): CompositeChainSource {
  return createChainSource(devnetChainSourceConfig(devnet, options));
}
