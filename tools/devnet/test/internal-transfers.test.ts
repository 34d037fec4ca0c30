import type { CallFrame } from '@paysight/contracts';
import { getAddress, type Hex } from 'viem';
import { internalTransfersOf } from '../src/explorer/indexer.js';
import type { IndexedTransaction } from '../src/explorer/records.js';

const a = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const frame = (depth: number, type: CallFrame['type'], value: bigint, to: number | null, reverted = false): CallFrame => ({
  type,
  from: a(100 + depth),
  to: to === null ? null : a(to),
  value,
  input: '0x' as Hex,
  depth,
  reverted,
});
const transaction = { hash: '0x01' } as unknown as IndexedTransaction;

describe('internal transfers from call frames', () => {
  it('keeps calls that move value, creations and self-destructs, each with its place in the call tree', () => {
    const frames = [
      frame(0, 'CALL', 5n, 1),
      frame(1, 'STATICCALL', 0n, 2), // "0": moves nothing
      frame(1, 'CALL', 0n, 3), // "1": moves nothing
      frame(2, 'CALL', 7n, 4), // "1_0"
      frame(2, 'DELEGATECALL', 0n, 5), // "1_1"
      frame(3, 'CALL', 9n, 6, true), // "1_1_0", reverted
      frame(1, 'CREATE2', 0n, 7), // "2"
      frame(2, 'SELFDESTRUCT', 0n, 8), // "2_0"
      frame(1, 'CREATE', 1n, null, true), // "3", a failed creation
    ];
    expect(internalTransfersOf(transaction, frames).map(({ transaction: _t, ...t }) => t)).toEqual([
      { type: 'call', from: a(102), to: a(4), contractAddress: null, value: 7n, traceId: '1_0', reverted: false },
      { type: 'call', from: a(103), to: a(6), contractAddress: null, value: 9n, traceId: '1_1_0', reverted: true },
      { type: 'create2', from: a(101), to: null, contractAddress: a(7), value: 0n, traceId: '2', reverted: false },
      { type: 'self-destruct', from: a(102), to: a(8), contractAddress: null, value: 0n, traceId: '2_0', reverted: false },
      { type: 'create', from: a(101), to: null, contractAddress: null, value: 1n, traceId: '3', reverted: true },
    ]);
  });
});
