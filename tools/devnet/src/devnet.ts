import { CHAIN_NAMES, CHAINS, type ChainName } from '@paysight/contracts';
import type { Address } from 'viem';
import { type DevnetAccount, NAMED_ACCOUNTS } from './accounts.js';
import { chainHandle, type ChainHandle } from './chain/client.js';
import { type LocalChain, startLocalChain } from './chain/hardhat.js';
import { ChainIndexer } from './explorer/indexer.js';
import { API_PATH, startExplorerServer } from './explorer/server.js';
import { placePredeploys, predeployedContracts } from './chain/predeploys.js';
import { Funder } from './faucet/funder.js';
import { type FaucetServer, startFaucetServer } from './faucet/server.js';
import { seedChain } from './scenario/engine.js';
import { scenarioPlan } from './scenario/plan.js';
import { HISTORY_DAYS } from './scenario/schedule.js';
import type { ChainScenario, Scenario } from './scenario/types.js';

export interface DevnetChain {
  name: ChainName;
  chainId: number;
  rpcUrl: string;
  usdc: Address;
}

/** Everything another process needs to use the devnet; JSON-serializable (amounts are strings). */
export interface DevnetInfo {
  chains: Record<ChainName, DevnetChain>;
  faucetUrl: string;
  /** The local block explorer's Etherscan API v2 base URL (…/v2/api, one for all chains): use it as EXPLORER_API_URL. */
  explorerUrl: string;
  accounts: { demoBuyer: DevnetAccount; payee: DevnetAccount; facilitator: DevnetAccount; faucet: DevnetAccount };
  scenario: Scenario;
}

export interface Devnet extends DevnetInfo {
  /** Stops every chain, the faucet and the explorer. */
  close(): Promise<void>;
}

export interface DevnetOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Fixed ports per chain; the others get a free port (see DEFAULT_DEVNET_PORTS for the usual ones). */
  ports?: Partial<Record<ChainName, number>>;
  /** Faucet port; a free port by default. */
  faucetPort?: number;
  /** Explorer port; a free port by default. */
  explorerPort?: number;
  /** Seed the scenario (default true). Without it the chains hold only USDC, Multicall3 and the faucet's coin. */
  seed?: boolean;
  /**
   * Resolve only once the explorer has indexed the seeded history (default false). Tracing the seeded
   * swaps and relayed batches takes seconds of this process's time per chain: by default the explorer
   * indexes each chain in the background once it is seeded, and a query made meanwhile waits for it.
   * A devnet that many clients query at once (the shared test stack, `npm start`) indexes first, so no
   * query waits for it past a client's timeout.
   */
  indexBeforeReady?: boolean;
  log?: (line: string) => void;
}

/** The ports `npm start` and the standalone runner use. */
export const DEFAULT_DEVNET_PORTS: Readonly<Record<ChainName, number>> = {
  ethereum: 8545,
  base: 8546,
  polygon: 8547,
  arbitrum: 8548,
  optimism: 8549,
};

/** Native coin the faucet account holds from genesis on every chain (one billion coins). */
export const FAUCET_GENESIS_BALANCE = 10n ** 27n;
const DAY_MS = 86_400_000;

/** Starts the five chains (and seeds them unless `seed: false`) and the faucet, all in this process. */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const host = options.host ?? '127.0.0.1';
  const seed = options.seed ?? true;
  const log = options.log ?? (() => undefined);
  const startedAt = Date.now();
  const now = Math.floor(startedAt / 1000);

  const closers: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    await allSettled(closers.splice(0).map((close) => close()));
  };

  try {
    const chains = await allSettled(
      CHAIN_NAMES.map(async (name) => {
        const chain = await startLocalChain({
          chainId: CHAINS[name].chainId,
          host,
          port: options.ports?.[name] ?? 0,
          genesisAccounts: [{ privateKey: NAMED_ACCOUNTS.faucet.privateKey, balance: FAUCET_GENESIS_BALANCE }],
          // A seeded history starts in the past; the genesis block must come before it.
          genesisDate: seed ? new Date(startedAt - (HISTORY_DAYS + 1) * DAY_MS) : undefined,
        });
        closers.push(chain.close);
        return [name, chain] as const;
      }),
    );
    const local = Object.fromEntries(chains) as Record<ChainName, LocalChain>;
    const handles = Object.fromEntries(
      CHAIN_NAMES.map((name) => [name, chainHandle(name, local[name].provider, local[name].url)]),
    ) as Record<ChainName, ChainHandle>;
    log(`devnet: ${CHAIN_NAMES.length} chains up in ${Date.now() - startedAt} ms`);

    const indexers = Object.fromEntries(CHAIN_NAMES.map((name) => [name, new ChainIndexer(handles[name])])) as Record<ChainName, ChainIndexer>;
    closers.push(async () => {
      await Promise.all(Object.values(indexers).map((indexer) => indexer.stop()));
    });
    const scenarios = await allSettled(
      CHAIN_NAMES.map(async (name) => {
        await placePredeploys(handles[name], NAMED_ACCOUNTS.faucet.address);
        const plan = seed ? scenarioPlan(name) : { wallets: Object.values(NAMED_ACCOUNTS).map((a) => a.label), steps: [] };
        const seeded = await seedChain(handles[name], plan, predeployedContracts(name), now);
        const indexing = indexers[name].catchUp();
        // A failed background pass is not lost: the next query's catch-up indexes the same blocks again.
        if (options.indexBeforeReady) await indexing;
        else indexing.catch(() => undefined);
        return [name, seeded] as const;
      }),
    );
    const scenario: Scenario = {
      seeded: seed,
      historyDays: seed ? HISTORY_DAYS : 0,
      chains: Object.fromEntries(scenarios) as Record<ChainName, ChainScenario>,
    };
    if (seed) {
      const count = scenarios.reduce((n, [, s]) => n + Object.keys(s.transactions).length, 0);
      log(`devnet: seeded ${count} transactions${options.indexBeforeReady ? ' and indexed them' : ''} in ${Date.now() - startedAt} ms since start`);
    }

    const faucet: FaucetServer = await startFaucetServer(new Funder(handles, NAMED_ACCOUNTS.faucet), host, options.faucetPort ?? 0);
    closers.push(faucet.close);
    const explorer = await startExplorerServer(indexers, host, options.explorerPort ?? 0);
    closers.push(explorer.close);

    const info: DevnetInfo = {
      chains: Object.fromEntries(
        CHAIN_NAMES.map((name) => [name, { name, chainId: CHAINS[name].chainId, rpcUrl: local[name].url, usdc: CHAINS[name].usdc }]),
      ) as Record<ChainName, DevnetChain>,
      faucetUrl: faucet.url,
      explorerUrl: `${explorer.url}${API_PATH}`,
      accounts: { ...NAMED_ACCOUNTS },
      scenario,
    };
    for (const name of CHAIN_NAMES) log(`devnet: ${name} (chain id ${CHAINS[name].chainId}) at ${local[name].url}`);
    log(`devnet: faucet at ${faucet.url}, explorer at ${info.explorerUrl} (ready in ${Date.now() - startedAt} ms)`);
    return { ...info, close: closeAll };
  } catch (error) {
    await closeAll().catch(() => undefined);
    throw error;
  }
}

/** Like Promise.all, but waits for every promise before failing, so nothing is left starting in the background. */
async function allSettled<T>(promises: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
