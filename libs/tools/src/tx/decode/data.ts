import type { BlockHeader, CallFrame, CallResult, ReceiptRecord, SourceCoverage, TransactionRecord, VerifiedAbiResult } from '@paysight/contracts';
import type { Hex } from 'viem';
import type { ContractProbe } from '../../decoding/known-contracts.js';

/** The execution trace as the node gave it: frames, none offered, a failed request, or not asked for (unmined). */
export type TraceReading = { status: 'ok'; frames: CallFrame[] } | { status: 'not_offered' } | { status: 'failed' } | { status: 'not_read' };

/** The replay of a reverted transaction, or why there is none. */
export type ReplayReading = { status: 'ok'; result: CallResult } | { status: 'failed' } | { status: 'not_possible'; reason: string };

/** The recipient's verified ABI from the explorer, or why there is none; not_read when the source has no explorer reads or the recipient has no code. */
export type VerifiedAbiReading = VerifiedAbiResult | { status: 'not_read' };

/** Everything the tx-decode analysis needs. */
export interface TxDecodeData {
  coverage: SourceCoverage;
  transaction: TransactionRecord | null;
  receipt: ReceiptRecord | null;
  /** The transaction's block; null until mined. */
  block: BlockHeader | null;
  /** Code of the recipient at the latest block; null for a creation or an unknown hash. */
  targetCode: Hex | null;
  /** What the recipient, the log emitters and the called contracts answered, read in one Multicall3 round trip. */
  probes: ContractProbe[];
  /** Contracts left unprobed by the cap. */
  unprobed: number;
  trace: TraceReading;
  /** null unless the transaction reverted. */
  replay: ReplayReading | null;
  verifiedAbi: VerifiedAbiReading;
}
