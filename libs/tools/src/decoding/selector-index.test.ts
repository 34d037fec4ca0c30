import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readSignatureFiles, SELECTOR_INDEX_FILE } from '../../data/signature-files.js';
import { buildSelectorIndex, serializeSelectorIndex, SignatureSyntaxError } from './selector-index.js';
import { SELECTOR_INDEX } from './selector-dataset.js';

const DATA_DIR = path.join(__dirname, '..', '..', 'data');

describe('the shipped selector index', () => {
  it('is exactly what the generator makes from data/signatures (run data/generate-selector-index.ts after editing them)', () => {
    const committed = readFileSync(path.join(DATA_DIR, SELECTOR_INDEX_FILE), 'utf8');
    expect(committed).toBe(serializeSelectorIndex(buildSelectorIndex(readSignatureFiles(DATA_DIR))));
  });

  it('holds several hundred functions and custom errors', () => {
    expect(SELECTOR_INDEX.counts.functions).toBeGreaterThan(700);
    expect(SELECTOR_INDEX.counts.errors).toBeGreaterThan(150);
  });

  // Selectors known independently of our text: a typo in a signature line changes its selector.
  it.each([
    ['0xa9059cbb', 'function transfer(address to, uint256 value)'],
    ['0x23b872dd', 'function transferFrom(address from, address to, uint256 value)'],
    ['0xd505accf', 'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)'],
    ['0xe3ee160e', 'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)'],
    ['0xd0e30db0', 'function deposit()'],
    ['0xf242432a', 'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)'],
    ['0x82ad56cb', 'function aggregate3((address target, bool allowFailure, bytes callData)[] calls)'],
    ['0x38ed1739', 'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)'],
    ['0x414bf389', 'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params)'],
    ['0x3593564c', 'function execute(bytes commands, bytes[] inputs, uint256 deadline)'],
    ['0x6a761202', 'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures)'],
    ['0x617ba037', 'function supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)'],
    ['0x2b67b570', 'function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce) details, address spender, uint256 sigDeadline) permitSingle, bytes signature)'],
    ['0xdf592f7d', 'function isSanctioned(address addr)'],
  ])('function %s is %s', (selector, signature) => {
    expect(SELECTOR_INDEX.functions[selector as `0x${string}`]).toContain(signature);
  });

  it.each([
    ['0x08c379a0', 'error Error(string message)'],
    ['0x4e487b71', 'error Panic(uint256 code)'],
    ['0xe450d38c', 'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)'],
    ['0x118cdaa7', 'error OwnableUnauthorizedAccount(address account)'],
  ])('error %s is %s', (selector, signature) => {
    expect(SELECTOR_INDEX.errors[selector as `0x${string}`]).toContain(signature);
  });
});

describe('buildSelectorIndex', () => {
  it('keeps every signature that shares a selector, in file order, and a repeated signature once', () => {
    const index = buildSelectorIndex([
      { name: 'a.txt', text: '# a comment\nfunction transfer(address to, uint256 value)\n\nfunction collate_propagate_storage(bytes16)' },
      { name: 'b.txt', text: 'function transfer(address recipient, uint256 amount)  # same types, other names\nfunction burn(uint256 amount)' },
    ]);
    expect(index.functions['0xa9059cbb']).toEqual(['function transfer(address to, uint256 value)']);
    // collate_propagate_storage(bytes16) is a well-known collision with burn(uint256).
    expect(index.functions['0x42966c68']).toEqual(['function collate_propagate_storage(bytes16)', 'function burn(uint256 amount)']);
    expect(index.counts).toEqual({ functions: 3, errors: 0, collisions: 1 });
  });

  it('names the file and line of a line that is not a signature', () => {
    const build = () => buildSelectorIndex([{ name: 'bad.txt', text: 'function ok()\nfunction broken(address' }]);
    expect(build).toThrow(SignatureSyntaxError);
    expect(build).toThrow(/^bad\.txt:2: /);
    expect(() => buildSelectorIndex([{ name: 'event.txt', text: 'event Transfer(address from)' }])).toThrow(/event\.txt:1: not a function or error signature/);
  });

  it('normalizes tuples and drops mutability and return values', () => {
    const index = buildSelectorIndex([{ name: 'x.txt', text: '  function deposit() payable returns (uint256 shares)  \nfunction f((address a,uint256 b)[] xs)' }]);
    expect(index.functions['0xd0e30db0']).toEqual(['function deposit()']);
    expect(Object.values(index.functions)).toContainEqual(['function f((address a, uint256 b)[] xs)']);
  });
});
