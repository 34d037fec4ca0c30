import type { CatalogEntryOf, ChainName, RequestOf, SourceCoverage } from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import type { BlockWindow } from '../../shared/activity-window.js';
import type { PagesRead } from '../../shared/newest-pages.js';
import type { TokenTransfer } from '../../shared/transfers.js';

export type PaymentPreflightInput = RequestOf<CatalogEntryOf<'agent_payment_preflight'>>;

/** What the sanctions oracle of the chain said about the payee and its USDC counterparties; null where it has none. */
export interface OracleAnswers {
  address: Address;
  /** True when the oracle has code at the head block (it was asked). */
  deployed: boolean;
  /** Lower-cased address → isSanctioned; a failed read is absent. */
  listed: Record<string, boolean>;
}

export interface PaymentPreflightData {
  chain: ChainName;
  coverage: SourceCoverage;
  head: { number: bigint; timestamp: bigint };
  window: BlockWindow;
  usdc: Address;
  payeeCode: Hex;
  payeeNonce: number;
  /** USDC transfers to or from the payee inside the window, newest first; the newest ACTIVITY_READ_LIMITS.deep.maxTransfers at most. */
  transfers: TokenTransfer[];
  /** What the paged read covered: transfers seen (more than `transfers` when only the newest were kept), the oldest block read, whether every page was read. */
  read: PagesRead;
  /** What the read limit left out, in plain words (empty when every transfer of the window was kept). */
  sampling: string[];
  /** Unix seconds of the first and last transfer blocks, by block number. */
  blockTimestamps: Record<string, string>;
  oracle: OracleAnswers | null;
}
