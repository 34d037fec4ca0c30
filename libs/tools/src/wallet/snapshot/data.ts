import type { ChainName, SourceCoverage } from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import type { BlockWindow } from '../../shared/activity-window.js';
import type { TokenTransfer } from '../../shared/transfers.js';

export interface TokenReading {
  address: Address;
  balance: bigint | null;
  symbol: string | null;
  name: string | null;
  decimals: number | null;
  source: 'known_token' | 'transfer_history';
}

export interface Erc721Reading {
  contract: Address;
  name: string | null;
  symbol: string | null;
  /** balanceOf(wallet): every item held, also those received before the window. */
  balance: bigint | null;
  /** Token ids received in the window that the wallet still owns. */
  ownedIds: bigint[];
}

export interface Erc1155Reading {
  contract: Address;
  tokenId: bigint;
  balance: bigint | null;
}

/** Everything the snapshot analysis needs, read at one block. */
export interface WalletSnapshotData {
  chain: ChainName;
  address: Address;
  coverage: SourceCoverage;
  head: { number: bigint; timestamp: bigint };
  window: BlockWindow;
  code: Hex;
  transactionCount: number;
  nativeBalance: bigint | null;
  /** Token transfers to or from the wallet inside the window, newest first, without duplicates. */
  transfers: TokenTransfer[];
  tokens: TokenReading[];
  erc721: Erc721Reading[];
  erc1155: Erc1155Reading[];
  /** Unix seconds of the blocks behind the reported activity, keyed by block number. */
  blockTimestamps: Record<string, string>;
  /** Caps that cut what was read, in plain words. */
  truncations: string[];
}
