import type { Address } from 'viem';

/**
 * A client's payment identifier (the x402 `payment-identifier` extension) as the service remembers it:
 * bound to the request it was first used for and to the payment that currently answers for it.
 * Identifiers are scoped by payer, so one payer can never reach another payer's answer by guessing an id.
 */
export interface PaymentIdBinding {
  payer: Address;
  paymentId: string;
  /** Fingerprint of the tool and its validated input: the same id with other input is a conflict. */
  requestFingerprint: string;
  /** The ledger row of the payment that answers for this id. */
  x402RequestId: string;
  createdAt: Date;
  updatedAt: Date;
}

export type PaymentIdBindingInput = Pick<PaymentIdBinding, 'payer' | 'paymentId' | 'requestFingerprint' | 'x402RequestId'>;

export type BindOutcome = { bound: true; binding: PaymentIdBinding } | { bound: false; existing: PaymentIdBinding };

/** Where payment identifiers live; shared by every instance (the same database as the ledger). Kept as long as the ledger. */
export interface PaymentIdentifierStore {
  get(payer: Address, paymentId: string): Promise<PaymentIdBinding | null>;
  /** Binds the id unless (payer, id) is bound already; then the binding in force is returned untouched. */
  bind(binding: PaymentIdBindingInput): Promise<BindOutcome>;
  /**
   * Moves the binding to another payment of the same request, only while it still names `from`
   * (an earlier payment that charged nothing); null when another request moved it first.
   */
  rebind(payer: Address, paymentId: string, from: string, to: string): Promise<PaymentIdBinding | null>;
}
