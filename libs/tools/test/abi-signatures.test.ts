import { parseAbi } from 'viem';
import { abiSignatureLines, selectorKey } from '../data/abi-signatures.js';
import { parseSignature } from '../src/decoding/signature.js';

describe('signature lines from published ABIs', () => {
  const token = {
    name: 'Token',
    abi: parseAbi([
      'function transfer(address to, uint256 value) returns (bool)',
      'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
      'event Transfer(address indexed from, address indexed to, uint256 value)',
      'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
    ]),
  };
  const vault = { name: 'Vault', abi: parseAbi(['function transfer(address recipient, uint256 amount)', 'function deposit((address asset, uint256 amount)[] items)']) };

  it('keeps functions and errors, once each whatever the parameter names, and drops events and return values', () => {
    expect(abiSignatureLines([token, vault], new Set())).toEqual([
      '',
      '# Token',
      'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
      'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
      'function transfer(address to, uint256 value)',
      '',
      '# Vault',
      'function deposit((address asset, uint256 amount)[] items)',
    ]);
  });

  it('leaves out what the hand-written files already hold, and a contract that adds nothing', () => {
    const known = new Set(['function transfer(address to, uint256 value)', 'function permit(address o, address s, uint256 v, uint256 d, uint8 v2, bytes32 r, bytes32 s2)', 'error ERC20InsufficientBalance(address a, uint256 b, uint256 c)'].map((line) => selectorKey(parseSignature(line))));
    expect(abiSignatureLines([token, { name: 'Empty', abi: parseAbi(['event Ping()']) }], known)).toEqual([]);
  });

  it('writes lines the signature parser reads back to the same selector key', () => {
    for (const line of abiSignatureLines([token, vault], new Set()).filter((l) => l && !l.startsWith('#'))) {
      expect(() => parseSignature(line)).not.toThrow();
    }
    expect(selectorKey(parseSignature('function deposit((address asset, uint256 amount)[] items)'))).toBe('function deposit((address,uint256)[])');
  });
});
