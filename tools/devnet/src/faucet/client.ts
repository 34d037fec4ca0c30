import { type FundRequest, type FundResponse, toFundRequestBody } from './request.js';

/** A refused or failed faucet request, with the faucet's error code. */
export class FaucetError extends Error {
  override readonly name = 'FaucetError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

const causeCode = (error: unknown): string | undefined => (error as { cause?: { code?: unknown } }).cause?.code as string | undefined;

/**
 * A pooled keep-alive socket that the faucet closed as idle while this process was too busy to drop
 * it (a test worker's event loop blocked by PGlite or a compile): the request was written to a closed
 * socket and never reached the faucet, so sending it again cannot fund twice.
 */
const STALE_SOCKET_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Asks the devnet's faucet (usually from another process) to send native coin and/or mint USDC. */
export async function fundAccount(faucetUrl: string, request: FundRequest): Promise<FundResponse> {
  const url = new URL('/fund', faucetUrl);
  const send = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(toFundRequestBody(request)) });
  let response: Response;
  try {
    response = await send().catch((error: unknown) => (STALE_SOCKET_CODES.has(causeCode(error) ?? '') ? send() : Promise.reject(error)));
  } catch (error) {
    const code = causeCode(error);
    throw new FaucetError(0, 'faucet_unreachable', `cannot reach the faucet at ${url.origin}: ${(error as Error).message}${code ? ` (${code})` : ''}`);
  }
  const text = await response.text();
  let body: { ok?: boolean; transactions?: FundResponse['transactions']; error?: { code: string; message: string; details?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new FaucetError(response.status, 'invalid_response', `the faucet answered ${response.status} with a body that is not JSON`);
  }
  if (!response.ok || body.ok !== true || !Array.isArray(body.transactions)) {
    throw new FaucetError(
      response.status,
      body.error?.code ?? 'invalid_response',
      `faucet refused to fund ${request.address} on ${request.chain}: ${body.error?.message ?? `status ${response.status}`}`,
      body.error?.details,
    );
  }
  return { transactions: body.transactions };
}
