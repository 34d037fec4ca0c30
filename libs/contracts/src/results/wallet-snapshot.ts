import { z } from 'zod';
import {
  blockNumberText,
  chainIdNumber,
  checksummedAddress,
  confidence,
  isoTimestamp,
  logIndexNumber,
  rawAmount,
  tokenDecimals,
  transactionHashText,
} from '../schemas/common.js';
import { CHAIN_NAMES } from '../chains.js';

const address = checksummedAddress;

export const accountType = z.enum(['eoa', 'contract', 'delegated_eoa']).meta({
  description: 'eoa: no code; contract: deployed bytecode; delegated_eoa: an account with an EIP-7702 delegation (code 0xef0100 || target).',
});

export const tokenHolding = z.object({
  address,
  symbol: z.string().nullable(),
  name: z.string().nullable(),
  decimals: tokenDecimals.nullable(),
  balance: rawAmount,
  formatted: z.string().nullable().meta({ description: 'Balance in whole tokens; null when decimals are unknown.' }),
  isStablecoin: z.boolean(),
  source: z.enum(['known_token', 'transfer_history']).meta({ description: 'Why this token was checked.' }),
});

export const nftHolding = z.object({
  contract: address,
  standard: z.enum(['erc721', 'erc1155']),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  tokenIds: z.array(z.string()).meta({ description: 'Token ids seen held at the snapshot block (capped).' }),
  count: z.number().int().nonnegative(),
});

export const activityItem = z.object({
  transactionHash: transactionHashText,
  blockNumber: blockNumberText,
  logIndex: logIndexNumber.nullable(),
  timestamp: isoTimestamp.nullable().meta({ description: 'Block time (ISO 8601) when known.' }),
  direction: z.enum(['in', 'out', 'self']),
  kind: z.enum(['native', 'erc20', 'erc721', 'erc1155']),
  asset: z.object({ address: address.nullable(), symbol: z.string().nullable() }),
  amount: rawAmount.meta({ description: 'Raw amount; for NFTs the number of items.' }),
  formatted: z.string().nullable(),
  tokenId: z.string().nullable(),
  counterparty: address,
});

export const walletSnapshotResult = z.object({
  addressSummary: z.object({
    address,
    chain: z.enum(CHAIN_NAMES),
    chainId: chainIdNumber,
    accountType,
    delegatedTo: address.nullable().meta({ description: 'EIP-7702 delegation target, when accountType is delegated_eoa.' }),
    codeSize: z.number().int().nonnegative(),
    transactionCount: z.number().int().nonnegative().meta({ description: 'Account nonce: transactions sent (or contracts created, for a contract).' }),
    nativeBalance: z.object({ symbol: z.string(), wei: rawAmount, formatted: z.string() }),
    snapshotBlock: blockNumberText,
    activityWindow: z.object({ fromBlock: blockNumberText, toBlock: blockNumberText, complete: z.boolean() }).meta({
      description: 'Blocks whose token transfer logs were read; complete is false when the window does not reach the start of the chain.',
    }),
    transfersInWindow: z.number().int().nonnegative(),
    distinctCounterparties: z.number().int().nonnegative(),
    lastActivityBlock: blockNumberText.nullable(),
  }),
  assetExposure: z.object({
    native: z.object({ symbol: z.string(), wei: rawAmount, formatted: z.string() }),
    tokens: z.array(tokenHolding),
    nfts: z.array(nftHolding),
    stablecoinBalanceUsd: z.string().meta({ description: 'Sum of known USD stablecoin balances, as a decimal string.' }),
    tokenCount: z.number().int().nonnegative(),
    nftCount: z.number().int().nonnegative(),
  }),
  recentActivity: z.array(activityItem),
  confidence,
  recommendedNextAction: z.string(),
});

export type WalletSnapshotResult = z.infer<typeof walletSnapshotResult>;
export type ActivityItem = z.infer<typeof activityItem>;
export type TokenHolding = z.infer<typeof tokenHolding>;
export type NftHolding = z.infer<typeof nftHolding>;
