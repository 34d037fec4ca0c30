import type { Address, Hex } from 'viem';

/**
 * Life of one payment in the ledger:
 * claimed -> settling -> settled | settle_failed | settle_pending; claimed -> released (handler or
 * upstream failed, nothing charged; the same payment may be presented again and re-claims the row).
 * A claim is a lease its claimant renews while the tool runs; one that lapsed (its process died) is
 * released by the next presentation of the payment, which re-claims it (error_code claim_abandoned).
 * settling keeps the answer about to be served (its settlement transaction not known yet), so a
 * payment settled by a process that died before recording it still has its answer.
 * settle_pending: the facilitator gave no final word and the chain could not tell yet; the served
 * answer is kept with the row and the reconciler ends it as settled (found on chain) or settle_failed
 * (unused and past validBefore, or cancelled: nothing can move any more). The reconciler also ends
 * rows a dead process abandoned in claimed or settling (see libs/payment/src/reconciler.ts).
 */
export const LEDGER_STATES = ['claimed', 'settling', 'settled', 'settle_failed', 'released', 'settle_pending'] as const;
export type LedgerState = (typeof LEDGER_STATES)[number];

export interface LedgerEntry {
  /** Stable id of the payment (derived from network, asset, payer and authorization nonce). */
  x402RequestId: string;
  /** Id of the HTTP or MCP request that last claimed the payment. */
  requestId: string;
  toolId: string;
  network: string;
  asset: Address;
  payer: Address;
  payTo: Address;
  nonce: Hex;
  /** Atomic USDC amount. */
  amount: string;
  protocolVersion: 1 | 2;
  requestFingerprint: string;
  /**
   * sha-256 of the signature of the payment that claimed the row: presenting the payment again gets
   * the kept answer only with that very signature (payer and nonce are public on chain once settled).
   */
  signatureHash: string | null;
  state: LedgerState;
  settlementTx: Hex | null;
  errorCode: string | null;
  resultHash: string | null;
  /** The answer served for this payment (JSON), kept for replays until pruned; only `resultHash` stays after. */
  resultJson: unknown;
  /** Unix seconds after which the authorization can no longer be used (kept from the claim on, for reconciliation; null in rows claimed before it was kept). */
  validBefore: string | null;
  /** The settle response's signed `extensions` (offer-receipt receipt, delivery binding) given with the answer; null when none was signed. */
  signedReceipt: unknown;
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
}

export type LedgerClaim = Omit<LedgerEntry, 'state' | 'settlementTx' | 'errorCode' | 'resultHash' | 'resultJson' | 'validBefore' | 'signedReceipt' | 'attempts' | 'createdAt' | 'updatedAt'> & {
  /** Unix seconds, a decimal integer string: every live row can be decided on chain, even one a crash left behind. */
  validBefore: string;
};

export interface LedgerListOptions {
  state?: LedgerState;
  limit?: number;
  order?: 'newest' | 'leastRecentlyUpdated';
  /** Only rows last updated before this time (the reconciler's "abandoned by a dead process"). */
  updatedBefore?: Date;
}

export type ClaimOutcome = { claimed: true; entry: LedgerEntry } | { claimed: false; existing: LedgerEntry };

export interface LedgerPatch {
  settlementTx?: Hex | null;
  errorCode?: string | null;
  resultHash?: string | null;
  /** Any JSON value; null (the SQL null) clears it. */
  resultJson?: unknown;
  /** Unix seconds, a decimal integer string. */
  validBefore?: string;
  /** Any JSON value; null clears it. */
  signedReceipt?: unknown;
}

/** Extra conditions of a transition: the row must also satisfy these, or nothing changes. */
export interface LedgerGuard {
  /** The row was last claimed by this request (a claimant only moves its own claim). */
  requestId?: string;
  /** The row was last touched before this time (a claim or settlement its owner stopped renewing). */
  updatedBefore?: Date;
}

export interface PaymentLedger {
  /**
   * Atomically reserve a payment: inserts a claimed row, or re-claims a released one.
   * Any other existing row (claimed, settling, settled, settle_failed, settle_pending) is returned unchanged.
   */
  claim(claim: LedgerClaim): Promise<ClaimOutcome>;
  /**
   * Moves the row to `to` only if it is in one of `from` (and meets `guard`); returns the updated row
   * or null. Every transition touches the row (updated_at), a move to the same state included.
   */
  transition(x402RequestId: string, from: readonly LedgerState[], to: LedgerState, patch?: LedgerPatch, guard?: LedgerGuard): Promise<LedgerEntry | null>;
  get(x402RequestId: string): Promise<LedgerEntry | null>;
  /**
   * Newest first (by creation), for operators; `leastRecentlyUpdated`: the rows untouched longest first,
   * for the reconciler, which touches what it leaves so that every pending row gets its turn.
   */
  list(options?: LedgerListOptions): Promise<LedgerEntry[]>;
  /**
   * Drops the kept result (`resultJson`, never `resultHash`) of at most `limit` rows last updated
   * before `before`; returns how many it dropped. Safe to run from several instances at once.
   */
  pruneResults(before: Date, limit: number): Promise<number>;
}
