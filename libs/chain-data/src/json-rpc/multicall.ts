import { MULTICALL3_ADDRESS, type ContractRead, type ReadResult } from '@paysight/contracts';
import { decodeErrorResult, decodeFunctionResult, encodeFunctionData, isAddress, multicall3Abi, type Hex } from 'viem';

export interface Aggregate3Call {
  target: `0x${string}`;
  allowFailure: true;
  callData: Hex;
}

export type EncodedRead = { ok: true; call: Aggregate3Call } | { ok: false; error: string };

/** A read that cannot even be encoded (unknown function, wrong arguments) fails alone, not the batch. */
export function encodeRead(read: ContractRead): EncodedRead {
  if (!isAddress(read.address, { strict: false })) return { ok: false, error: 'invalid call: the address is not a 20-byte hex address' };
  try {
    const callData = encodeFunctionData({ abi: read.abi, functionName: read.functionName, args: read.args ?? [] } as Parameters<typeof encodeFunctionData>[0]);
    return { ok: true, call: { target: read.address, allowFailure: true, callData } };
  } catch (error) {
    return { ok: false, error: `invalid call: ${shortMessage(error)}` };
  }
}

/** The eth_call transaction that runs the calls through Multicall3's aggregate3. */
export function aggregate3Request(calls: readonly Aggregate3Call[]): { to: `0x${string}`; data: Hex } {
  return { to: MULTICALL3_ADDRESS, data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }) };
}

export function decodeAggregate3(data: Hex): readonly { success: boolean; returnData: Hex }[] {
  return decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data });
}

export function decodeRead(read: ContractRead, outcome: { success: boolean; returnData: Hex }): ReadResult {
  if (!outcome.success) return { status: 'failure', error: describeRevert(read, outcome.returnData) };
  if (outcome.returnData === '0x') return { status: 'failure', error: 'returned no data (not a contract, or it has no such function)' };
  try {
    return { status: 'success', result: decodeFunctionResult({ abi: read.abi, functionName: read.functionName, data: outcome.returnData } as Parameters<typeof decodeFunctionResult>[0]) };
  } catch (error) {
    return { status: 'failure', error: `could not decode the result: ${shortMessage(error)}` };
  }
}

function describeRevert(read: ContractRead, data: Hex): string {
  if (data === '0x') return 'reverted without a reason';
  try {
    const { errorName, args = [] } = decodeErrorResult({ abi: read.abi, data });
    if (errorName === 'Error') return `reverted: ${String(args[0])}`;
    if (errorName === 'Panic') return `panicked with code 0x${(args[0] as bigint).toString(16)}`;
    return `reverted with ${errorName}(${args.map(String).join(', ')})`;
  } catch {
    return `reverted with undecoded data ${data.slice(0, 74)}`;
  }
}

function shortMessage(error: unknown): string {
  if (error instanceof Error) return ('shortMessage' in error && typeof error.shortMessage === 'string' ? error.shortMessage : error.message).split('\n')[0] ?? '';
  return String(error);
}
