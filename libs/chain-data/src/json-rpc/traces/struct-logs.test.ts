import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeErrorResult, getAddress, getContractAddress, parseAbi, hexToBigInt, hexToNumber, pad, type Address, type Hex } from 'viem';
import { callFramesFromStructLogs, type StructLog } from './struct-logs.js';

// A trace recorded from the devnet (Hardhat 2.29): bob calls incrementBy(5) on the EIP-1967 proxy,
// which DELEGATECALLs the Counter implementation.
const recorded = JSON.parse(readFileSync(join(__dirname, '../../../test/fixtures/hardhat-trace-bob-increments-via-proxy.json'), 'utf8')) as {
  transaction: { from: Address; to: Address; value: Hex; input: Hex; nonce: Hex };
  result: { failed: boolean; structLogs: StructLog[] };
};

const BOB = '0x3644012B8CF992D7F5087E674a75cd975b697938';
const PROXY = '0x6F4bfb7672ED000C9B8ff8E86b46D9F66c0e01E1';
const COUNTER = '0x8066369388fC32b60253dFe6dc83560b43EE8Ae0';

describe('callFramesFromStructLogs on a recorded Hardhat trace', () => {
  it('finds the call into the proxy and its DELEGATECALL to the implementation, with the calldata', () => {
    const { transaction } = recorded;
    const frames = callFramesFromStructLogs(
      { from: transaction.from, to: transaction.to, value: hexToBigInt(transaction.value), input: transaction.input, nonce: hexToNumber(transaction.nonce) },
      recorded.result.structLogs,
    );
    expect(frames).toEqual([
      { type: 'CALL', from: BOB, to: PROXY, value: 0n, input: transaction.input, depth: 0, reverted: false },
      { type: 'DELEGATECALL', from: PROXY, to: COUNTER, value: 0n, input: transaction.input, depth: 1, reverted: false },
    ]);
  });
});

// Hand-written struct logs in geth's form (0x-prefixed stack items) for what the devnet scenario
// does not do: value calls, creations, failures, SELFDESTRUCT.
const word = (value: bigint | Address) => pad(typeof value === 'bigint' ? `0x${value.toString(16)}` : value, { size: 32 }).slice(2);
const step = (depth: number, op: string, stack: (bigint | Address)[] = [], memory: string[] = []): StructLog => ({
  depth,
  op,
  // Given top first here; struct logs list the top last.
  stack: stack.map((item) => `0x${BigInt(typeof item === 'bigint' ? item : item).toString(16)}`).reverse(),
  memory,
});
const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const C = '0x00000000000000000000000000000000000000cc';
const SENDER = '0x1111111111111111111111111111111111111111';

describe('callFramesFromStructLogs on geth-style struct logs', () => {
  it('reads CALL value and input from stack and memory, and a call into an account without code', () => {
    const memory = [word(0xa9059cbbn << 224n)];
    const frames = callFramesFromStructLogs({ from: SENDER, to: A, value: 0n, input: '0x' }, [
      step(1, 'PUSH1'),
      // CALL gas, to, value, argsOffset, argsLength, retOffset, retLength
      step(1, 'CALL', [50_000n, B, 7n, 0n, 4n, 0n, 0n], memory),
      step(2, 'STOP'),
      step(1, 'POP', [1n]),
      // A plain value transfer: the callee has no code, so no deeper step follows.
      step(1, 'CALL', [2_300n, C, 5n, 0n, 0n, 0n, 0n]),
      step(1, 'STOP', [1n]),
    ]);
    expect(frames.slice(1)).toEqual([
      { type: 'CALL', from: getAddress('0x00000000000000000000000000000000000000aa'), to: getAddress('0x00000000000000000000000000000000000000bb'), value: 7n, input: '0xa9059cbb', depth: 1, reverted: false },
      { type: 'CALL', from: getAddress('0x00000000000000000000000000000000000000aa'), to: getAddress('0x00000000000000000000000000000000000000cc'), value: 5n, input: '0x', depth: 1, reverted: false },
    ]);
  });

  it('reads memory the step has not touched yet as zeros', () => {
    const frames = callFramesFromStructLogs({ from: SENDER, to: A, value: 0n, input: '0x' }, [
      step(1, 'STATICCALL', [1_000n, B, 0n, 8n, 0n, 0n], [word(0xffn)]),
      step(1, 'STOP', [1n]),
    ]);
    expect(frames[1]).toMatchObject({ type: 'STATICCALL', input: '0x0000000000000000', value: 0n });
  });

  it('marks a call that returned 0 as reverted, and everything below a reverted frame', () => {
    const frames = callFramesFromStructLogs({ from: SENDER, to: A, value: 0n, input: '0x' }, [
      step(1, 'CALL', [50_000n, B, 0n, 0n, 0n, 0n, 0n]),
      step(2, 'CALL', [20_000n, C, 0n, 0n, 0n, 0n, 0n]),
      step(3, 'STOP'),
      step(2, 'REVERT', [1n, 0n, 0n]),
      step(1, 'ISZERO', [0n]),
      step(1, 'STOP'),
    ]);
    expect(frames.map((f) => [f.type, f.depth, f.reverted])).toEqual([
      ['CALL', 0, false],
      ['CALL', 1, true],
      ['CALL', 2, true],
    ]);
  });

  it('marks every frame reverted when the transaction itself reverts', () => {
    const frames = callFramesFromStructLogs({ from: SENDER, to: A, value: 0n, input: '0x' }, [
      step(1, 'CALL', [50_000n, B, 0n, 0n, 0n, 0n, 0n]),
      step(2, 'STOP'),
      step(1, 'REVERT', [1n, 0n, 0n]),
    ]);
    expect(frames.map((f) => f.reverted)).toEqual([true, true]);
  });

  it("reads the revert data of the transaction's own REVERT from memory", () => {
    const revertData = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['nope'] });
    const words = revertData.slice(2).padEnd(Math.ceil((revertData.length - 2) / 64) * 64, '0').match(/.{64}/g)!;
    const frames = callFramesFromStructLogs({ from: SENDER, to: A, value: 0n, input: '0x' }, [step(1, 'REVERT', [0n, BigInt((revertData.length - 2) / 2)], words)]);
    expect(frames[0]).toMatchObject({ depth: 0, reverted: true, revertData });
    expect(callFramesFromStructLogs({ from: SENDER, to: A, value: 0n, input: '0x' }, [step(1, 'STOP')])[0]).not.toHaveProperty('revertData');
  });

  it('takes a created address from the next step of the creator, and the calls its constructor makes come from it', () => {
    const initCode = word(0x6080n << 240n).slice(0, 4);
    const frames = callFramesFromStructLogs({ from: SENDER, to: A, value: 0n, input: '0x' }, [
      // CREATE2 value, offset, size, salt
      step(1, 'CREATE2', [1n, 0n, 2n, 9n], [word(0x6080n << 240n)]),
      step(2, 'CALL', [10_000n, C, 0n, 0n, 0n, 0n, 0n]),
      step(3, 'STOP'),
      step(2, 'RETURN', [1n, 0n, 0n]),
      step(1, 'DUP1', [BigInt(B)]),
      // A CREATE whose constructor fails leaves 0 on the stack.
      step(1, 'CREATE', [0n, 0n, 0n]),
      step(2, 'REVERT', [0n, 0n]),
      step(1, 'STOP', [0n]),
    ]);
    expect(frames.slice(1)).toEqual([
      { type: 'CREATE2', from: getAddress('0x00000000000000000000000000000000000000aa'), to: getAddress('0x00000000000000000000000000000000000000bb'), value: 1n, input: `0x${initCode}`, depth: 1, reverted: false },
      { type: 'CALL', from: getAddress('0x00000000000000000000000000000000000000bb'), to: getAddress('0x00000000000000000000000000000000000000cc'), value: 0n, input: '0x', depth: 2, reverted: false },
      { type: 'CREATE', from: getAddress('0x00000000000000000000000000000000000000aa'), to: null, value: 0n, input: '0x', depth: 1, reverted: true },
    ]);
  });

  it('derives the address of a creation transaction from its sender and nonce, and reports SELFDESTRUCT', () => {
    const frames = callFramesFromStructLogs({ from: SENDER, to: null, value: 3n, input: '0x6080' , nonce: 7 }, [step(1, 'SELFDESTRUCT', [B])]);
    const created = getContractAddress({ from: SENDER, nonce: 7n });
    expect(frames).toEqual([
      { type: 'CREATE', from: SENDER, to: created, value: 3n, input: '0x6080', depth: 0, reverted: false },
      { type: 'SELFDESTRUCT', from: created, to: getAddress('0x00000000000000000000000000000000000000bb'), value: 0n, input: '0x', depth: 1, reverted: false },
    ]);
    expect(() => callFramesFromStructLogs({ from: SENDER, to: null, value: 0n, input: '0x' }, [])).toThrow(/needs the transaction nonce/);
  });

  it('skips a call step that failed before calling (out of gas) and refuses logs without memory', () => {
    const frames = callFramesFromStructLogs({ from: SENDER, to: A, value: 0n, input: '0x' }, [{ ...step(1, 'CALL', [1n, B, 0n, 0n, 0n, 0n, 0n]), error: 'out of gas' }]);
    expect(frames.map((f) => [f.type, f.reverted])).toEqual([['CALL', true]]);
    const withoutMemory = { depth: 1, op: 'CALL', stack: step(1, 'CALL', [1n, B, 0n, 0n, 4n, 0n, 0n]).stack };
    expect(() => callFramesFromStructLogs({ from: SENDER, to: A, value: 0n, input: '0x' }, [withoutMemory, step(1, 'STOP', [1n])])).toThrow(/carries no memory/);
  });
});
