import type { DecodedArgument } from '@paysight/contracts';
import { decodeErrorResult, slice, type Abi, type Hex } from 'viem';
import { toDecodedArguments } from './json-values.js';
import { datasetCandidates } from './selector-dataset.js';
import { canonicalSignature, selectorOf, type AbiError } from './signature.js';

export type RevertDataKind = 'reason' | 'panic' | 'custom_error' | 'unknown_error' | 'no_data';

export interface DecodedRevertData {
  kind: RevertDataKind;
  /** The revert in words. */
  reason: string | null;
  errorName: string | null;
  signature: string | null;
  source: 'contract_abi' | 'verified_abi' | 'selector_dataset' | 'builtin' | 'none';
  arguments: DecodedArgument[];
  data: Hex;
}

/** Solidity's panic codes (docs: "Panic via assert and Error via require"). */
export const PANIC_MEANINGS: Readonly<Record<number, string>> = {
  0x00: 'generic compiler-inserted panic',
  0x01: 'assertion failed',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division or modulo by zero',
  0x21: 'conversion to an out-of-range enum value',
  0x22: 'incorrectly encoded storage byte array',
  0x31: 'pop() on an empty array',
  0x32: 'array index out of bounds',
  0x41: 'too much memory allocated',
  0x51: 'call to an uninitialised internal function',
};

/** Error(string) from require/revert with a message; Panic(uint256) from failed checks the compiler inserts. */
const BUILTIN_ERRORS: readonly AbiError[] = [
  { type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] },
  { type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] },
];

function decodeWith(item: AbiError, data: Hex): readonly unknown[] | null {
  try {
    return decodeErrorResult({ abi: [item], data }).args ?? [];
  } catch {
    return null;
  }
}

/** `CounterUnderflow(caller: 0x…)`: the error with its arguments, for the reason text. */
function describeError(item: AbiError, args: DecodedArgument[]): string {
  const shown = args.map((a, i) => `${a.name ?? i}: ${typeof a.value === 'string' ? a.value : JSON.stringify(a.value)}`);
  return `${item.name}(${shown.join(', ')})`;
}

function custom(item: AbiError, args: readonly unknown[], source: 'contract_abi' | 'selector_dataset', data: Hex): DecodedRevertData {
  const decoded = toDecodedArguments(item.inputs, args);
  return { kind: 'custom_error', reason: describeError(item, decoded), errorName: item.name, signature: canonicalSignature(item), source, arguments: decoded, data };
}

/**
 * Decodes revert data: Error(string) and Panic(uint256) first, then the recognised contract's
 * errors, then the data set's. Unknown data is kept raw.
 */
export function decodeRevertData(data: Hex, knownAbi: Abi | null): DecodedRevertData {
  const raw = { errorName: null, signature: null, source: 'none' as const, arguments: [], data };
  if (data.length <= 2) return { ...raw, kind: 'no_data', reason: null };
  if (data.length < 10) return { ...raw, kind: 'unknown_error', reason: null };
  const selector = slice(data, 0, 4).toLowerCase() as Hex;

  const builtin = BUILTIN_ERRORS.find((item) => selectorOf(item) === selector);
  if (builtin) {
    const [value] = decodeWith(builtin, data) ?? [];
    const base = { errorName: builtin.name, signature: canonicalSignature(builtin), source: 'builtin' as const, data };
    if (typeof value === 'string') return { ...base, kind: 'reason', reason: value, arguments: [{ name: 'message', type: 'string', value }] };
    if (typeof value === 'bigint') {
      const meaning = PANIC_MEANINGS[Number(value)] ?? 'unknown panic code';
      return { ...base, kind: 'panic', reason: `Panic 0x${value.toString(16).padStart(2, '0')}: ${meaning}`, arguments: [{ name: 'code', type: 'uint256', value: value.toString() }] };
    }
    return { ...raw, kind: 'unknown_error', reason: null };
  }

  const known = (knownAbi ?? []).filter((item): item is AbiError => item.type === 'error' && selectorOf(item) === selector);
  for (const item of known) {
    const args = decodeWith(item, data);
    if (args) return custom(item, args, 'contract_abi', data);
  }
  for (const item of datasetCandidates('error', selector)) {
    if (item.type !== 'error') continue;
    const args = decodeWith(item, data);
    if (args) return custom(item, args, 'selector_dataset', data);
  }
  return { ...raw, kind: 'unknown_error', reason: null };
}
