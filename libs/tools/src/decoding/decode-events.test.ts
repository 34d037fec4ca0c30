import type { LogRecord } from '@paysight/contracts';
import { encodeAbiParameters, encodeEventTopics, erc20Abi, erc721Abi, getAddress, parseAbi, parseAbiParameters, type Hex } from 'viem';
import { decodeKnownEvent } from './decode-events.js';

const OWNER = getAddress('0x00000000000000000000000000000000000a11ce');
const SPENDER = getAddress('0x00000000000000000000000000000000000b0b00');
const TOKEN = getAddress('0x1000000000000000000000000000000000000001');
const HASH = `0x${'ab'.repeat(32)}` as Hex;
const log = (topics: Hex[], data: Hex = '0x'): LogRecord => ({ address: TOKEN, topics, data, blockNumber: 1n, transactionHash: HASH, logIndex: 4 });
const topics = (value: ReturnType<typeof encodeEventTopics>) => value as Hex[];

const permit2Abi = parseAbi([
  'event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration)',
  'event Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 nonce)',
]);
const weth9Abi = parseAbi(['event Deposit(address indexed dst, uint256 wad)', 'event Withdrawal(address indexed src, uint256 wad)']);
const v3PoolAbi = parseAbi(['event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)']);
const v2PairAbi = parseAbi(['event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)']);
const v4PoolManagerAbi = parseAbi(['event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)']);
const entryPointAbi = parseAbi([
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
]);
const safeAbi = parseAbi(['event ExecutionSuccess(bytes32 txHash, uint256 payment)', 'event ExecutionFailure(bytes32 txHash, uint256 payment)']);

describe('decodeKnownEvent', () => {
  it('tells ERC-20 from ERC-721 Approval by the indexed token id', () => {
    const erc20 = decodeKnownEvent(log(topics(encodeEventTopics({ abi: erc20Abi, eventName: 'Approval', args: { owner: OWNER, spender: SPENDER } })), encodeAbiParameters(parseAbiParameters('uint256'), [10n])));
    expect(erc20).toEqual({
      logIndex: 4,
      address: TOKEN,
      name: 'Approval',
      signature: 'Approval(address,address,uint256)',
      protocol: 'erc20',
      arguments: [
        { name: 'owner', type: 'address', value: OWNER },
        { name: 'spender', type: 'address', value: SPENDER },
        { name: 'value', type: 'uint256', value: '10' },
      ],
    });
    const erc721 = decodeKnownEvent(log(topics(encodeEventTopics({ abi: erc721Abi, eventName: 'Approval', args: { owner: OWNER, spender: SPENDER, tokenId: 7n } }))));
    expect(erc721).toMatchObject({ protocol: 'erc721', arguments: [{ value: OWNER }, { name: 'approved', value: SPENDER }, { name: 'tokenId', value: '7' }] });
    const forAll = decodeKnownEvent(log(topics(encodeEventTopics({ abi: erc721Abi, eventName: 'ApprovalForAll', args: { owner: OWNER, operator: SPENDER } })), encodeAbiParameters(parseAbiParameters('bool'), [true])));
    expect(forAll).toMatchObject({ name: 'ApprovalForAll', protocol: 'erc721_erc1155', arguments: [{ value: OWNER }, { value: SPENDER }, { name: 'approved', value: true }] });
  });

  it('decodes Permit2 Approval and Permit, WETH Deposit and Withdrawal', () => {
    const approval = decodeKnownEvent(
      log(topics(encodeEventTopics({ abi: permit2Abi, eventName: 'Approval', args: { owner: OWNER, token: TOKEN, spender: SPENDER } })), encodeAbiParameters(parseAbiParameters('uint160, uint48'), [5n, 1_800_000_000])),
    );
    expect(approval).toMatchObject({ protocol: 'permit2', signature: 'Approval(address,address,address,uint160,uint48)', arguments: [{}, { name: 'token', value: TOKEN }, {}, { name: 'amount', value: '5' }, { name: 'expiration', value: '1800000000' }] });
    const permit = decodeKnownEvent(
      log(topics(encodeEventTopics({ abi: permit2Abi, eventName: 'Permit', args: { owner: OWNER, token: TOKEN, spender: SPENDER } })), encodeAbiParameters(parseAbiParameters('uint160, uint48, uint48'), [5n, 1_800_000_000, 3])),
    );
    expect(permit).toMatchObject({ name: 'Permit', protocol: 'permit2', arguments: [{}, {}, {}, {}, {}, { name: 'nonce', value: '3' }] });
    const deposit = decodeKnownEvent(log(topics(encodeEventTopics({ abi: weth9Abi, eventName: 'Deposit', args: { dst: OWNER } })), encodeAbiParameters(parseAbiParameters('uint256'), [10n ** 18n])));
    expect(deposit).toMatchObject({ name: 'Deposit', protocol: 'wrapped_native', arguments: [{ name: 'dst', value: OWNER }, { name: 'wad', value: '1000000000000000000' }] });
    expect(decodeKnownEvent(log(topics(encodeEventTopics({ abi: weth9Abi, eventName: 'Withdrawal', args: { src: OWNER } })), encodeAbiParameters(parseAbiParameters('uint256'), [1n])))).toMatchObject({ name: 'Withdrawal' });
  });

  it('decodes Uniswap V2, V3 and V4 swaps with signed amounts', () => {
    const v2 = decodeKnownEvent(log(topics(encodeEventTopics({ abi: v2PairAbi, eventName: 'Swap', args: { sender: SPENDER, to: OWNER } })), encodeAbiParameters(parseAbiParameters('uint256, uint256, uint256, uint256'), [1n, 0n, 0n, 2n])));
    expect(v2).toMatchObject({ protocol: 'uniswap_v2', arguments: [{ name: 'sender' }, { name: 'amount0In', value: '1' }, {}, {}, { name: 'amount1Out', value: '2' }, { name: 'to', value: OWNER }] });
    const v3 = decodeKnownEvent(
      log(topics(encodeEventTopics({ abi: v3PoolAbi, eventName: 'Swap', args: { sender: SPENDER, recipient: OWNER } })), encodeAbiParameters(parseAbiParameters('int256, int256, uint160, uint128, int24'), [-5n, 7n, 2n ** 96n, 1000n, -12])),
    );
    expect(v3).toMatchObject({ protocol: 'uniswap_v3', arguments: [{}, {}, { name: 'amount0', value: '-5' }, { name: 'amount1', value: '7' }, {}, {}, { name: 'tick', value: '-12' }] });
    const id = `0x${'11'.repeat(32)}` as Hex;
    const v4 = decodeKnownEvent(
      log(topics(encodeEventTopics({ abi: v4PoolManagerAbi, eventName: 'Swap', args: { id, sender: SPENDER } })), encodeAbiParameters(parseAbiParameters('int128, int128, uint160, uint128, int24, uint24'), [-5n, 7n, 2n ** 96n, 1000n, 3, 500])),
    );
    expect(v4).toMatchObject({ protocol: 'uniswap_v4', arguments: [{ name: 'id', value: id }, {}, { value: '-5' }, {}, {}, {}, {}, { name: 'fee', value: '500' }] });
  });

  it('decodes ERC-4337 UserOperationEvent and Safe ExecutionSuccess/ExecutionFailure', () => {
    const userOpHash = `0x${'22'.repeat(32)}` as Hex;
    const op = decodeKnownEvent(
      log(
        topics(encodeEventTopics({ abi: entryPointAbi, eventName: 'UserOperationEvent', args: { userOpHash, sender: OWNER, paymaster: SPENDER } })),
        encodeAbiParameters(parseAbiParameters('uint256, bool, uint256, uint256'), [1n, false, 100n, 50n]),
      ),
    );
    expect(op).toMatchObject({ protocol: 'erc4337', arguments: [{ value: userOpHash }, { name: 'sender', value: OWNER }, { name: 'paymaster', value: SPENDER }, {}, { name: 'success', value: false }, {}, {}] });
    const safeTxHash = `0x${'33'.repeat(32)}` as Hex;
    const failure = decodeKnownEvent(log(topics(encodeEventTopics({ abi: safeAbi, eventName: 'ExecutionFailure' })), encodeAbiParameters(parseAbiParameters('bytes32, uint256'), [safeTxHash, 0n])));
    expect(failure).toMatchObject({ name: 'ExecutionFailure', protocol: 'safe', arguments: [{ name: 'txHash', value: safeTxHash }, { name: 'payment', value: '0' }] });
  });

  it('returns null for a transfer, an unknown event and a log whose topics do not fit', () => {
    expect(decodeKnownEvent(log(topics(encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer', args: { from: OWNER, to: SPENDER } })), encodeAbiParameters(parseAbiParameters('uint256'), [1n])))).toBeNull();
    expect(decodeKnownEvent(log([`0x${'44'.repeat(32)}`]))).toBeNull();
    expect(decodeKnownEvent(log([]))).toBeNull();
    const [depositTopic] = topics(encodeEventTopics({ abi: weth9Abi, eventName: 'Deposit', args: { dst: OWNER } }));
    expect(decodeKnownEvent(log([depositTopic!], encodeAbiParameters(parseAbiParameters('uint256'), [1n])))).toBeNull();
  });
});
