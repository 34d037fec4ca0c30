import type { ErrorCode, LedgerEntry, PAYMENT, SettlementRecord } from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import type { Challenge } from './challenge.js';
import type { ReceiptExtensions } from './signed-receipts.js';

/** The contract's settlement record (what answers carry), with the chain types the state machine knows. */
export interface Settlement extends SettlementRecord {
  transaction: Hex | null;
  payer: Address;
}

/** The settle response given to the payer, with the network named as in the payment's protocol version. */
export interface PaymentReceipt {
  success: true;
  transaction: string;
  payer: Address;
  network: typeof PAYMENT.network | typeof PAYMENT.networkName;
  /** The signed receipt and the delivery binding (when the service has a signing key). */
  extensions?: ReceiptExtensions;
}

/** Why a presented payment earned a new challenge instead of the result. */
export type RejectionReason =
  /** The payment could not be decoded or has the wrong shape. */
  | 'malformed'
  /** Scheme, network, asset, payee or amount differ from the offer. */
  | 'mismatch'
  /** Expired or not yet valid, or refused by the facilitator's verify. */
  | 'invalid'
  /** The ledger holds this payment as failed to settle: it cannot pay for anything. */
  | 'already_used'
  /** The handler ran, but the facilitator definitely refused to settle: result withheld, nothing charged. */
  | 'settlement_failed';

/** What was unavailable: the facilitator (payments), the chain data behind the handler, or the ledger. */
export type UnavailableSource = 'facilitator' | 'chain' | 'store';

/** No payment was presented: here is the offer. */
export interface PaymentRequiredOutcome {
  kind: 'payment_required';
  challenge: Challenge;
}

/** The payment was refused; the challenge carries the reason and a fresh offer. */
export interface PaymentRejectedOutcome {
  kind: 'payment_rejected';
  reason: RejectionReason;
  challenge: Challenge;
  /** Null when the payment was refused before it could be identified (malformed, mismatched). */
  x402RequestId: string | null;
}

/** Another request is serving this payment right now. */
export interface PaymentInProgressOutcome {
  kind: 'payment_in_progress';
  x402RequestId: string;
}

/**
 * The facilitator gave no final word on the settlement and the chain could not tell yet: the payment
 * is held as settle_pending with its answer kept. The reconciler ends it: settled (present the same
 * payment again to get the answer) or released (nothing was charged).
 */
export interface SettlementPendingOutcome {
  kind: 'settlement_pending';
  x402RequestId: string;
  /** When presenting the payment again may find it reconciled. */
  retryAfterSeconds: number;
}

/** The payment was settled for another request (another tool, or other input): it pays for nothing else. */
export interface PaymentBoundElsewhereOutcome {
  kind: 'payment_bound_to_other_request';
  x402RequestId: string;
  /** The tool the payment was settled for. */
  toolId: string;
}

/** The payment's client payment identifier is missing where the service requires one, or malformed: nothing was charged. */
export interface PaymentIdentifierRefusedOutcome {
  kind: 'payment_identifier_refused';
  code: 'payment_identifier_required' | 'payment_identifier_invalid';
  /** What is wrong with the identifier, for people. */
  problem: string;
  x402RequestId: string;
}

/** The client's payment identifier was first used for another request (another tool, or other input): nothing was charged. */
export interface PaymentIdentifierConflictOutcome {
  kind: 'payment_identifier_conflict';
  paymentId: string;
  /** The payment that answers for the identifier. */
  x402RequestId: string;
}

/** The payment was settled and its answer served, but the answer is no longer kept as served (past its retention, or a secret in it can no longer be derived): only its hash is. */
export interface ResultExpiredOutcome {
  kind: 'result_expired';
  x402RequestId: string;
  settlement: Settlement;
  resultHash: string | null;
}

/** Something the call depends on did not answer; nothing was charged (or the payment is held for reconciliation). */
export interface UnavailableOutcome {
  kind: 'unavailable';
  source: UnavailableSource;
  /** What happened and what the caller should do, for people. */
  message: string;
  x402RequestId: string | null;
  /** When a retry may succeed, if known (the facilitator's circuit breaker is open). */
  retryAfterSeconds?: number;
}

/** The handler answered that what the call asks for does not exist (NotFoundAnswer): nothing settled, the payment released. */
export interface NotFoundOutcome {
  kind: 'not_found';
  code: ErrorCode;
  message: string;
  x402RequestId: string;
}

/** The handler threw: nothing settled, the payment released; the transport decides how to report `error`. */
export interface FailedOutcome {
  kind: 'failed';
  error: unknown;
  x402RequestId: string;
}

export interface PaidOutcome<T> {
  kind: 'paid';
  /** What the payer is served: the call's `serve` of the handler's result, or the kept copy on a replay. */
  result: T;
  /**
   * True when `result` is an answer kept from before: this payment was settled before, or another
   * payment with the same client payment identifier was. Nothing ran, nothing was charged now.
   */
  replay: boolean;
  settlement: Settlement;
  /** The settle response for the payer, in the network notation of the payment's protocol version. */
  receipt: PaymentReceipt;
  x402RequestId: string;
  protocolVersion: 1 | 2;
  /** The settled ledger row; null only if the store failed after the payment settled (the result is still delivered). */
  ledgerEntry: LedgerEntry | null;
}

/** Every way a paid call can end. No transport detail (header, status code) is part of it. */
export type PaidCallOutcome<T> =
  | PaymentRequiredOutcome
  | PaymentRejectedOutcome
  | PaymentInProgressOutcome
  | SettlementPendingOutcome
  | PaymentBoundElsewhereOutcome
  | PaymentIdentifierRefusedOutcome
  | PaymentIdentifierConflictOutcome
  | ResultExpiredOutcome
  | UnavailableOutcome
  | NotFoundOutcome
  | FailedOutcome
  | PaidOutcome<T>;
