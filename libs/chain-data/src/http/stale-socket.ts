/** The system or undici error code behind a failed fetch (ECONNRESET, ECONNREFUSED, UND_ERR_SOCKET...), when it names one. */
export function fetchFailureCode(error: unknown): string | undefined {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * How a request fails when it was written to a pooled keep-alive socket that the server had already
 * closed as idle while this process was too busy to notice (its event loop blocked past the server's
 * keep-alive timeout): the request never reached the server's handler.
 */
const STALE_SOCKET_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * fetch, sent once more (on a new connection) when the first connection was reset before any answer.
 * Only for requests that may safely arrive twice in that case: reads, or writes the server could not
 * have started. A second reset, a refusal or a timeout fails as fetch does. The body goes in `init`
 * (a Request's own body could not be sent twice).
 */
export async function fetchResendingOnStaleSocket(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (init?.signal?.aborted || !STALE_SOCKET_CODES.has(fetchFailureCode(error) ?? '')) throw error;
    return fetch(input, init);
  }
}
