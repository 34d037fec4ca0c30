import { PAYMENT, atomicToDecimal } from '@paysight/contracts';
import type { PaymentRecord, SpendReport, UnconfirmedRecord } from './spend-report.js';

/** The proxy's spending limits, in atomic USDC (10^-6); one USDC counts as one US dollar. */
export interface SpendCaps {
  perCall: bigint;
  perSession: bigint;
}

/** A settled payment, as the service reported it. */
export type Settlement = Pick<PaymentRecord, 'transaction' | 'network' | 'payer'>;

export type Refusal = { cap: 'per_call'; price: bigint; limit: bigint } | { cap: 'per_session'; price: bigint; limit: bigint; remaining: bigint };

/** An amount held against the session cap while its payment is in flight; it ends exactly once. */
export interface Reservation {
  /** The service settled the payment: the amount is spent. */
  settled(settlement: Settlement): PaymentRecord;
  /** The service did not take the payment: the amount is free again. */
  released(): void;
  /** Nobody knows whether the payment settled: the amount stays counted. */
  unconfirmed(reason: string): void;
}

export const usdc = (atomic: bigint): string => atomicToDecimal(atomic, PAYMENT.decimals, 2);

/**
 * What one proxy session (one process) may still spend. `reserve` checks and holds in one
 * synchronous step, so concurrent calls can never together overshoot the session cap.
 */
export class SessionBudget {
  private spent = 0n;
  private inFlight = 0n;
  private unconfirmed = 0n;
  private readonly payments: PaymentRecord[] = [];
  private readonly unconfirmedPayments: UnconfirmedRecord[] = [];

  constructor(
    readonly caps: SpendCaps,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get remaining(): bigint {
    return this.caps.perSession - this.spent - this.inFlight - this.unconfirmed;
  }

  reserve(tool: string, price: bigint): { reservation: Reservation } | { refusal: Refusal } {
    if (price > this.caps.perCall) return { refusal: { cap: 'per_call', price, limit: this.caps.perCall } };
    const remaining = this.remaining;
    if (price > remaining) return { refusal: { cap: 'per_session', price, limit: this.caps.perSession, remaining } };
    this.inFlight += price;
    let open = true;
    const end = () => {
      if (!open) throw new Error(`the reservation for ${tool} has already ended`);
      open = false;
      this.inFlight -= price;
    };
    return {
      reservation: {
        settled: (settlement) => {
          end();
          this.spent += price;
          const record = { tool, amount: usdc(price), ...settlement, at: this.now().toISOString() };
          this.payments.push(record);
          return record;
        },
        released: end,
        unconfirmed: (reason) => {
          end();
          this.unconfirmed += price;
          this.unconfirmedPayments.push({ tool, amount: usdc(price), reason, at: this.now().toISOString() });
        },
      },
    };
  }

  report(): SpendReport {
    return {
      currency: PAYMENT.currency,
      perCallCap: usdc(this.caps.perCall),
      sessionCap: usdc(this.caps.perSession),
      spent: usdc(this.spent),
      inFlight: usdc(this.inFlight),
      unconfirmed: usdc(this.unconfirmed),
      remaining: usdc(this.remaining),
      payments: [...this.payments],
      unconfirmedPayments: [...this.unconfirmedPayments],
    };
  }
}
