import type { Hex } from 'viem';
import type { JsonRpcFailure } from './rpc-failure.js';

/**
 * How nodes say that an eth_call's execution failed (as opposed to the request failing):
 * geth, Erigon, Reth and most providers answer code 3 "execution reverted" (or -32000 "execution
 * reverted" without data); Hardhat/EDR "VM Exception while processing transaction: reverted with
 * ..." or "Transaction reverted without a reason string"; Besu "Execution reverted"; Nethermind
 * "VM execution error."; a failing INVALID opcode or exhausted gas is a failed execution too.
 */
const EXECUTION_FAILED = /revert|VM Exception while processing transaction|VM execution error|invalid opcode|out of gas/i;

/** Code 3 is the JSON-RPC error code that EIP-1474 and geth give to a reverted execution. */
const EXECUTION_REVERTED_CODE = 3;

/** The revert data of an eth_call that failed because its execution reverted; null when the request itself failed. */
export function revertDataOf(failure: JsonRpcFailure | undefined): Hex | null {
  if (failure?.kind !== 'rpc') return null;
  const { rpcCode, providerMessage = '', errorData } = failure.details;
  if (rpcCode !== EXECUTION_REVERTED_CODE && !EXECUTION_FAILED.test(providerMessage)) return null;
  return errorData ?? '0x';
}
