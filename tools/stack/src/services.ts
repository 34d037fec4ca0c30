import type { ChainName } from '@paysight/contracts';
import { startDevnet, type Devnet, type DevnetInfo } from '@paysight/devnet';
import { startLocalFacilitator, type LocalFacilitator } from '@paysight/payment';

export interface LocalServicesOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Ports of the five local chains; free ports for the others. */
  chainPorts?: Partial<Record<ChainName, number>>;
  /** Port of the devnet's Etherscan-compatible explorer; a free port by default. */
  explorerPort?: number;
  /** Port of the local facilitator; a free port by default. */
  facilitatorPort?: number;
  /** Seed the devnet's scenario (default true); without it the chains hold only USDC, Multicall3 and the faucet's coin. */
  seed?: boolean;
}

/** The local services as plain JSON-serialisable data: what an API (or another process) needs to use them. */
export interface LocalServicesInfo {
  devnet: DevnetInfo;
  /** The local facilitator's base URL (POST /verify, POST /settle, GET /supported). */
  facilitatorUrl: string;
}

export interface LocalServices {
  devnet: Devnet;
  facilitator: LocalFacilitator;
  info: LocalServicesInfo;
  /** Stops the facilitator, then the devnet. */
  close(): Promise<void>;
}

/**
 * Layer (a) of the local stack: the devnet's chains, faucet and explorer, and the local facilitator
 * as its own HTTP service settling on the local Base with the devnet's facilitator account.
 * Reads chain data through createDevnetChainSource(info.devnet) from @paysight/devnet.
 */
export async function startLocalServices(options: LocalServicesOptions = {}): Promise<LocalServices> {
  // Every API instance and test worker queries the explorer: it indexes the seeded history before they start.
  const devnet = await startDevnet({ host: options.host, ports: options.chainPorts, explorerPort: options.explorerPort, seed: options.seed, indexBeforeReady: true });
  let facilitator: LocalFacilitator;
  try {
    facilitator = await startLocalFacilitator({
      rpcUrl: devnet.chains.base.rpcUrl,
      privateKey: devnet.accounts.facilitator.privateKey,
      host: options.host,
      port: options.facilitatorPort,
    });
  } catch (error) {
    await devnet.close().catch(() => undefined);
    throw error;
  }
  const { close: _closeDevnet, ...devnetInfo } = devnet;
  return {
    devnet,
    facilitator,
    info: { devnet: devnetInfo, facilitatorUrl: facilitator.url },
    close: async () => {
      try {
        await facilitator.close();
      } finally {
        await devnet.close();
      }
    },
  };
}
