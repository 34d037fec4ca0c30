import type { z } from 'zod';
import {
  type PaymentPayloadV2,
  type PaymentRequirements,
  type SettleResponse,
  type SupportedResponse,
  type VerifyResponse,
  settleResponseSchema,
  supportedResponseSchema,
  verifyResponseSchema,
} from './wire.js';

/** The facilitator port: what the paid-call processor needs from an x402 facilitator. */
export interface FacilitatorClient {
  /** A definite verdict, or throws FacilitatorUnavailableError. */
  verify(paymentPayload: PaymentPayloadV2, paymentRequirements: PaymentRequirements): Promise<VerifyResponse>;
  /** A definite answer, or throws FacilitatorUnavailableError (then the transfer may or may not have happened). */
  settle(paymentPayload: PaymentPayloadV2, paymentRequirements: PaymentRequirements): Promise<SettleResponse>;
  supported(): Promise<SupportedResponse>;
}

export type FacilitatorOperation = 'verify' | 'settle' | 'supported';

/**
 * The facilitator gave no usable answer: unreachable, timed out, a 5xx, or a reply that is not a
 * verdict; or it was not called because its circuit breaker is open. Callers answer 503 and charge
 * nothing. Messages never contain payloads or secrets.
 */
export class FacilitatorUnavailableError extends Error {
  override readonly name = 'FacilitatorUnavailableError';
  /** When a retry may pass the circuit breaker (`circuit_open` only). */
  readonly retryAfterMs?: number;
  constructor(
    readonly operation: FacilitatorOperation,
    readonly kind: 'unreachable' | 'timeout' | 'server_error' | 'bad_response' | 'circuit_open',
    message: string,
    readonly status?: number,
    options?: { cause?: unknown; retryAfterMs?: number },
  ) {
    super(message, options);
    if (options?.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
}

export function isFacilitatorUnavailable(error: unknown): error is FacilitatorUnavailableError {
  return error instanceof Error && error.name === 'FacilitatorUnavailableError';
}

export interface HttpFacilitatorOptions {
  /** Base URL; /verify, /settle and /supported are appended. */
  url: string;
  /** Deadline of verify and supported, in milliseconds (default 10 s); it covers the whole answer, body included. */
  timeoutMs?: number;
  /** Deadline of settle, which waits for the transfer to be mined (default 60 s; Base takes 2-30 s). */
  settleTimeoutMs?: number;
  /** Extra request headers, for facilitators that want an API key. */
  headers?: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_SETTLE_TIMEOUT_MS = 60_000;

/**
 * A small fetch client for the facilitator HTTP API. Written here rather than using
 * HTTPFacilitatorClient from @x402/core because that one reports a refused connection, a 5xx and a
 * 4xx without verdict all as plain Errors: this one keeps "no answer" (FacilitatorUnavailableError)
 * apart from a definite verdict (isValid false, success false), which decides between 503 and 402.
 */
export function createHttpFacilitatorClient(options: HttpFacilitatorOptions): FacilitatorClient {
  const base = options.url.replace(/\/+$/, '');
  const verifyTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const settleTimeout = options.settleTimeoutMs ?? DEFAULT_SETTLE_TIMEOUT_MS;

  async function call<S extends z.ZodType>(operation: FacilitatorOperation, timeoutMs: number, schema: S, body?: unknown): Promise<z.output<S>> {
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${base}/${operation}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (signal.aborted) {
        throw new FacilitatorUnavailableError(operation, 'timeout', `facilitator ${operation} timed out after ${timeoutMs} ms`, undefined, { cause: error });
      }
      throw new FacilitatorUnavailableError(operation, 'unreachable', `facilitator ${operation} is unreachable`, undefined, { cause: error });
    }
    if (status >= 500) {
      throw new FacilitatorUnavailableError(operation, 'server_error', `facilitator ${operation} answered HTTP ${status}`, status);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new FacilitatorUnavailableError(operation, 'bad_response', `facilitator ${operation} answered HTTP ${status} without JSON`, status);
    }
    // A 4xx that still carries a verdict (isValid / success) is a definite answer.
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new FacilitatorUnavailableError(operation, 'bad_response', `facilitator ${operation} answered HTTP ${status} without a verdict`, status);
    }
    return parsed.data;
  }

  const exchange = (paymentPayload: PaymentPayloadV2, paymentRequirements: PaymentRequirements) => ({
    x402Version: paymentPayload.x402Version,
    paymentPayload,
    paymentRequirements,
  });

  return {
    verify: (payload, requirements) => call('verify', verifyTimeout, verifyResponseSchema, exchange(payload, requirements)),
    settle: (payload, requirements) => call('settle', settleTimeout, settleResponseSchema, exchange(payload, requirements)),
    supported: () => call('supported', verifyTimeout, supportedResponseSchema),
  };
}
