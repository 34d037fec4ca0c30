import { encodeFunctionData, erc20Abi, getAddress, parseAbi, type Hex } from 'viem';
import { decodeMethod } from './decode-call.js';
import { ERC20_ABI, MULTICALL3_ABI } from './known-abis.js';
import { parseSignature, type SelectorItem } from './signature.js';

const BOB = getAddress('0x00000000000000000000000000000000000b0b00');
const transferInput = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 1_200n * 10n ** 18n] });

describe('decodeMethod', () => {
  it('uses the recognised contract\'s ABI first, with its parameter names', () => {
    expect(decodeMethod(transferInput, ERC20_ABI)).toEqual({
      selector: '0xa9059cbb',
      name: 'transfer',
      signature: 'transfer(address,uint256)',
      source: 'contract_abi',
      arguments: [
        { name: 'recipient', type: 'address', value: BOB },
        { name: 'amount', type: 'uint256', value: '1200000000000000000000' },
      ],
      alternatives: [],
      argumentsDecoded: true,
    });
  });

  it('falls back to the data set when the contract is not recognised or its ABI lacks the selector', () => {
    expect(decodeMethod(transferInput, null)).toMatchObject({
      source: 'selector_dataset',
      signature: 'transfer(address,uint256)',
      arguments: [{ name: 'to' }, { name: 'value' }],
    });
    const deposit = encodeFunctionData({ abi: parseAbi(['function deposit() payable']), functionName: 'deposit' });
    expect(decodeMethod(deposit, ERC20_ABI)).toMatchObject({ name: 'deposit', source: 'selector_dataset', arguments: [] });
  });

  it('decodes tuples as objects and arrays as arrays', () => {
    const input = encodeFunctionData({
      abi: MULTICALL3_ABI,
      functionName: 'aggregate3',
      args: [[{ target: BOB, allowFailure: true, callData: '0xABCD' }]],
    });
    expect(decodeMethod(input, MULTICALL3_ABI)?.arguments).toEqual([
      { name: 'calls', type: '(address,bool,bytes)[]', value: [{ target: BOB, allowFailure: true, callData: '0xabcd' }] },
    ]);
  });

  it('returns null for empty input and no selector for input shorter than four bytes', () => {
    expect(decodeMethod('0x', null)).toBeNull();
    expect(decodeMethod('0xabcdef', null)).toMatchObject({ selector: null, name: null, source: 'none' });
  });

  it('keeps an unknown selector without a name', () => {
    expect(decodeMethod('0xdeadbeef0000', null)).toEqual({
      selector: '0xdeadbeef',
      name: null,
      signature: null,
      source: 'none',
      arguments: [],
      alternatives: [],
      argumentsDecoded: false,
    });
  });

  it('names a known selector whose input does not fit, without arguments', () => {
    const truncated = transferInput.slice(0, 40) as Hex;
    expect(decodeMethod(truncated, null)).toMatchObject({ name: 'transfer', signature: 'transfer(address,uint256)', source: 'selector_dataset', arguments: [], argumentsDecoded: false });
  });

  describe('with signatures that share a selector', () => {
    // burn(uint256) and collate_propagate_storage(bytes16) share 0x42966c68.
    const colliding: SelectorItem[] = [parseSignature('function collate_propagate_storage(bytes16 x)'), parseSignature('function burn(uint256 amount)')];
    const lookup = () => colliding;
    const burn = (amount: bigint) => encodeFunctionData({ abi: parseAbi(['function burn(uint256 amount)']), functionName: 'burn', args: [amount] });

    it('prefers the signature that re-encodes to the exact input', () => {
      expect(decodeMethod(burn(5n), null, lookup)).toMatchObject({ name: 'burn', arguments: [{ value: '5' }], alternatives: [] });
    });

    it('lists the other signatures that fit as well', () => {
      expect(decodeMethod(burn(0n), null, lookup)).toMatchObject({ name: 'collate_propagate_storage', alternatives: ['burn(uint256)'] });
    });
  });
});
