import path from 'node:path';
import { apiConfig, loadAiConfig, startApiService, type ApiService } from '@paysight/api';
import { CHAIN_NAMES } from '@paysight/contracts';
import { createDevnetChainSource, DEFAULT_DEVNET_PORTS, startDevnet, type Devnet } from '@paysight/devnet';
import { startLocalFacilitator, type LocalFacilitator } from '@paysight/payment';
import { DEVNET_KEY_WARNING, writeDevnetFile, type DevnetFile } from './devnet-file.js';

export interface EmbeddedStackOptions {
  dataDir: string;
  host: string;
  apiPort: number;
  facilitatorPort: number;
  /** Port of the devnet's Etherscan-compatible explorer; 0 picks a free one. */
  explorerPort: number;
  /** Ports of the five local chains; 0 picks free ones. */
  chainPorts: Partial<Record<(typeof CHAIN_NAMES)[number], number>>;
  /** Print one JSON line per API request. */
  logRequests: boolean;
  log: (line: string) => void;
}

export const EMBEDDED_DEFAULTS = {
  host: '127.0.0.1',
  apiPort: 4021,
  facilitatorPort: 4022,
  explorerPort: 4023,
  chainPorts: DEFAULT_DEVNET_PORTS,
} as const;

export interface EmbeddedStack {
  devnet: Devnet;
  facilitator: LocalFacilitator;
  api: ApiService;
  devnetFile: DevnetFile;
  devnetFilePath: string;
  close(): Promise<void>;
}

/**
 * The whole service on one machine: local chains, the local facilitator as its own HTTP service,
 * the API on an embedded PGlite store, and the devnet file for tools and people.
 */
export async function startEmbeddedStack(options: EmbeddedStackOptions): Promise<EmbeddedStack> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne().catch(() => undefined);
  };
  try {
    options.log('Starting the local chains…');
    const devnet = await startDevnet({ host: options.host, ports: options.chainPorts, explorerPort: options.explorerPort });
    closers.push(() => devnet.close());

    const facilitator = await startLocalFacilitator({
      rpcUrl: devnet.chains.base.rpcUrl,
      privateKey: devnet.accounts.facilitator.privateKey,
      host: options.host,
      port: options.facilitatorPort,
    });
    closers.push(() => facilitator.close());

    options.log('Opening the store…');
    const chainSource = createDevnetChainSource(devnet);
    const api = await startApiService(
      apiConfig({
        host: options.host,
        port: options.apiPort,
        payTo: devnet.accounts.payee.address,
        facilitatorUrl: facilitator.url,
        dataDir: path.resolve(options.dataDir),
        logRequests: options.logRequests,
        ai: loadAiConfig(process.env),
      }),
      chainSource,
      { baseRpcUrl: devnet.chains.base.rpcUrl },
    );
    closers.push(() => api.close());

    const devnetFile: DevnetFile = {
      warning: DEVNET_KEY_WARNING,
      generatedAt: new Date().toISOString(),
      chains: Object.fromEntries(CHAIN_NAMES.map((name) => [name, devnet.chains[name]])) as DevnetFile['chains'],
      payee: devnet.accounts.payee.address,
      facilitatorUrl: facilitator.url,
      explorerUrl: devnet.explorerUrl,
      apiBaseUrl: api.publicBaseUrl,
      demoBuyer: { address: devnet.accounts.demoBuyer.address, privateKey: devnet.accounts.demoBuyer.privateKey },
    };
    const devnetFilePath = await writeDevnetFile(options.dataDir, devnetFile);
    return { devnet, facilitator, api, devnetFile, devnetFilePath, close };
  } catch (error) {
    await close();
    throw error;
  }
}
