import { encodeErrorResult, getAddress, parseAbi } from 'viem';
import { decodeRevertData } from './decode-revert.js';
import { PERMIT2_ABI } from './known-abis.js';

const CAROL = getAddress('0x00000000000000000000000000000000000ca401');
const builtins = parseAbi(['error Error(string message)', 'error Panic(uint256 code)']);

describe('decodeRevertData', () => {
  it('reads an Error(string) reason', () => {
    const data = encodeErrorResult({ abi: builtins, errorName: 'Error', args: ['Counter: step too large'] });
    expect(decodeRevertData(data, null)).toEqual({
      kind: 'reason',
      reason: 'Counter: step too large',
      errorName: 'Error',
      signature: 'Error(string)',
      source: 'builtin',
      arguments: [{ name: 'message', type: 'string', value: 'Counter: step too large' }],
      data,
    });
  });

  it('explains a Panic(uint256) code', () => {
    const data = encodeErrorResult({ abi: builtins, errorName: 'Panic', args: [0x11n] });
    expect(decodeRevertData(data, null)).toMatchObject({ kind: 'panic', reason: 'Panic 0x11: arithmetic overflow or underflow', errorName: 'Panic', source: 'builtin' });
    const odd = encodeErrorResult({ abi: builtins, errorName: 'Panic', args: [0x99n] });
    expect(decodeRevertData(odd, null).reason).toBe('Panic 0x99: unknown panic code');
  });

  it('names a custom error from the data set, with its arguments', () => {
    const data = encodeErrorResult({ abi: parseAbi(['error CounterUnderflow(address caller)']), errorName: 'CounterUnderflow', args: [CAROL] });
    expect(decodeRevertData(data, null)).toMatchObject({
      kind: 'custom_error',
      reason: `CounterUnderflow(caller: ${CAROL})`,
      errorName: 'CounterUnderflow',
      signature: 'CounterUnderflow(address)',
      source: 'selector_dataset',
      arguments: [{ name: 'caller', type: 'address', value: CAROL }],
    });
  });

  it('prefers the recognised contract\'s errors', () => {
    const data = encodeErrorResult({ abi: PERMIT2_ABI, errorName: 'SignatureExpired', args: [1_700_000_000n] });
    expect(decodeRevertData(data, PERMIT2_ABI)).toMatchObject({ kind: 'custom_error', source: 'contract_abi', reason: 'SignatureExpired(signatureDeadline: 1700000000)' });
    expect(decodeRevertData(data, null)).toMatchObject({ kind: 'custom_error', source: 'selector_dataset' });
  });

  it('keeps unknown and empty revert data raw', () => {
    expect(decodeRevertData('0x12345678ff', null)).toEqual({ kind: 'unknown_error', reason: null, errorName: null, signature: null, source: 'none', arguments: [], data: '0x12345678ff' });
    expect(decodeRevertData('0x', null)).toMatchObject({ kind: 'no_data', reason: null, data: '0x' });
    expect(decodeRevertData('0x08c379a0', null)).toMatchObject({ kind: 'unknown_error' });
  });
});
