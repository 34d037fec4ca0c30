import type { ErrorBody } from '@paysight/contracts';
import type { Challenge, PaymentReceipt } from '@paysight/payment';

/**
 * How a paid call ended, for any transport. `httpStatus` is part of the product's contract on every
 * surface (REST answers with it; the MCP result wrapper reports it); header names are not: the REST
 * codec writes the challenge and the receipt into its headers, the MCP codec into `_meta`.
 */
export type PaidCallResponse =
  | {
      kind: 'ok';
      httpStatus: 200;
      /** The tool's result inside its envelope. */
      body: Record<string, unknown>;
      /** The payment had paid for this same request before: `body` and `receipt` are those of that answer; nothing ran or was charged now. */
      replay: boolean;
      receipt: PaymentReceipt;
      /** The x402 version the payment was made in (the receipt is given back in the same one). */
      protocolVersion: 1 | 2;
      x402RequestId: string;
    }
  | {
      /** No payment, or a refused one: the challenge names the price and, when refused, why. */
      kind: 'payment_required';
      httpStatus: 402;
      challenge: Challenge;
      x402RequestId: string | null;
    }
  | {
      kind: 'error';
      httpStatus: 400 | 404 | 409 | 410 | 500 | 501 | 503;
      body: ErrorBody;
      x402RequestId: string | null;
      /** When a retry may succeed (REST: the Retry-After header; MCP: `retryAfterSeconds` in the error details). */
      retryAfterSeconds?: number;
    };
