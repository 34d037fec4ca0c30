import type { ChainName } from './chains.js';

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
