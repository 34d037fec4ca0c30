import { type Hex, hexToBytes } from 'viem';

/**
 * Opcodes through which running code can move coin or create a contract: CREATE, CALL, CALLCODE,
 * DELEGATECALL (other code, running with this account's balance), CREATE2 and SELFDESTRUCT. STATICCALL
 * is not among them: nothing it runs may move value.
 */
const VALUE_MOVING_OPCODES = new Set([0xf0, 0xf1, 0xf2, 0xf4, 0xf5, 0xff]);
const PUSH1 = 0x60;
const PUSH32 = 0x7f;

/**
 * False when no instruction of the code can move value: a transaction that runs only this code has no
 * internal transfers, so it need not be traced. Every executable instruction is found by reading the
 * code from the start and skipping PUSH data (a jump can only land on a JUMPDEST instruction); data
 * bytes after the code may look like one of the opcodes, which only costs a needless trace.
 */
export function codeCanMoveValue(code: Hex): boolean {
  const bytes = hexToBytes(code);
  for (let i = 0; i < bytes.length; i++) {
    const op = bytes[i]!;
    if (VALUE_MOVING_OPCODES.has(op)) return true;
    if (op >= PUSH1 && op <= PUSH32) i += op - PUSH1 + 1;
  }
  return false;
}
