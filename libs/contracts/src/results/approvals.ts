import { z } from 'zod';
import { blockNumberText, checksummedAddress, isoTimestamp, logIndexNumber, transactionHashText } from '../schemas/common.js';

export const APPROVAL_STANDARDS = ['erc20', 'erc721', 'operator', 'permit2'] as const;
export const APPROVAL_ORIGINS = ['owner', 'signed_permit', 'third_party', 'unattributed'] as const;
export const SPENDER_REPUTATIONS = ['known_threat', 'known_protocol', 'eoa', 'delegated_eoa', 'fresh_contract', 'unverified_contract', 'contract', 'unknown'] as const;

/** One approval the wallet (or, when unattributed, someone naming it as owner) made, as read at the head block. */
export const approvalItem = z.object({
  /** erc20 allowance; erc721 one item; operator: ApprovalForAll (ERC-721 or ERC-1155); permit2: a Permit2 sub-allowance. */
  standard: z.enum(APPROVAL_STANDARDS),
  token: checksummedAddress,
  symbol: z.string().nullable(),
  tokenId: z.string().nullable(),
  spender: z.object({ address: checksummedAddress, reputation: z.enum(SPENDER_REPUTATIONS), label: z.string().nullable() }),
  /** Live: usable now. Expired: a Permit2 allowance past its expiration. Revoked: zero at the head. Unread: the read failed. */
  status: z.enum(['live', 'expired', 'revoked', 'unread']),
  /** Raw allowance at the head (operator and erc721: 1 or 0); null when unread. */
  allowance: z.string().nullable(),
  unlimited: z.boolean(),
  /** Permit2 only. */
  expiresAt: isoTimestamp.nullable(),
  /** How it was granted (see docs/risk-flags.md): the owner's transaction, a signature someone else submitted, a third party's transaction on a contract the owner uses, or unattributed (possibly spoofed; never scored). */
  origin: z.enum(APPROVAL_ORIGINS),
  /** What the spender can take now at current balances (token units, or items); null when it could not be read. */
  atRisk: z.object({ raw: z.string(), formatted: z.string().nullable(), usd: z.string().nullable() }).nullable(),
  event: z.object({ name: z.string(), transactionHash: transactionHashText, blockNumber: blockNumberText, logIndex: logIndexNumber, emitter: checksummedAddress }),
});
export type ApprovalItem = z.infer<typeof approvalItem>;

/** The wallet's approvals and permits: what is live, what it can take, and where the search looked. */
export const approvalsSection = z.object({
  searchedBlocks: z.object({ fromBlock: blockNumberText, toBlock: blockNumberText }).nullable(),
  /** Live approvals the owner made, weightiest spender first. */
  live: z.array(approvalItem),
  /** Approvals that can no longer be used (revoked, expired) or could not be read. */
  inactive: z.array(approvalItem),
  /** Live approvals the owner did not demonstrably make (emitted in someone else's transaction on a contract the owner never called): exposure, not counted in riskScore. */
  unattributed: z.array(approvalItem),
  /** Sum of atRisk.usd over live owner approvals of USD stablecoins, per token counted once at its largest. */
  stablecoinAtRiskUsd: z.string(),
  limitations: z.array(z.string()),
});
export type ApprovalsSection = z.infer<typeof approvalsSection>;
