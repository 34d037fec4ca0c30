import type { CallFrame } from '@paysight/contracts';
import { getAddress, getContractAddress, zeroAddress, type Address, type Hex } from 'viem';

/**
 * One step of the default (struct-log) tracer of debug_traceTransaction, as geth and Hardhat send
 * it. Stack items are hex numbers (Hardhat: 64 digits without 0x; geth: 0x-prefixed), the top of
 * the stack last; memory is a list of 32-byte words in hex, present when memory tracing is on.
 * `depth` is 1 for the transaction's own code.
 */
export interface StructLog {
  depth: number;
  op: string;
  stack?: string[];
  memory?: string[];
  /** Set on the step that failed (out of gas, invalid opcode, stack underflow, ...). */
  error?: unknown;
}

/** The transaction whose execution the struct logs record. */
export interface TracedTransaction {
  from: Address;
  /** null for a contract creation. */
  to: Address | null;
  value: bigint;
  input: Hex;
  /** Needed for a contract creation only: the created address is derived from `from` and `nonce`. */
  nonce?: number;
}

const CALL_OPS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL']);
const CREATE_OPS = new Set(['CREATE', 'CREATE2']);
const FAILING_END_OPS = new Set(['REVERT', 'INVALID']);

/**
 * The call frames of a transaction, in execution order, derived from the default tracer's struct
 * logs (for nodes without callTracer, such as Hardhat). Each CALL, CALLCODE, DELEGATECALL,
 * STATICCALL, CREATE, CREATE2 and SELFDESTRUCT step opens a frame: its target, value and input
 * come from the stack and memory at that step; a created address, or a call's success flag, is the
 * top of the stack at the next step of the caller. A frame is `reverted` when its own execution
 * failed or a frame around it did, since either way none of its effects remain.
 *
 * What struct logs cannot tell: the value a SELFDESTRUCT moves (the balance it sends is not on the
 * stack, so it is 0 here), and the address of a failed creation (null) or of the account whose
 * failed constructor made further calls (the zero address as their `from`).
 */
export function callFramesFromStructLogs(transaction: TracedTransaction, structLogs: readonly StructLog[]): CallFrame[] {
  const returns = returnSteps(structLogs);
  const topReverted = endsInFailure(structLogs);
  const topAddress = transaction.to ?? createdAddress(transaction);
  const top: CallFrame = {
    type: transaction.to === null ? 'CREATE' : 'CALL',
    from: getAddress(transaction.from),
    to: topReverted && transaction.to === null ? null : getAddress(topAddress),
    value: transaction.value,
    input: transaction.input,
    depth: 0,
    reverted: topReverted,
    ...topRevertData(structLogs),
  };

  const frames: CallFrame[] = [top];
  // The account whose code runs at each struct-log depth, and whether its frame reverted.
  const contexts: { address: Address; reverted: boolean }[] = [];
  contexts[1] = { address: getAddress(topAddress), reverted: topReverted };

  structLogs.forEach((step, index) => {
    const context = contexts[step.depth];
    if (context === undefined || step.error) return;
    const frame = frameAt(step, context.address, returns.get(index));
    if (frame === null) return;
    const own = frame.reverted;
    frame.reverted = own || context.reverted;
    frames.push(frame);
    if (frame.type !== 'SELFDESTRUCT') contexts[step.depth + 1] = { address: executingAddress(frame, context.address), reverted: frame.reverted };
  });
  return frames;
}

/** The frame opened at one step, or null when the step opens none. */
function frameAt(step: StructLog, caller: Address, returnStep: StructLog | undefined): CallFrame | null {
  const stack = new StackReader(step);
  const depth = step.depth;
  // A call whose caller never resumes (the trace ends inside it) is taken as failed.
  const outcome = returnStep === undefined ? 0n : new StackReader(returnStep).top(0);
  if (CALL_OPS.has(step.op)) {
    const type = step.op as 'CALL' | 'CALLCODE' | 'DELEGATECALL' | 'STATICCALL';
    const movesValue = type === 'CALL' || type === 'CALLCODE';
    const to = stack.address(1);
    const value = movesValue ? stack.top(2) : 0n;
    const [offset, length] = movesValue ? [stack.top(3), stack.top(4)] : [stack.top(2), stack.top(3)];
    return { type, from: caller, to, value, input: readMemory(step, offset, length), depth, reverted: outcome === 0n };
  }
  if (CREATE_OPS.has(step.op)) {
    const created = outcome === 0n ? null : addressOf(outcome);
    return { type: step.op as 'CREATE' | 'CREATE2', from: caller, to: created, value: stack.top(0), input: readMemory(step, stack.top(1), stack.top(2)), depth, reverted: created === null };
  }
  if (step.op === 'SELFDESTRUCT') {
    return { type: 'SELFDESTRUCT', from: caller, to: stack.address(0), value: 0n, input: '0x', depth, reverted: false };
  }
  return null;
}

/** Code run by a CALL or STATICCALL acts as its target; DELEGATECALL and CALLCODE keep the caller's account. */
function executingAddress(frame: CallFrame, caller: Address): Address {
  if (frame.type === 'DELEGATECALL' || frame.type === 'CALLCODE') return caller;
  // A failed creation has no address; calls its constructor made before failing are attributed to the zero address.
  return frame.to ?? zeroAddress;
}

/** For each call or creation step, the caller's next step (where the callee's outcome is on the stack). */
function returnSteps(structLogs: readonly StructLog[]): Map<number, StructLog> {
  const returns = new Map<number, StructLog>();
  const open: number[] = [];
  structLogs.forEach((step, index) => {
    while (open.length > 0) {
      const opener = open[open.length - 1] as number;
      const openerDepth = (structLogs[opener] as StructLog).depth;
      if (step.depth > openerDepth) break;
      open.pop();
      if (step.depth === openerDepth) returns.set(opener, step);
    }
    if ((CALL_OPS.has(step.op) || CREATE_OPS.has(step.op)) && !step.error) open.push(index);
  });
  return returns;
}

/** Whether the transaction's own code ended in REVERT, INVALID or a failing step. */
function endsInFailure(structLogs: readonly StructLog[]): boolean {
  const last = structLogs.findLast((step) => step.depth === 1);
  return last !== undefined && (FAILING_END_OPS.has(last.op) || Boolean(last.error));
}

/** The revert data of the transaction's own code when it ended in REVERT: the memory range REVERT's offset and size name. */
function topRevertData(structLogs: readonly StructLog[]): { revertData?: Hex } {
  const last = structLogs.findLast((step) => step.depth === 1);
  if (last?.op !== 'REVERT' || last.memory === undefined) return {};
  const stack = new StackReader(last);
  return { revertData: readMemory(last, stack.top(0), stack.top(1)) };
}

function createdAddress(transaction: TracedTransaction): Address {
  if (transaction.nonce === undefined) throw new TypeError('callFramesFromStructLogs: a contract creation needs the transaction nonce to know the created address');
  return getContractAddress({ from: transaction.from, nonce: BigInt(transaction.nonce) });
}

function addressOf(word: bigint): Address {
  return getAddress(`0x${(word & ((1n << 160n) - 1n)).toString(16).padStart(40, '0')}`);
}

class StackReader {
  constructor(private readonly step: StructLog) {}

  /** The item `position` places below the top (0 = top). */
  top(position: number): bigint {
    const stack = this.step.stack ?? [];
    const item = stack[stack.length - 1 - position];
    if (item === undefined) throw new TypeError(`struct log ${this.step.op} at depth ${this.step.depth} has no stack item ${position} (was the stack disabled?)`);
    return BigInt(item.startsWith('0x') ? item : `0x${item}`);
  }

  address(position: number): Address {
    return addressOf(this.top(position));
  }
}

/** Larger than any memory a block's gas can pay for: a range beyond it means a malformed trace. */
const MAX_MEMORY_BYTES = 1n << 26n;

/** `length` bytes of memory from `offset`; memory the step has not touched yet reads as zeros. */
function readMemory(step: StructLog, offset: bigint, length: bigint): Hex {
  if (length === 0n) return '0x';
  if (offset + length > MAX_MEMORY_BYTES) throw new TypeError(`struct log ${step.op} at depth ${step.depth} reads memory beyond ${MAX_MEMORY_BYTES} bytes`);
  if (step.memory === undefined) throw new TypeError(`struct log ${step.op} at depth ${step.depth} carries no memory (trace with memory enabled)`);
  const memory = step.memory.map((word) => (word.startsWith('0x') ? word.slice(2) : word)).join('');
  const start = Number(offset) * 2;
  const end = start + Number(length) * 2;
  return `0x${memory.slice(start, end).padEnd(end - start, '0')}`;
}
