import type { ErrorBody, LedgerEntry, PAYMENT } from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import { type Challenge, type ChallengeBody, PAYMENT_REQUIRED_HEADER } from './challenge.js';

export interface Settlement {
  /** Hash of the transfer; null only when reconciliation saw the authorization used but not its log. */
  transaction: Hex | null;
  network: typeof PAYMENT.network;
  payer: Address;
}

/** Why a presented payment earned a 402 instead of the result. */
export type RejectionReason =
  /** The header could not be decoded or has the wrong shape. */
  | 'malformed'
  /** Scheme, network, asset, payee or amount differ from the offer. */
  | 'mismatch'
  /** Expired or not yet valid, or refused by the facilitator's verify. */
  | 'invalid'
  /** The ledger already holds this payment as settled or failed. */
  | 'already_used'
  /** The handler ran, but the facilitator definitely refused to settle: result withheld, nothing charged. */
  | 'settlement_failed';

/** What caused a 503: the facilitator (payments), the chain data behind the handler, or the ledger. */
export type UnavailableSource = 'facilitator' | 'chain' | 'store';

interface Answer<Status extends number, Body> {
  status: Status;
  headers: Record<string, string>;
  body: Body;
}

export type PaymentRequiredOutcome = Answer<402, ChallengeBody> & { kind: 'payment_required'; challenge: Challenge };

export type PaymentRejectedOutcome = Answer<402, ChallengeBody> & {
  kind: 'payment_rejected';
  reason: RejectionReason;
  challenge: Challenge;
  /** Null when the payment was refused before it could be identified (malformed, mismatched). */
  x402RequestId: string | null;
};

export type PaymentInProgressOutcome = Answer<409, ErrorBody> & { kind: 'payment_in_progress'; x402RequestId: string };

export type UnavailableOutcome = Answer<503, ErrorBody> & {
  kind: 'unavailable';
  source: UnavailableSource;
  x402RequestId: string | null;
};

/** The handler threw: nothing settled, the payment released; the transport maps `error` to its own status. */
export interface FailedOutcome {
  kind: 'failed';
  error: unknown;
  x402RequestId: string;
}

export interface PaidOutcome<T> {
  kind: 'paid';
  status: 200;
  result: T;
  settlement: Settlement;
  /** PAYMENT-RESPONSE (x402 v2) or X-PAYMENT-RESPONSE (x402 v1): base64 JSON settle response. */
  headers: Record<string, string>;
  x402RequestId: string;
  protocolVersion: 1 | 2;
  /** The settled ledger row; null only if the store failed after the payment settled (the result is still delivered). */
  ledgerEntry: LedgerEntry | null;
}

export type PaidCallOutcome<T> =
  | PaymentRequiredOutcome
  | PaymentRejectedOutcome
  | PaymentInProgressOutcome
  | UnavailableOutcome
  | FailedOutcome
  | PaidOutcome<T>;

export function paymentRequiredOutcome(challenge: Challenge): PaymentRequiredOutcome {
  return { kind: 'payment_required', status: 402, headers: { [PAYMENT_REQUIRED_HEADER]: challenge.header }, body: challenge.body, challenge };
}

export function rejectedOutcome(reason: RejectionReason, challenge: Challenge, x402RequestId: string | null): PaymentRejectedOutcome {
  return {
    kind: 'payment_rejected',
    status: 402,
    reason,
    headers: { [PAYMENT_REQUIRED_HEADER]: challenge.header },
    body: challenge.body,
    challenge,
    x402RequestId,
  };
}

export function inProgressOutcome(x402RequestId: string): PaymentInProgressOutcome {
  return {
    kind: 'payment_in_progress',
    status: 409,
    headers: {},
    body: {
      ok: false,
      error: {
        code: 'payment_in_progress',
        message: 'This payment is being served by another request right now. Wait for that answer instead of sending the payment again.',
        details: { x402RequestId },
      },
    },
    x402RequestId,
  };
}

const UNAVAILABLE_CODES = { facilitator: 'facilitator_unavailable', chain: 'chain_unavailable', store: 'store_unavailable' } as const;

export function unavailableOutcome(source: UnavailableSource, message: string, x402RequestId: string | null): UnavailableOutcome {
  return {
    kind: 'unavailable',
    status: 503,
    source,
    headers: {},
    body: { ok: false, error: { code: UNAVAILABLE_CODES[source], message, ...(x402RequestId ? { details: { x402RequestId } } : {}) } },
    x402RequestId,
  };
}
