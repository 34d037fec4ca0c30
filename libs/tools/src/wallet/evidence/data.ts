import type { AddressHistoryResult, ChainName, Depth } from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import type { AccountCode } from '../../shared/account-code.js';
import type { WalletSnapshotData } from '../snapshot/data.js';
import type { ControlGetter } from './events.js';

/**
 * Bounds on what one evidence gather reads, by depth. Each bound that cuts something is named in the
 * evidence's limitations.
 */
export const EVIDENCE_LIMITS: Readonly<
  Record<
    Depth,
    {
      /** Entries per list (transactions, internal transfers, token transfers) asked of the indexer. */
      history: number;
      /** Counterparties whose code is read (most frequent first); approval spenders come on top. */
      counterpartyCode: number;
      spenderCode: number;
      /** Addresses checked with the sanctions oracle in the Multicall3 round trip. */
      sanctionsChecks: number;
      /** Transactions behind the wallet's movements that the indexer did not list, looked up by hash for their sender. */
      senderLookups: number;
      /** For an EIP-7702 account: its indexed transactions looked up for their type (to find the type-4 ones). */
      delegationLookups: number;
      /** Receipts of approve calls older than the log window, read for their Approval events. */
      approvalReceipts: number;
      /** Approvals whose live state is read (and, for those in the log search, whose transaction is looked up for its sender). */
      allowances: number;
      /** Tokens seen only in the indexed history whose symbol and decimals are read. */
      tokenMetadata: number;
      /** Block headers read for timestamps of log-only activity. */
      blockTimestamps: number;
      /** The main funder's own history (0: the fan-out check is not run). */
      funderHistory: number;
      /** Recipients of the funder's fan-out whose transaction count is read. */
      fanoutRecipients: number;
      /** Contracts created by the wallet that are examined for the contract report. */
      createdContracts: number;
    }
  >
> = {
  basic: {
    history: 100,
    counterpartyCode: 10,
    spenderCode: 10,
    sanctionsChecks: 50,
    senderLookups: 20,
    delegationLookups: 5,
    approvalReceipts: 10,
    allowances: 20,
    tokenMetadata: 20,
    blockTimestamps: 60,
    funderHistory: 0,
    fanoutRecipients: 0,
    createdContracts: 3,
  },
  deep: {
    history: 500,
    counterpartyCode: 30,
    spenderCode: 30,
    sanctionsChecks: 200,
    senderLookups: 50,
    delegationLookups: 10,
    approvalReceipts: 30,
    allowances: 60,
    tokenMetadata: 60,
    blockTimestamps: 200,
    funderHistory: 200,
    fanoutRecipients: 10,
    createdContracts: 10,
  },
};

/**
 * One approval-related event with the wallet as owner: an ERC-20 Approval, an ERC-721 per-token Approval
 * (its token id is indexed: four topics), an ApprovalForAll (ERC-721 and ERC-1155 operators), or a
 * Permit2 Approval, Permit, Lockdown or NonceInvalidation emitted by the canonical Permit2.
 */
export interface ApprovalEvent {
  kind: 'erc20' | 'erc721' | 'operator' | 'permit2';
  name: 'Approval' | 'ApprovalForAll' | 'Permit' | 'Lockdown' | 'NonceInvalidation';
  /** The token (for Permit2 events, the token field of the event; Permit2 itself emitted it). */
  token: Address;
  spender: Address;
  /** ERC-20 and Permit2: the amount (0 for a Lockdown); ERC-721: 1; operator: 1 (approved) or 0 (revoked); NonceInvalidation: 0. */
  value: bigint;
  /** ERC-721 per-token approvals only. */
  tokenId: bigint | null;
  /** Permit2 Approval and Permit only: unix seconds after which the allowance cannot be used. */
  expiration: bigint | null;
  /** The contract that emitted the log (Permit2 for Permit2 events, the token otherwise). */
  emitter: Address;
  transactionHash: Hex;
  blockNumber: bigint;
  logIndex: number;
  /** Where the event was found: the owner-topic log search, or the receipt of an older approve call from the history. */
  foundIn: 'logs' | 'receipt';
}

/**
 * Who made an approval, from its transaction: the owner sent it (`owner`); someone else submitted the
 * owner's signature (`signed_permit`: an EIP-2612 permit call, or a Permit2 Permit); someone else sent it
 * on a contract the owner has used (`third_party`: a spender's transferFrom re-emitting Approval, or a
 * permit wrapped in another contract's call); or someone else sent it on a contract the owner never
 * called (`unattributed`: a spoofed event a stranger can emit at will; never counted in the risk score).
 */
export type ApprovalOrigin = 'owner' | 'signed_permit' | 'third_party' | 'unattributed';

/** An approval with its latest event and what was read at the head block. */
export interface ApprovalState {
  kind: ApprovalEvent['kind'];
  token: Address;
  spender: Address;
  /** ERC-721 per-token approvals only. */
  tokenId: bigint | null;
  latest: ApprovalEvent;
  origin: ApprovalOrigin;
  /**
   * What the spender may take now, read at the head block: ERC-20 allowance; operator 1 or 0; ERC-721 1
   * when getApproved(tokenId) is the spender and the wallet still owns the item, else 0; Permit2 the
   * amount of allowance(owner, token, spender). null when the read failed.
   */
  allowance: bigint | null;
  /** Permit2 only: the allowance's expiration read at the head (unix seconds); an expired one cannot be used. */
  expiration: bigint | null;
  /** Permit2 only: the ERC-20 allowance of the wallet to Permit2 on the token (the gateway every sub-allowance passes through). */
  gateway: bigint | null;
  /** The wallet's balance of what the approval covers: token units (ERC-20, Permit2), items (ERC-721 balanceOf for operators; 1 or 0 per token); null when unread (ERC-1155 operators). */
  balance: bigint | null;
}

/** Where the owner-topic approval log search looked. */
export interface ApprovalSearch {
  fromBlock: bigint;
  toBlock: bigint;
  /** eth_getLogs requests of at most APPROVAL_SEARCH.chunkBlocks blocks each. */
  chunks: number;
  /** Days the search was meant to cover, and whether the chunk bound cut it short. */
  days: number;
  capped: boolean;
}

/** What the risk engine needs to judge an approval's spender: code at the head and at the freshness block. */
export interface SpenderFacts {
  /** Block at which code was read to tell a recently created contract (FRESH_SPENDER_DAYS before the head). */
  freshnessBlock: bigint;
  /** Whether the spender had code at the freshness block, by lower-case address; null when the node could not answer (no archive state). */
  codeAtFreshnessBlock: Record<string, boolean | null>;
  /**
   * Whether the explorer holds verified source for the spender, by lower-case address (null: the explorer
   * did not answer); absent entirely when no explorer is configured or the spender was not asked about.
   */
  verifiedSource: Record<string, boolean | null> | null;
}

export interface ApprovalEvidence {
  events: ApprovalEvent[];
  states: ApprovalState[];
  search: ApprovalSearch | null;
  spenders: SpenderFacts | null;
}

export interface TokenMetadata {
  symbol: string | null;
  name: string | null;
  decimals: number | null;
}

/** Facts about a contract the wallet is, or created: for the contract report section. */
export interface ContractFacts {
  address: Address;
  role: 'self' | 'created';
  creationTransaction: Hex | null;
  code: AccountCode;
  /** Which EIP-1967 slot constants appear in the runtime code. */
  eip1967Slots: ('implementation' | 'admin' | 'beacon')[];
  /** Control getters that answered, by name, as strings (lists joined by commas). */
  reads: Partial<Record<ControlGetter, string>>;
  /** Upgrade, admin and ownership events of the contract inside the window (self only). */
  controlEvents: { event: 'Upgraded' | 'AdminChanged' | 'BeaconUpgraded' | 'OwnershipTransferred'; transactionHash: Hex; blockNumber: bigint; logIndex: number; value: Address }[];
}

export interface SanctionsOracleReading {
  address: Address;
  /** False when the oracle has no code on this chain (nothing was asked). */
  deployed: boolean;
  /** Addresses asked, in the Multicall3 round trip. */
  checked: Address[];
  /** Addresses the oracle answered true for. */
  listed: Address[];
  /** Addresses whose read failed. */
  failed: Address[];
}

export interface FunderEvidence {
  address: Address;
  history: AddressHistoryResult;
  /** Transaction count at the head block of recipients of the funder's similar transfers, by lower-case address. */
  recipientNonces: Record<string, number>;
}

/** Everything the risk engine and the wallet audit read about one wallet, at one head block. */
export interface WalletEvidence {
  chain: ChainName;
  address: Address;
  depth: Depth;
  /** The snapshot's data: head, window, code, nonce, token transfer logs, balances and holdings. */
  snapshot: WalletSnapshotData;
  /** The indexed history (native transactions, internal transfers, ERC-20 transfers), or why there is none. */
  history: AddressHistoryResult;
  approvals: ApprovalEvidence;
  /** Metadata of tokens seen outside the snapshot's reads, by lower-case address. */
  tokenMetadata: Record<string, TokenMetadata>;
  /** Code of counterparties, spenders and the delegate, read at the head block, by lower-case address. */
  accounts: Record<string, AccountCode>;
  /** Sender, target and (when looked up by hash) envelope type of transactions behind the wallet's activity, by lower-case hash. */
  transactionParties: Record<string, { from: Address; to: Address | null; type: string | null }>;
  /** Unix seconds by block number (decimal string), for activity without an indexer timestamp. */
  blockTimestamps: Record<string, string>;
  sanctionsOracle: SanctionsOracleReading | null;
  /** Deep depth only: the main funder's history for the fan-out check. */
  funder: FunderEvidence | null;
  contracts: ContractFacts[];
  /** Bounds that cut what was read, and sources that did not answer, in plain words. */
  limitations: string[];
}
