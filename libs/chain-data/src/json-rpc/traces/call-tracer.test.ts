import { getAddress } from 'viem';
import { callFramesFromCallTracer, type CallTracerFrame } from './call-tracer.js';

// geth's callTracer answer for a router call that pulls a token, pays out through WETH and makes
// a failing creation; the shape is geth's (lower-case addresses, hex quantities, error strings).
const TREE: CallTracerFrame = {
  type: 'CALL',
  from: '0x1111111111111111111111111111111111111111',
  to: '0x00000000000000000000000000000000000000aa',
  value: '0xde0b6b3a7640000',
  input: '0x12345678',
  calls: [
    { type: 'STATICCALL', from: '0x00000000000000000000000000000000000000aa', to: '0x00000000000000000000000000000000000000bb', input: '0x70a08231' },
    {
      type: 'DELEGATECALL',
      from: '0x00000000000000000000000000000000000000aa',
      to: '0x00000000000000000000000000000000000000cc',
      value: '0xde0b6b3a7640000',
      input: '0xabcdef01',
      calls: [{ type: 'CALL', from: '0x00000000000000000000000000000000000000aa', to: '0x2222222222222222222222222222222222222222', value: '0x5', input: '0x' }],
    },
    {
      type: 'CREATE2',
      from: '0x00000000000000000000000000000000000000aa',
      to: '0x00000000000000000000000000000000000000dd',
      value: '0x0',
      input: '0x6080',
      error: 'execution reverted',
      calls: [{ type: 'CALL', from: '0x00000000000000000000000000000000000000dd', to: '0x00000000000000000000000000000000000000ee', value: '0x0', input: '0x' }],
    },
    { type: 'SELFDESTRUCT', from: '0x00000000000000000000000000000000000000aa', to: '0x1111111111111111111111111111111111111111', value: '0x10', input: '0x' },
  ],
};

describe('callFramesFromCallTracer', () => {
  it('flattens the tree in execution order with depths, checksummed addresses and values', () => {
    expect(callFramesFromCallTracer(TREE)).toEqual([
      { type: 'CALL', from: '0x1111111111111111111111111111111111111111', to: getAddress('0x00000000000000000000000000000000000000aa'), value: 10n ** 18n, input: '0x12345678', depth: 0, reverted: false },
      { type: 'STATICCALL', from: getAddress('0x00000000000000000000000000000000000000aa'), to: getAddress('0x00000000000000000000000000000000000000bb'), value: 0n, input: '0x70a08231', depth: 1, reverted: false },
      // A DELEGATECALL moves no value, even where the tracer repeats the caller's.
      { type: 'DELEGATECALL', from: getAddress('0x00000000000000000000000000000000000000aa'), to: getAddress('0x00000000000000000000000000000000000000cc'), value: 0n, input: '0xabcdef01', depth: 1, reverted: false },
      { type: 'CALL', from: getAddress('0x00000000000000000000000000000000000000aa'), to: '0x2222222222222222222222222222222222222222', value: 5n, input: '0x', depth: 2, reverted: false },
      // A failed creation has no address, and what ran inside it is undone too.
      { type: 'CREATE2', from: getAddress('0x00000000000000000000000000000000000000aa'), to: null, value: 0n, input: '0x6080', depth: 1, reverted: true },
      { type: 'CALL', from: getAddress('0x00000000000000000000000000000000000000dd'), to: getAddress('0x00000000000000000000000000000000000000ee'), value: 0n, input: '0x', depth: 2, reverted: true },
      { type: 'SELFDESTRUCT', from: getAddress('0x00000000000000000000000000000000000000aa'), to: '0x1111111111111111111111111111111111111111', value: 16n, input: '0x', depth: 1, reverted: false },
    ]);
  });

  it('keeps the revert data of a reverted frame from its output', () => {
    const [top] = callFramesFromCallTracer({ ...TREE, calls: [], error: 'execution reverted', output: '0x08C379A0' });
    expect(top).toMatchObject({ reverted: true, revertData: '0x08c379a0' });
    expect(callFramesFromCallTracer({ ...TREE, calls: [], output: '0x01' })[0]).not.toHaveProperty('revertData');
  });

  it('marks the whole tree reverted when the transaction failed, and keeps the sub-calls of an unknown frame type', () => {
    const frames = callFramesFromCallTracer({ ...TREE, error: 'out of gas', calls: [{ type: 'WEIRDCALL', from: TREE.from, to: TREE.to, calls: TREE.calls?.slice(0, 1) }] });
    expect(frames.map((f) => [f.type, f.depth, f.reverted])).toEqual([
      ['CALL', 0, true],
      ['STATICCALL', 2, true],
    ]);
  });
});
