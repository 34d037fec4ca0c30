import type { CallFrame } from '@paysight/contracts';
import { getAddress, hexToBigInt, type Hex } from 'viem';

/** One frame of the callTracer's answer (geth, Erigon, Reth, Anvil and most paid providers). */
export interface CallTracerFrame {
  type: string;
  from: string;
  to?: string;
  value?: string;
  input?: string;
  /** Return data; for a reverted frame, the revert data. */
  output?: string;
  /** Present when the frame failed ("execution reverted", "out of gas", ...). */
  error?: string;
  calls?: CallTracerFrame[];
}

const FRAME_TYPES: ReadonlySet<string> = new Set<CallFrame['type']>(['CALL', 'STATICCALL', 'DELEGATECALL', 'CALLCODE', 'CREATE', 'CREATE2', 'SELFDESTRUCT']);

/**
 * The callTracer's nested tree, flattened in execution order with its depth (0 for the
 * transaction's own call). A frame is `reverted` when it or a frame around it failed. Frames of a
 * type the port does not know are left out, their sub-calls kept.
 */
export function callFramesFromCallTracer(root: CallTracerFrame): CallFrame[] {
  const frames: CallFrame[] = [];
  const visit = (node: CallTracerFrame, depth: number, outerReverted: boolean) => {
    const reverted = outerReverted || node.error !== undefined;
    const type = node.type.toUpperCase();
    if (FRAME_TYPES.has(type)) frames.push(toFrame(node, type as CallFrame['type'], depth, reverted));
    for (const call of node.calls ?? []) visit(call, depth + 1, reverted);
  };
  visit(root, 0, false);
  return frames;
}

function toFrame(node: CallTracerFrame, type: CallFrame['type'], depth: number, reverted: boolean): CallFrame {
  const failedCreation = (type === 'CREATE' || type === 'CREATE2') && node.error !== undefined;
  // No value moves with DELEGATECALL or STATICCALL, whatever the tracer repeats from the caller.
  const movesValue = type !== 'DELEGATECALL' && type !== 'STATICCALL';
  const revertData = node.error !== undefined && typeof node.output === 'string' && node.output.startsWith('0x') ? { revertData: node.output.toLowerCase() as Hex } : {};
  return {
    type,
    from: getAddress(node.from),
    to: failedCreation || !node.to ? null : getAddress(node.to),
    value: movesValue && node.value ? hexToBigInt(node.value as Hex) : 0n,
    input: (node.input ?? '0x') as Hex,
    depth,
    reverted,
    ...revertData,
  };
}
