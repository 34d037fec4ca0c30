import { fetchResendingOnStaleSocket } from '@paysight/chain-data';
import type { ChainName } from '@paysight/contracts';
import { type Account, createPublicClient, createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type DevnetAccount, type DevnetInfo, type ScenarioTransaction, viemChain } from '../src/index.js';

/** Starting five chains is quick, but jest's 5 s default leaves no room on a busy CI machine. */
export const START_TIMEOUT_MS = 60_000;

/** A viem client over real HTTP, as other processes use the devnet. */
export function publicClient(devnet: DevnetInfo, chain: ChainName) {
  const { rpcUrl } = devnet.chains[chain];
  return createPublicClient({ chain: viemChain(chain, rpcUrl), transport: http(rpcUrl, { retryCount: 0 }) });
}

export function walletClient(devnet: DevnetInfo, chain: ChainName, account: DevnetAccount | Account) {
  const { rpcUrl } = devnet.chains[chain];
  return createWalletClient({
    account: 'privateKey' in account ? privateKeyToAccount(account.privateKey) : account,
    chain: viemChain(chain, rpcUrl),
    transport: http(rpcUrl, { retryCount: 0 }),
  });
}

/**
 * One `module=account` query of the devnet's explorer over HTTP, as other processes ask it. Like the
 * explorer client, it is sent once more if its pooled connection was reset before any answer (the
 * explorer closed the socket as idle while this worker's event loop was busy seeding or tracing).
 */
export function queryExplorer(devnet: DevnetInfo, chainId: number, params: Record<string, string>): Promise<Response> {
  const url = new URL(devnet.explorerUrl);
  for (const [name, value] of Object.entries({ chainid: String(chainId), module: 'account', ...params })) url.searchParams.set(name, value);
  return fetchResendingOnStaleSocket(url);
}

export function nowSeconds(): bigint {
  return BigInt(Math.floor(Date.now() / 1000));
}

/** A seeded chain's named transactions, with their receipts and block times read on the chain; `devnet()` is read at each call. */
export function namedTransactions(devnet: () => DevnetInfo, chain: ChainName) {
  const tx = (name: string): ScenarioTransaction => {
    const found = devnet().scenario.chains[chain].transactions[name];
    if (!found) throw new Error(`no transaction ${name}`);
    return found;
  };
  const client = () => publicClient(devnet(), chain);
  return {
    tx,
    receipt: (name: string) => client().getTransactionReceipt({ hash: tx(name).hash }),
    blockTime: async (name: string) => (await client().getBlock({ blockNumber: BigInt(tx(name).blockNumber) })).timestamp,
  };
}
