import type { JsonRpcFailure } from '../rpc-failure.js';

/**
 * Why a node did not trace a transaction, when that is an answer rather than a failure:
 * - `default-tracer-only`: it has struct logs but no callTracer (Hardhat: "Hardhat currently only
 *   supports the default tracer, so no tracer parameter should be passed").
 * - `no-tracing`: it offers no debug_traceTransaction at all (method not found or not supported,
 *   not on this plan).
 * - `unknown-transaction`: it does not know the hash.
 */
export type TraceRefusal = 'default-tracer-only' | 'no-tracing' | 'unknown-transaction';

const DEFAULT_TRACER_ONLY = /only supports the default tracer|unsupported tracer|unknown tracer|tracer (?:\S+ )?(?:is )?not (?:found|supported|available)/i;
const UNKNOWN_TRANSACTION = /transaction (?:\S+ )?(?:was )?not found|unable to find a block containing transaction|cannot find transaction|unknown transaction|genesis is not traceable/i;
const NO_TRACING = /method .*(?:not (?:found|supported|available|allowed|enabled)|does not exist)|does not exist\/is not available|unsupported method|not whitelisted|is not available on|not supported on|debug namespace/i;

/** JSON-RPC "method not found" (EIP-1474) and "method not supported" (-32004, Hardhat and others). */
const NO_METHOD_CODES = new Set([-32601, -32004]);

export function traceRefusal(failure: JsonRpcFailure | undefined): TraceRefusal | null {
  if (failure?.kind !== 'rpc') return null;
  const message = failure.details.providerMessage ?? '';
  if (DEFAULT_TRACER_ONLY.test(message)) return 'default-tracer-only';
  if (UNKNOWN_TRANSACTION.test(message)) return 'unknown-transaction';
  if (NO_METHOD_CODES.has(failure.details.rpcCode ?? 0) || NO_TRACING.test(message)) return 'no-tracing';
  return null;
}
