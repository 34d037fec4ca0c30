// The only module that touches Hardhat's internals (Hardhat 2.29: an in-process EDR network and its
// JSON-RPC server). If a Hardhat upgrade moves them, this is the one place to change.
import type { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import type { Hex } from 'viem';

/** The part of an EIP-1193 provider the devnet uses; Hardhat's in-process network implements it. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export interface LocalChainOptions {
  chainId: number;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Accounts that hold coin from the genesis block on. */
  genesisAccounts: { privateKey: Hex; balance: bigint }[];
  /** Timestamp of the genesis block; the wall clock when absent. */
  genesisDate?: Date;
}

export interface LocalChain {
  provider: Eip1193Provider;
  /** http://host:port */
  url: string;
  port: number;
  close(): Promise<void>;
}

// EIP-7702 (type-4 transactions) needs Prague.
const HARDFORK = 'prague';
const BLOCK_GAS_LIMIT = 30_000_000;
const INITIAL_BASE_FEE_PER_GAS = 1_000_000_000;

let edrReady: Promise<unknown> | undefined;

async function loadHardhat() {
  // Without this, Hardhat may ask about telemetry at a terminal and fetch a banner from the internet.
  process.env.HARDHAT_DISABLE_TELEMETRY_PROMPT = 'true';
  const [{ createHardhatNetworkProvider, getGlobalEdrContext }, { JsonRpcServer }] = await Promise.all([
    import('hardhat/internal/hardhat-network/provider/provider.js'),
    import('hardhat/internal/hardhat-network/jsonrpc/server.js'),
  ]);
  // Hardhat creates its shared EDR context on first use and registers the chain type asynchronously;
  // a second provider created meanwhile fails with "Provider for provided chain type does not exist".
  // Chains start in parallel, so every start waits for that first registration.
  await (edrReady ??= getGlobalEdrContext());
  return { createHardhatNetworkProvider, JsonRpcServer };
}

/** Starts one automining chain in this process and serves its JSON-RPC over HTTP (and WebSocket). */
export async function startLocalChain(options: LocalChainOptions): Promise<LocalChain> {
  const { createHardhatNetworkProvider, JsonRpcServer } = await loadHardhat();
  const provider = await createHardhatNetworkProvider(
    {
      hardfork: HARDFORK,
      chainId: options.chainId,
      networkId: options.chainId,
      blockGasLimit: BLOCK_GAS_LIMIT,
      minGasPrice: 0n,
      initialBaseFeePerGas: INITIAL_BASE_FEE_PER_GAS,
      automine: true,
      intervalMining: 0,
      mempoolOrder: 'priority',
      // Hardfork histories matter only when forking a live chain; this network starts empty.
      chains: new Map(),
      genesisAccounts: options.genesisAccounts.map((a) => ({ privateKey: a.privateKey, balance: a.balance })),
      allowUnlimitedContractSize: false,
      // Like a real node: a reverting transaction is mined with status 0 instead of failing the send.
      throwOnTransactionFailures: false,
      throwOnCallFailures: true,
      // Several transactions within one second are normal here (seeding, parallel tests).
      allowBlocksWithSameTimestamp: true,
      initialDate: options.genesisDate,
      enableTransientStorage: true,
      enableRip7212: false,
    },
    { enabled: false },
  );

  const server = new JsonRpcServer({ hostname: options.host, port: options.port, provider });
  const { _httpServer: httpServer, _wsServer: wsServer } = server as unknown as { _httpServer?: Server; _wsServer?: EventEmitter };
  if (!httpServer || !wsServer) throw new Error('this Hardhat version changed JsonRpcServer internals: update src/chain/hardhat.ts');

  // JsonRpcServer.listen never rejects: a busy port surfaces as an 'error' event on the HTTP server,
  // which its WebSocket server re-emits, uncaught unless someone listens.
  const address = await new Promise<{ port: number }>((resolve, reject) => {
    const onError = (error: Error) => {
      wsServer.off('error', onError);
      server.close().catch(() => undefined);
      reject(new Error(`cannot listen on ${options.host}:${options.port}: ${error.message}`));
    };
    wsServer.once('error', onError);
    server.listen().then((a) => {
      wsServer.off('error', onError);
      resolve(a);
    }, reject);
  });

  return {
    provider,
    port: address.port,
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${address.port}`,
    close: async () => {
      // Keep-alive sockets of clients would otherwise hold the server open.
      httpServer.closeAllConnections();
      await server.close();
    },
  };
}
