import { BaseError, HttpRequestError, isHex, ResponseBodyTooLargeError, RpcRequestError, TimeoutError, type Hex } from 'viem';

export type RpcFailureKind = 'timeout' | 'unreachable' | 'http' | 'rpc' | 'response-too-large' | 'invalid-response';

export interface RpcFailureDetails {
  httpStatus?: number;
  /** JSON-RPC error code of the provider's answer. */
  rpcCode?: number;
  /** The provider's JSON-RPC error message, with anything from the RPC URL removed. */
  providerMessage?: string;
  /** Network error code such as ECONNREFUSED. */
  networkCode?: string;
  /** Hex bytes in the error's `data` (geth: `data`; Hardhat/EDR: `data.data`): the revert data of a failed eth_call. */
  errorData?: Hex;
}

/**
 * Why one JSON-RPC request failed, in words safe to log: it never holds the RPC URL, which may
 * carry an API key. Attached as the `cause` of ChainUnavailableError.
 */
export class JsonRpcFailure extends Error {
  override readonly name = 'JsonRpcFailure';
  constructor(
    readonly kind: RpcFailureKind,
    readonly method: string,
    readonly details: RpcFailureDetails,
    message: string,
  ) {
    super(message);
  }
}

const MAX_PROVIDER_MESSAGE = 200;

export function describeRpcError(error: unknown, context: { method: string; rpcUrl: string; timeoutMs: number }): JsonRpcFailure {
  const { method } = context;
  const timeout = findInChain(error, (e) => e instanceof TimeoutError);
  if (timeout) return new JsonRpcFailure('timeout', method, {}, `no answer within ${context.timeoutMs} ms`);

  const tooLarge = findInChain(error, (e): e is ResponseBodyTooLargeError => e instanceof ResponseBodyTooLargeError);
  if (tooLarge) return new JsonRpcFailure('response-too-large', method, {}, `the answer exceeded ${tooLarge.maxSize} bytes`);

  const rpc = findInChain(error, (e): e is RpcRequestError => e instanceof RpcRequestError);
  if (rpc) {
    const providerMessage = redact(String(rpc.details ?? ''), context.rpcUrl).slice(0, MAX_PROVIDER_MESSAGE);
    const details: RpcFailureDetails = { rpcCode: rpc.code, providerMessage };
    if (rpc.status !== undefined) details.httpStatus = rpc.status;
    const errorData = hexIn(rpc.data);
    if (errorData !== undefined) details.errorData = errorData;
    const status = details.httpStatus === undefined ? '' : ` (HTTP ${details.httpStatus})`;
    return new JsonRpcFailure('rpc', method, details, `JSON-RPC error ${rpc.code}${status}: ${providerMessage}`);
  }

  const http = findInChain(error, (e): e is HttpRequestError => e instanceof HttpRequestError);
  if (http?.status !== undefined) {
    const reason = http.status === 429 ? ' (rate limited)' : '';
    return new JsonRpcFailure('http', method, { httpStatus: http.status }, `HTTP ${http.status}${reason}`);
  }
  if (http && causeNamed(http, 'SyntaxError')) return new JsonRpcFailure('invalid-response', method, {}, 'the endpoint sent an answer that is not valid JSON-RPC');
  if (http) {
    const networkCode = findNetworkCode(http);
    const details: RpcFailureDetails = networkCode ? { networkCode } : {};
    return new JsonRpcFailure('unreachable', method, details, `the endpoint could not be reached${networkCode ? ` (${networkCode})` : ''}`);
  }
  return new JsonRpcFailure('invalid-response', method, {}, 'the endpoint sent an answer that is not valid JSON-RPC');
}

/**
 * The hex bytes a provider attached to a JSON-RPC error: a hex string (geth, Erigon, Besu and most
 * providers), the same under `data.data` (Hardhat/EDR), or a hex string after words ("Reverted 0x...",
 * Nethermind).
 */
function hexIn(data: unknown): Hex | undefined {
  if (typeof data === 'object' && data !== null && 'data' in data) return hexIn((data as { data: unknown }).data);
  if (typeof data !== 'string') return undefined;
  if (isHex(data, { strict: true })) return data.toLowerCase() as Hex;
  const embedded = /\b0x(?:[0-9a-fA-F]{2})*\b/.exec(data)?.[0];
  return embedded === undefined ? undefined : (embedded.toLowerCase() as Hex);
}

function findInChain<T extends Error>(error: unknown, match: (e: Error) => e is T): T | undefined;
function findInChain(error: unknown, match: (e: Error) => boolean): Error | undefined;
function findInChain(error: unknown, match: (e: Error) => boolean): Error | undefined {
  if (error instanceof BaseError) return (error.walk((e) => e instanceof Error && match(e)) as Error | null) ?? undefined;
  return error instanceof Error && match(error) ? error : undefined;
}

/**
 * The causes below an error, following AggregateError's first error too. Fetch failures come from
 * Node's own realm, so plain property checks are used rather than instanceof.
 */
function* causes(error: unknown): Generator<{ name?: unknown; code?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    yield current;
    const { errors, cause } = current as { errors?: unknown; cause?: unknown };
    current = Array.isArray(errors) && errors.length > 0 ? errors[0] : cause;
  }
}

function causeNamed(error: unknown, name: string): boolean {
  for (const cause of causes(error)) if (cause.name === name) return true;
  return false;
}

/** The errno-style code (ECONNREFUSED, ENOTFOUND, UND_ERR_...) of a fetch failure. */
function findNetworkCode(error: unknown): string | undefined {
  for (const { code } of causes(error)) if (typeof code === 'string' && /^[A-Z][A-Z_]+$/.test(code)) return code;
  return undefined;
}

/** Removes the URL and the parts of it that may be secrets (credentials, long path segments, query values). */
export function redact(text: string, rpcUrl: string): string {
  const secrets = new Set<string>([rpcUrl]);
  try {
    const url = new URL(rpcUrl);
    secrets.add(url.href);
    for (const part of [decodeURIComponent(url.username), decodeURIComponent(url.password), ...url.pathname.split('/'), ...url.searchParams.values()]) {
      if (part.length >= 8) secrets.add(part);
    }
  } catch {
    // A URL that does not parse is rejected by the configuration before any request is made.
  }
  let result = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) result = result.split(secret).join('[redacted]');
  return result;
}
