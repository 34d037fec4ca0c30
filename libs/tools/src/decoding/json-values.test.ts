import { parseAbiParameter, parseAbiParameters } from 'viem';
import { toDecodedArguments, toJsonValue } from './json-values.js';

describe('toJsonValue', () => {
  it('writes integers as decimal strings, addresses checksummed and bytes in lower case', () => {
    expect(toJsonValue(parseAbiParameter('uint8 v'), 27)).toBe('27');
    expect(toJsonValue(parseAbiParameter('int256 delta'), -5n)).toBe('-5');
    expect(toJsonValue(parseAbiParameter('address a'), '0xd8da6bf26964af9d7eed9e03e53415d37aa96045')).toBe('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045');
    expect(toJsonValue(parseAbiParameter('bytes32 r'), '0xABCDEF')).toBe('0xabcdef');
    expect(toJsonValue(parseAbiParameter('bool b'), true)).toBe(true);
    expect(toJsonValue(parseAbiParameter('string s'), 'hi')).toBe('hi');
  });

  it('turns tuples into objects (positions for unnamed components) and keeps nested arrays', () => {
    expect(toJsonValue(parseAbiParameter('(uint256 amount, address)[] items'), [[1n, '0x000000000000000000000000000000000000dead']])).toEqual([
      { amount: '1', 1: '0x000000000000000000000000000000000000dEaD' },
    ]);
    expect(toJsonValue(parseAbiParameter('uint256[2][] grid'), [[1n, 2n], [3n, 4n]])).toEqual([['1', '2'], ['3', '4']]);
  });
});

describe('toDecodedArguments', () => {
  it('gives each argument its name (or null) and canonical type', () => {
    expect(toDecodedArguments(parseAbiParameters('(address to, uint256 v) p, bytes'), [{ to: '0x000000000000000000000000000000000000dead', v: 2n }, '0x01'])).toEqual([
      { name: 'p', type: '(address,uint256)', value: { to: '0x000000000000000000000000000000000000dEaD', v: '2' } },
      { name: null, type: 'bytes', value: '0x01' },
    ]);
  });
});
