import { loadAiConfig, type ApiService } from '@paysight/api';
import { CHAIN_NAMES, type ChainName } from '@paysight/contracts';
import type { Devnet } from '@paysight/devnet';
import type { LocalFacilitator } from '@paysight/payment';
import { startStackApi } from './api-service.js';
import { DEVNET_KEY_WARNING, writeDevnetFile, type DevnetFile } from './devnet-file.js';
import { startLocalServices } from './services.js';

export interface EmbeddedStackOptions {
  dataDir: string;
  host: string;
  apiPort: number;
  facilitatorPort: number;
  /** Port of the devnet's Etherscan-compatible explorer; 0 picks a free one. */
  explorerPort: number;
  /** Ports of the five local chains; 0 picks free ones. */
  chainPorts: Partial<Record<ChainName, number>>;
  /** Print one JSON line per API request. */
  logRequests: boolean;
  log: (line: string) => void;
  /** Where the optional AI provider's settings (AI_BASE_URL, AI_MODEL, …) are read; default process.env. */
  env?: Record<string, string | undefined>;
}

export interface EmbeddedStack {
  devnet: Devnet;
  facilitator: LocalFacilitator;
  api: ApiService;
  devnetFile: DevnetFile;
  devnetFilePath: string;
  close(): Promise<void>;
}

/**
 * Layer (c), the embedded stack of `npm start`: the local services (a), the API on them with its
 * PGlite store under the data directory, paying the devnet's payee (b), and the devnet file for
 * tools and people (`paysight call` reads it).
 */
export async function startEmbeddedStack(options: EmbeddedStackOptions): Promise<EmbeddedStack> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne().catch(() => undefined);
  };
  try {
    options.log('Starting the local chains…');
    const services = await startLocalServices({
      host: options.host,
      chainPorts: options.chainPorts,
      explorerPort: options.explorerPort,
      facilitatorPort: options.facilitatorPort,
    });
    closers.push(() => services.close());
    const { devnet, facilitator } = services;

    options.log('Opening the store…');
    const api = await startStackApi(services.info, {
      payTo: devnet.accounts.payee.address,
      store: { dataDir: options.dataDir },
      host: options.host,
      port: options.apiPort,
      logRequests: options.logRequests,
      ai: loadAiConfig(options.env ?? process.env),
    });
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
