import { type Address, type Hex, createPublicClient, decodeEventLog, http, isAddressEqual, parseAbi } from 'viem';
import { baseChain } from './base-chain.js';

export interface AuthorizationRef {
  /** The EIP-3009 token (USDC). */
  asset: Address;
  authorizer: Address;
  nonce: Hex;
  /** The payee and the atomic amount the authorization was signed for: what a transfer that paid us moved. */
  payTo: Address;
  amount: string;
}

/**
 * What became of an EIP-3009 authorization. Its nonce is marked used both by a transfer and by
 * `cancelAuthorization`, which moves nothing, so "used" alone does not prove a payment.
 */
export type AuthorizationState =
  | { status: 'unused' }
  /** Used by a transaction that moved `amount` from the authorizer to the payee: we were paid. */
  | { status: 'transferred'; transaction: Hex }
  /** Cancelled by its signer: nothing moved, and it can never be used. */
  | { status: 'cancelled'; transaction: Hex }
  /** Used by a transfer to another recipient or of another amount: impossible for a signature we verified; an operator must look. */
  | { status: 'mismatched'; transaction: Hex }
  /** Used, but neither log is within the lookback: too old to tell a transfer from a cancellation here. */
  | { status: 'unexplained' };

/**
 * Reads on chain what became of an EIP-3009 authorization, to reconcile a settlement whose outcome
 * the facilitator could not report. Implementations throw when the chain cannot be read.
 */
export interface AuthorizationReader {
  authorizationState(ref: AuthorizationRef): Promise<AuthorizationState>;
}

const eip3009Abi = parseAbi([
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
  'event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)',
  'event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);
const [, authorizationUsed, authorizationCanceled] = eip3009Abi;

/** An hour of Base blocks (2 s each). */
export const DEFAULT_AUTHORIZATION_LOOKBACK_BLOCKS = 1_800n;

export interface ViemAuthorizationReaderOptions {
  /** JSON-RPC URL of Base (or the local Base of the devnet). */
  rpcUrl: string;
  /**
   * How far back from the newest block to look for the log that tells what used an authorization.
   * Authorizations live for minutes (maxTimeoutSeconds), and the reconciler looks at a payment within
   * its interval, so an hour of Base blocks is plenty and stays inside the log ranges providers allow.
   */
  lookbackBlocks?: bigint;
  timeoutMs?: number;
}

/** The AuthorizationReader over a viem public client. */
export function createViemAuthorizationReader(options: ViemAuthorizationReaderOptions): AuthorizationReader {
  const client = createPublicClient({ chain: baseChain(options.rpcUrl), transport: http(options.rpcUrl, { retryCount: 0, timeout: options.timeoutMs ?? 10_000 }) });
  const lookback = options.lookbackBlocks ?? DEFAULT_AUTHORIZATION_LOOKBACK_BLOCKS;

  /**
   * The Transfer an authorization made is the token's log right after its AuthorizationUsed, in the
   * same transaction (USDC's transferWithAuthorization marks the nonce used, then transfers), which
   * keeps another transfer of a batch from passing for ours.
   */
  async function paidUs(ref: AuthorizationRef, transaction: Hex, usedLogIndex: number): Promise<boolean> {
    const receipt = await client.getTransactionReceipt({ hash: transaction });
    const next = receipt.logs.find((log) => log.logIndex === usedLogIndex + 1 && isAddressEqual(log.address, ref.asset));
    if (!next) return false;
    try {
      const transfer = decodeEventLog({ abi: eip3009Abi, eventName: 'Transfer', data: next.data, topics: next.topics });
      return isAddressEqual(transfer.args.from, ref.authorizer) && isAddressEqual(transfer.args.to, ref.payTo) && transfer.args.value === BigInt(ref.amount);
    } catch {
      return false;
    }
  }

  return {
    async authorizationState(ref) {
      const { asset, authorizer, nonce } = ref;
      const used = await client.readContract({ address: asset, abi: eip3009Abi, functionName: 'authorizationState', args: [authorizer, nonce] });
      if (!used) return { status: 'unused' };
      const latest = await client.getBlockNumber();
      const range = { address: asset, args: { authorizer, nonce }, fromBlock: latest > lookback ? latest - lookback : 0n, toBlock: latest };
      const [uses, cancellations] = await Promise.all([client.getLogs({ ...range, event: authorizationUsed }), client.getLogs({ ...range, event: authorizationCanceled })]);
      const cancelled = cancellations.at(-1);
      if (cancelled?.transactionHash) return { status: 'cancelled', transaction: cancelled.transactionHash };
      const use = uses.at(-1);
      if (!use?.transactionHash || use.logIndex === null) return { status: 'unexplained' };
      const transaction = use.transactionHash;
      return (await paidUs(ref, transaction, use.logIndex)) ? { status: 'transferred', transaction } : { status: 'mismatched', transaction };
    },
  };
}
