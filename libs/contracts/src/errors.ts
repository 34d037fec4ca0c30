import type { ChainName } from './chains.js';
import type { ErrorCode } from './envelopes/error.js';

/** Upstream chain data could not be read: the caller gets 503 and is not charged. */
export class ChainUnavailableError extends Error {
  override readonly name = 'ChainUnavailableError';
  constructor(
    readonly chain: ChainName | string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Data the service keeps (observations) could not be read: the caller gets 503 and is not charged. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return error instanceof Error && error.name === 'StoreUnavailableError';
}

export function isChainUnavailable(error: unknown): error is ChainUnavailableError {
  return error instanceof Error && error.name === 'ChainUnavailableError';
}

/**
 * What a paid call asked for does not exist (the notary's unknown, expired or wrongly unlocked
 * record): the caller gets 404 with `code` and is not charged; the payment is released, so it can be
 * presented again. Any tool may throw it from its run.
 */
export class NotFoundAnswer extends Error {
  override readonly name = 'NotFoundAnswer';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isNotFoundAnswer(error: unknown): error is NotFoundAnswer {
  return error instanceof Error && error.name === 'NotFoundAnswer';
}
