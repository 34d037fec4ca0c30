import { fetchFailureCode, fetchResendingOnStaleSocket } from '@paysight/chain-data';
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

/** Asks the devnet's faucet (usually from another process) to send native coin and/or mint USDC. */
export async function fundAccount(faucetUrl: string, request: FundRequest): Promise<FundResponse> {
  const url = new URL('/fund', faucetUrl);
  let response: Response;
  try {
    // A request reset before any answer never reached the faucet (a stale keep-alive socket of a busy
    // test worker): sending it once more cannot fund twice.
    response = await fetchResendingOnStaleSocket(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(toFundRequestBody(request)) });
  } catch (error) {
    const code = fetchFailureCode(error);
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
