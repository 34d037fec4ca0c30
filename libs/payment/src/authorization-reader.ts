import { type Address, type Hex, createPublicClient, http, parseAbi } from 'viem';
import { baseChain } from './base-chain.js';

export interface AuthorizationRef {
  /** The EIP-3009 token (USDC). */
  asset: Address;
  authorizer: Address;
  nonce: Hex;
}

export type AuthorizationState = { used: false } | { used: true; transaction: Hex | null };

/**
 * Reads on chain whether an EIP-3009 authorization has been consumed, to reconcile a settlement
 * whose outcome the facilitator could not report. Implementations throw when the chain cannot be read.
 */
export interface AuthorizationReader {
  authorizationState(ref: AuthorizationRef): Promise<AuthorizationState>;
}

const eip3009Abi = parseAbi([
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
  'event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)',
]);

export interface ViemAuthorizationReaderOptions {
  /** JSON-RPC URL of Base (or the local Base of the devnet). */
  rpcUrl: string;
  /**
   * How far back to look for the AuthorizationUsed log that names the transaction. Authorizations
   * live for minutes (maxTimeoutSeconds), so an hour of Base blocks is plenty and stays inside
   * the log ranges providers allow.
   */
  lookbackBlocks?: bigint;
  timeoutMs?: number;
}

/** The AuthorizationReader over a viem public client. */
export function createViemAuthorizationReader(options: ViemAuthorizationReaderOptions): AuthorizationReader {
  const client = createPublicClient({ chain: baseChain(options.rpcUrl), transport: http(options.rpcUrl, { retryCount: 0, timeout: options.timeoutMs ?? 10_000 }) });
  const lookback = options.lookbackBlocks ?? 1_800n;

  return {
    async authorizationState({ asset, authorizer, nonce }) {
      const used = await client.readContract({ address: asset, abi: eip3009Abi, functionName: 'authorizationState', args: [authorizer, nonce] });
      if (!used) return { used: false };
      const latest = await client.getBlockNumber();
      const logs = await client.getLogs({
        address: asset,
        event: eip3009Abi[1],
        args: { authorizer, nonce },
        fromBlock: latest > lookback ? latest - lookback : 0n,
        toBlock: latest,
      });
      return { used: true, transaction: logs.at(-1)?.transactionHash ?? null };
    },
  };
}
