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

export function isChainUnavailable(error: unknown): error is ChainUnavailableError {
  return error instanceof Error && error.name === 'ChainUnavailableError';
}
