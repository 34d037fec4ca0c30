import { concatHex, encodeAbiParameters, encodeFunctionData, encodePacked, erc20Abi, getAddress, parseAbi, parseAbiParameters, toFunctionSelector, type Address, type Hex } from 'viem';
import { NESTED_LIMITS, UNWRAPPED_SELECTORS, unwrapCalls } from './unwrap.js';

// The published interfaces, written out here independently of the module under test.
const multicall3Abi = parseAbi([
  'function aggregate((address target, bytes callData)[] calls) payable returns (uint256 blockNumber, bytes[] returnData)',
  'function tryAggregate(bool requireSuccess, (address target, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  'function aggregate3Value((address target, bool allowFailure, uint256 value, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
]);
const routerMulticallAbi = parseAbi(['function multicall(bytes[] data) payable returns (bytes[] results)', 'function multicall(uint256 deadline, bytes[] data) payable returns (bytes[])']);
const swapRouter02Abi = parseAbi([
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
  'function unwrapWETH9(uint256 amountMinimum, address recipient) payable',
]);
const safeAbi = parseAbi([
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)',
]);
const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable']);
const entryPointV06Abi = parseAbi([
  'struct UserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; uint256 callGasLimit; uint256 verificationGasLimit; uint256 preVerificationGas; uint256 maxFeePerGas; uint256 maxPriorityFeePerGas; bytes paymasterAndData; bytes signature; }',
  'function handleOps(UserOperation[] ops, address beneficiary)',
]);
const entryPointV07Abi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function handleOps(PackedUserOperation[] ops, address beneficiary)',
]);
const simpleAccountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
]);
const coinbaseSmartWalletAbi = parseAbi(['struct Call { address target; uint256 value; bytes data; }', 'function executeBatch(Call[] calls) payable']);
const erc7579Abi = parseAbi(['function execute(bytes32 mode, bytes executionCalldata) payable']);
const universalRouterAbi = parseAbi(['function execute(bytes commands, bytes[] inputs, uint256 deadline) payable', 'function execute(bytes commands, bytes[] inputs) payable']);

const at = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const USER = at(0xa11ce);
const BOB = at(0xb0b);
const TOKEN = at(0x1001);
const WETH = at(0x1002);
const MULTICALL = at(0x2001);
const ROUTER = at(0x2002);
const SAFE = at(0x2003);
const MULTISEND = at(0x2004);
const ENTRY_POINT = at(0x2005);
const ACCOUNT = at(0x2006);
const UNIVERSAL_ROUTER = at(0x2007);

const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 5n] });
const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, 7n] });
const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [USER] });
const execTransaction = (to: Address, value: bigint, data: Hex, operation: 0 | 1) =>
  encodeFunctionData({ abi: safeAbi, functionName: 'execTransaction', args: [to, value, data, operation, 0n, 0n, 0n, at(0), at(0), '0x'] });
const userOperation = (sender: Address, callData: Hex) => ({
  sender,
  nonce: 1n,
  initCode: '0x' as Hex,
  callData,
  callGasLimit: 1n,
  verificationGasLimit: 1n,
  preVerificationGas: 1n,
  maxFeePerGas: 1n,
  maxPriorityFeePerGas: 1n,
  paymasterAndData: '0x' as Hex,
  signature: '0x' as Hex,
});
const packedUserOperation = (sender: Address, callData: Hex) => ({
  sender,
  nonce: 1n,
  initCode: '0x' as Hex,
  callData,
  accountGasLimits: `0x${'00'.repeat(32)}` as Hex,
  preVerificationGas: 1n,
  gasFees: `0x${'00'.repeat(32)}` as Hex,
  paymasterAndData: '0x' as Hex,
  signature: '0x' as Hex,
});

const shape = (top: { to: Address; input: Hex }) =>
  unwrapCalls(top).calls.map(({ path, via, operation, from, to, value, allowFailure, input }) => ({ path, via, operation, from, to, value, allowFailure, input }));

describe('unwrapCalls', () => {
  it('opens the entry points it claims, by their published selectors', () => {
    expect(UNWRAPPED_SELECTORS).toEqual(
      expect.arrayContaining([
        '0x252dba42', // aggregate
        '0x82ad56cb', // aggregate3
        '0xac9650d8', // multicall(bytes[])
        '0x5ae401dc', // multicall(uint256,bytes[])
        '0x6a761202', // execTransaction
        '0x8d80ff0a', // multiSend
        '0x1fad948c', // handleOps v0.6
        '0x765e827f', // handleOps v0.7
        '0xb61d27f6', // execute(address,uint256,bytes)
        '0xe9ae5c53', // ERC-7579 execute
        '0x3593564c', // Universal Router execute with deadline
        '0x24856bc3', // Universal Router execute
      ]),
    );
    expect([toFunctionSelector(entryPointV06Abi[0]), toFunctionSelector(entryPointV07Abi[0])]).toEqual(['0x1fad948c', '0x765e827f']);
  });

  it('lists Multicall3 aggregate3 and aggregate3Value calls as made by the multicall contract, with their failure flags and values', () => {
    const aggregate3 = encodeFunctionData({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      args: [[{ target: TOKEN, allowFailure: true, callData: balanceOf }, { target: WETH, allowFailure: false, callData: transfer }]],
    });
    expect(shape({ to: MULTICALL, input: aggregate3 })).toEqual([
      { path: '0', via: 'multicall', operation: 'call', from: MULTICALL, to: TOKEN, value: 0n, allowFailure: true, input: balanceOf },
      { path: '1', via: 'multicall', operation: 'call', from: MULTICALL, to: WETH, value: 0n, allowFailure: false, input: transfer },
    ]);
    const withValue = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3Value', args: [[{ target: BOB, allowFailure: false, value: 9n, callData: '0x' }]] });
    expect(shape({ to: MULTICALL, input: withValue })).toEqual([expect.objectContaining({ to: BOB, value: 9n, input: '0x' })]);
    const tryAggregate = encodeFunctionData({ abi: multicall3Abi, functionName: 'tryAggregate', args: [false, [{ target: TOKEN, callData: balanceOf }]] });
    expect(shape({ to: MULTICALL, input: tryAggregate })).toEqual([expect.objectContaining({ to: TOKEN, allowFailure: true })]);
    const aggregate = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate', args: [[{ target: TOKEN, callData: balanceOf }]] });
    expect(shape({ to: MULTICALL, input: aggregate })).toEqual([expect.objectContaining({ to: TOKEN, allowFailure: null })]);
  });

  it("opens a router's multicall(deadline, bytes[]) as delegatecalls on the router itself", () => {
    const swap = encodeFunctionData({
      abi: swapRouter02Abi,
      functionName: 'exactInputSingle',
      args: [{ tokenIn: TOKEN, tokenOut: WETH, fee: 500, recipient: ROUTER, amountIn: 10n, amountOutMinimum: 9n, sqrtPriceLimitX96: 0n }],
    });
    const unwrap = encodeFunctionData({ abi: swapRouter02Abi, functionName: 'unwrapWETH9', args: [9n, USER] });
    const input = encodeFunctionData({ abi: routerMulticallAbi, functionName: 'multicall', args: [1_700_000_000n, [swap, unwrap]] });
    expect(shape({ to: ROUTER, input })).toEqual([
      { path: '0', via: 'self_multicall', operation: 'delegatecall', from: ROUTER, to: ROUTER, value: null, allowFailure: null, input: swap },
      { path: '1', via: 'self_multicall', operation: 'delegatecall', from: ROUTER, to: ROUTER, value: null, allowFailure: null, input: unwrap },
    ]);
  });

  it('opens a Safe transaction that delegatecalls MultiSend, whose packed calls are made by the Safe', () => {
    const batch = concatHex([
      encodePacked(['uint8', 'address', 'uint256', 'uint256', 'bytes'], [0, TOKEN, 0n, BigInt((approve.length - 2) / 2), approve]),
      encodePacked(['uint8', 'address', 'uint256', 'uint256', 'bytes'], [0, BOB, 3n, 0n, '0x']),
    ]);
    const multiSend = encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [batch] });
    expect(shape({ to: SAFE, input: execTransaction(MULTISEND, 0n, multiSend, 1) })).toEqual([
      { path: '0', via: 'safe_transaction', operation: 'delegatecall', from: SAFE, to: MULTISEND, value: 0n, allowFailure: null, input: multiSend },
      { path: '0.0', via: 'safe_multisend', operation: 'call', from: SAFE, to: TOKEN, value: 0n, allowFailure: null, input: approve },
      { path: '0.1', via: 'safe_multisend', operation: 'call', from: SAFE, to: BOB, value: 3n, allowFailure: null, input: '0x' },
    ]);
  });

  it('leaves a MultiSend batch whose packed bytes do not split cleanly unopened', () => {
    const truncated = encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [encodePacked(['uint8', 'address', 'uint256', 'uint256'], [0, TOKEN, 0n, 100n])] });
    expect(shape({ to: SAFE, input: execTransaction(MULTISEND, 0n, truncated, 1) }).map((c) => c.path)).toEqual(['0']);
  });

  it('opens EntryPoint v0.6 and v0.7 handleOps into user operations and their accounts’ execute calls', () => {
    const execute = encodeFunctionData({ abi: simpleAccountAbi, functionName: 'execute', args: [TOKEN, 0n, transfer] });
    const v06 = encodeFunctionData({ abi: entryPointV06Abi, functionName: 'handleOps', args: [[userOperation(ACCOUNT, execute)], USER] });
    expect(shape({ to: ENTRY_POINT, input: v06 })).toEqual([
      { path: '0', via: 'user_operation', operation: 'user_operation', from: ENTRY_POINT, to: ACCOUNT, value: null, allowFailure: null, input: execute },
      { path: '0.0', via: 'account_execute', operation: 'call', from: ACCOUNT, to: TOKEN, value: 0n, allowFailure: null, input: transfer },
    ]);

    const executeBatch = encodeFunctionData({ abi: simpleAccountAbi, functionName: 'executeBatch', args: [[TOKEN, BOB], [0n, 4n], [approve, '0x']] });
    const coinbaseBatch = encodeFunctionData({ abi: coinbaseSmartWalletAbi, functionName: 'executeBatch', args: [[{ target: WETH, value: 0n, data: transfer }]] });
    const v07 = encodeFunctionData({ abi: entryPointV07Abi, functionName: 'handleOps', args: [[packedUserOperation(ACCOUNT, executeBatch), packedUserOperation(BOB, coinbaseBatch)], USER] });
    expect(shape({ to: ENTRY_POINT, input: v07 }).map((c) => [c.path, c.operation, c.from, c.to, c.value])).toEqual([
      ['0', 'user_operation', ENTRY_POINT, ACCOUNT, null],
      ['0.0', 'call', ACCOUNT, TOKEN, 0n],
      ['0.1', 'call', ACCOUNT, BOB, 4n],
      ['1', 'user_operation', ENTRY_POINT, BOB, null],
      ['1.0', 'call', BOB, WETH, 0n],
    ]);
  });

  it('opens ERC-7579 single, batch and delegatecall executions', () => {
    const mode = (callType: number) => `0x${callType.toString(16).padStart(2, '0')}${'00'.repeat(31)}` as Hex;
    const single = encodeFunctionData({ abi: erc7579Abi, functionName: 'execute', args: [mode(0), encodePacked(['address', 'uint256', 'bytes'], [TOKEN, 2n, transfer])] });
    expect(shape({ to: ACCOUNT, input: single })).toEqual([{ path: '0', via: 'account_execute', operation: 'call', from: ACCOUNT, to: TOKEN, value: 2n, allowFailure: null, input: transfer }]);
    const executions = encodeAbiParameters(parseAbiParameters('(address target, uint256 value, bytes callData)[]'), [[{ target: TOKEN, value: 0n, callData: approve }, { target: BOB, value: 1n, callData: '0x' }]]);
    const batch = encodeFunctionData({ abi: erc7579Abi, functionName: 'execute', args: [mode(1), executions] });
    expect(shape({ to: ACCOUNT, input: batch }).map((c) => [c.to, c.value, c.input])).toEqual([
      [TOKEN, 0n, approve],
      [BOB, 1n, '0x'],
    ]);
    const delegate = encodeFunctionData({ abi: erc7579Abi, functionName: 'execute', args: [mode(0xff), encodePacked(['address', 'bytes'], [MULTISEND, approve])] });
    expect(shape({ to: ACCOUNT, input: delegate })).toEqual([expect.objectContaining({ operation: 'delegatecall', to: MULTISEND, value: 0n, input: approve })]);
  });

  it('reads Universal Router commands with their names, allow-revert flags and decoded inputs, and opens a sub-plan', () => {
    const permit = encodeAbiParameters(parseAbiParameters('((address token, uint160 amount, uint48 expiration, uint48 nonce) details, address spender, uint256 sigDeadline) permitSingle, bytes signature'), [
      { details: { token: TOKEN, amount: 10n, expiration: 1_800_000_000, nonce: 0 }, spender: UNIVERSAL_ROUTER, sigDeadline: 1_700_000_000n },
      '0x1234',
    ]);
    const path = encodePacked(['address', 'uint24', 'address'], [TOKEN, 500, WETH]);
    const swap = encodeAbiParameters(parseAbiParameters('address, uint256, uint256, bytes, bool'), [UNIVERSAL_ROUTER, 10n, 9n, path, true]);
    const unwrapWeth = encodeAbiParameters(parseAbiParameters('address, uint256'), [USER, 9n]);
    const subPlan = encodeAbiParameters(parseAbiParameters('bytes, bytes[]'), ['0x0c', [unwrapWeth]]);
    const unknown = '0xdeadbeef' as Hex;
    const input = encodeFunctionData({ abi: universalRouterAbi, functionName: 'execute', args: ['0x8a00a110', [permit, swap, subPlan, unknown], 1_700_000_000n] });

    const { calls } = unwrapCalls({ to: UNIVERSAL_ROUTER, input });
    expect(calls.map((c) => [c.path, c.via, c.operation, c.from, c.allowFailure, c.command?.name, c.command?.byte])).toEqual([
      ['0', 'universal_router', 'router_command', UNIVERSAL_ROUTER, true, 'PERMIT2_PERMIT', 0x8a],
      ['1', 'universal_router', 'router_command', UNIVERSAL_ROUTER, false, 'V3_SWAP_EXACT_IN', 0x00],
      ['2', 'universal_router', 'router_command', UNIVERSAL_ROUTER, true, 'EXECUTE_SUB_PLAN', 0xa1],
      ['2.0', 'universal_router', 'router_command', UNIVERSAL_ROUTER, false, 'UNWRAP_WETH', 0x0c],
      ['3', 'universal_router', 'router_command', UNIVERSAL_ROUTER, false, null, 0x10],
    ]);
    expect(calls[0]!.command!.arguments[0]).toEqual({
      name: 'permitSingle',
      type: '((address,uint160,uint48,uint48),address,uint256)',
      value: { details: { token: TOKEN, amount: '10', expiration: '1800000000', nonce: '0' }, spender: UNIVERSAL_ROUTER, sigDeadline: '1700000000' },
    });
    expect(calls[1]!.command!.arguments.map((a) => a.value)).toEqual([UNIVERSAL_ROUTER, '10', '9', path, true]);
    expect(calls[3]!.command!.arguments).toEqual([
      { name: 'recipient', type: 'address', value: USER },
      { name: 'amountMin', type: 'uint256', value: '9' },
    ]);
    expect(calls[4]!.command).toMatchObject({ code: 0x10, arguments: [], rawInput: unknown });
  });

  it('reads a recorded OP Mainnet Universal Router call: WRAP_ETH then V3_SWAP_EXACT_IN', () => {
    // Input of OP Mainnet transaction 0x7e2871f2521b31b1b5b8acf0a739efb42cb760b6ca69ef0cdb657cf45e826a89 (0.25 ETH into sUSD), as mined.
    const input: Hex =
      '0x3593564c000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000a000000000000000000000000000000000000000000000000000000000655bd42b00000000000000000000000000000000000000000000000000000000000000020b000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000003782dace9d900000000000000000000000000000000000000000000000000000000000000000120000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000003782dace9d9000000000000000000000000000000000000000000000000001b53d6516f4ad8844c00000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004242000000000000000000000000000000000000060001f4da10009cbd5d07dd0cecc66161fc93d7c9000da10000648c6f28f2f1a3c87f0f938b96d27520d9751ec8d9000000000000000000000000000000000000000000000000000000000000';
    const router = getAddress('0xec8b0f7ffe3ae75d7ffab09429e3675bb63503e4');
    const { calls } = unwrapCalls({ to: router, input });
    expect(calls.map((c) => [c.path, c.command?.name, c.allowFailure])).toEqual([
      ['0', 'WRAP_ETH', false],
      ['1', 'V3_SWAP_EXACT_IN', false],
    ]);
    // The router's ADDRESS_THIS (0x…02) and MSG_SENDER (0x…01) placeholders, 0.25 ETH, and the WETH → DAI → sUSD path.
    expect(calls[0]!.command!.arguments.map((a) => a.value)).toEqual([at(2), '250000000000000000']);
    expect(calls[1]!.command!.arguments.map((a) => [a.name, a.value])).toEqual([
      ['recipient', at(1)],
      ['amountIn', '250000000000000000'],
      ['amountOutMin', '504103195478760916044'],
      ['path', '0x42000000000000000000000000000000000000060001f4da10009cbd5d07dd0cecc66161fc93d7c9000da10000648c6f28f2f1a3c87f0f938b96d27520d9751ec8d9'],
      ['payerIsUser', false],
    ]);
  });

  it('stops at the depth and count limits and says so', () => {
    let input = transfer;
    for (let i = 0; i <= NESTED_LIMITS.depth; i++) input = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [[{ target: MULTICALL, allowFailure: false, callData: input }]] });
    const deep = unwrapCalls({ to: MULTICALL, input });
    expect(deep.calls.map((c) => c.depth)).toEqual(Array.from({ length: NESTED_LIMITS.depth }, (_, i) => i + 1));
    expect(deep).toMatchObject({ depthCapped: true, callsCapped: false });

    const many = encodeFunctionData({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      args: [Array.from({ length: NESTED_LIMITS.calls + 1 }, () => ({ target: TOKEN, allowFailure: false, callData: balanceOf }))],
    });
    const wide = unwrapCalls({ to: MULTICALL, input: many });
    expect(wide.calls).toHaveLength(NESTED_LIMITS.calls);
    expect(wide).toMatchObject({ callsCapped: true, depthCapped: false });
  });

  it('opens nothing for a plain call or a contract creation', () => {
    expect(unwrapCalls({ to: TOKEN, input: transfer }).calls).toEqual([]);
    expect(unwrapCalls({ to: null, input: '0x6080' }).calls).toEqual([]);
  });
});
