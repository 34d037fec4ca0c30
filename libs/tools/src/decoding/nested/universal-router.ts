import type { DecodedArgument } from '@paysight/contracts';
import { decodeAbiParameters, parseAbiParameters, sliceHex, type AbiParameter, type Hex } from 'viem';
import { toDecodedArguments } from '../json-values.js';

/**
 * The Uniswap Universal Router's command byte: the top bit (0x80) lets the command fail without
 * failing the transaction; the low six bits (0x3f) name the command. Commands 0x00–0x0e and 0x21
 * are the same in Universal Router 1.x and 2.x (Commands.sol); 0x10–0x20 changed meaning between
 * them (NFT markets in 1.x, Uniswap V4 and position managers in 2.x), so they are not named.
 */
export const ALLOW_REVERT_FLAG = 0x80;
export const COMMAND_TYPE_MASK = 0x3f;
export const EXECUTE_SUB_PLAN = 0x21;

const PERMIT_DETAILS = '(address token, uint160 amount, uint48 expiration, uint48 nonce)';

/** Command code -> name and the ABI encoding of its input (the router's Dispatcher abi.decodes each input so). */
export const ROUTER_COMMANDS: Readonly<Record<number, { name: string; inputs: readonly AbiParameter[] }>> = {
  0x00: { name: 'V3_SWAP_EXACT_IN', inputs: parseAbiParameters('address recipient, uint256 amountIn, uint256 amountOutMin, bytes path, bool payerIsUser') },
  0x01: { name: 'V3_SWAP_EXACT_OUT', inputs: parseAbiParameters('address recipient, uint256 amountOut, uint256 amountInMax, bytes path, bool payerIsUser') },
  0x02: { name: 'PERMIT2_TRANSFER_FROM', inputs: parseAbiParameters('address token, address recipient, uint160 amount') },
  0x03: { name: 'PERMIT2_PERMIT_BATCH', inputs: parseAbiParameters(`(${PERMIT_DETAILS}[] details, address spender, uint256 sigDeadline) permitBatch, bytes signature`) },
  // amountMin is a uint160 in 2.x and a uint256 in 1.x; the encoding is the same word.
  0x04: { name: 'SWEEP', inputs: parseAbiParameters('address token, address recipient, uint256 amountMin') },
  0x05: { name: 'TRANSFER', inputs: parseAbiParameters('address token, address recipient, uint256 value') },
  0x06: { name: 'PAY_PORTION', inputs: parseAbiParameters('address token, address recipient, uint256 bips') },
  0x08: { name: 'V2_SWAP_EXACT_IN', inputs: parseAbiParameters('address recipient, uint256 amountIn, uint256 amountOutMin, address[] path, bool payerIsUser') },
  0x09: { name: 'V2_SWAP_EXACT_OUT', inputs: parseAbiParameters('address recipient, uint256 amountOut, uint256 amountInMax, address[] path, bool payerIsUser') },
  0x0a: { name: 'PERMIT2_PERMIT', inputs: parseAbiParameters(`(${PERMIT_DETAILS} details, address spender, uint256 sigDeadline) permitSingle, bytes signature`) },
  0x0b: { name: 'WRAP_ETH', inputs: parseAbiParameters('address recipient, uint256 amount') },
  0x0c: { name: 'UNWRAP_WETH', inputs: parseAbiParameters('address recipient, uint256 amountMin') },
  0x0d: { name: 'PERMIT2_TRANSFER_FROM_BATCH', inputs: parseAbiParameters('(address from, address to, uint160 amount, address token)[] batchDetails') },
  0x0e: { name: 'BALANCE_CHECK_ERC20', inputs: parseAbiParameters('address owner, address token, uint256 minBalance') },
  [EXECUTE_SUB_PLAN]: { name: 'EXECUTE_SUB_PLAN', inputs: parseAbiParameters('bytes commands, bytes[] inputs') },
};

export interface RouterCommand {
  /** The command byte as sent, e.g. 0x8a for PERMIT2_PERMIT allowed to revert. */
  byte: number;
  code: number;
  name: string | null;
  allowRevert: boolean;
  arguments: DecodedArgument[];
  /** The input as sent when its arguments are not decoded (unnamed command or an input that does not fit). */
  rawInput: Hex | null;
  /** EXECUTE_SUB_PLAN's own commands. */
  subPlan: { commands: Hex; inputs: readonly Hex[] } | null;
}

/** One command of a plan: its byte and its input, decoded where the table names it. */
export function decodeRouterCommand(byte: number, input: Hex): RouterCommand {
  const code = byte & COMMAND_TYPE_MASK;
  const known = ROUTER_COMMANDS[code];
  const base = { byte, code, name: known?.name ?? null, allowRevert: (byte & ALLOW_REVERT_FLAG) !== 0 };
  if (!known) return { ...base, arguments: [], rawInput: input, subPlan: null };
  try {
    const values = decodeAbiParameters(known.inputs, input);
    const subPlan = code === EXECUTE_SUB_PLAN ? { commands: values[0] as Hex, inputs: values[1] as readonly Hex[] } : null;
    return { ...base, arguments: toDecodedArguments(known.inputs, values), rawInput: null, subPlan };
  } catch {
    return { ...base, arguments: [], rawInput: input, subPlan: null };
  }
}

/** The plan's command bytes paired with their inputs; a plan whose lengths differ pairs what it can. */
export function routerPlan(commands: Hex, inputs: readonly Hex[]): { byte: number; input: Hex }[] {
  const count = Math.min((commands.length - 2) / 2, inputs.length);
  return Array.from({ length: count }, (_, i) => ({ byte: Number.parseInt(sliceHex(commands, i, i + 1).slice(2), 16), input: inputs[i]! }));
}
