import type { DecodedArgument, LogRecord } from '@paysight/contracts';
import { decodeEventLog, parseAbiItem, toEventSelector, type AbiEvent, type Hex } from 'viem';
import { toDecodedArguments } from './json-values.js';
import { canonicalType } from './signature.js';

/** Which standard or protocol publishes the event signature. The emitter is not checked: anyone can emit any event. */
export type EventProtocol = 'erc20' | 'erc721' | 'erc721_erc1155' | 'permit2' | 'wrapped_native' | 'uniswap_v2' | 'uniswap_v3' | 'uniswap_v4' | 'erc4337' | 'safe';

interface KnownEvent {
  item: AbiEvent;
  protocol: EventProtocol;
}

const known = (signature: string, protocol: EventProtocol): KnownEvent => ({ item: parseAbiItem(`event ${signature}`) as AbiEvent, protocol });

/**
 * Events decoded beside the token transfers (which `tokenTransfers` holds), from the standards'
 * and protocols' published interfaces. ERC-20 and ERC-721 Approval share a signature and differ
 * in whether the third field is indexed, so both are listed and the topic count decides.
 */
const KNOWN_EVENTS: readonly KnownEvent[] = [
  known('Approval(address indexed owner, address indexed spender, uint256 value)', 'erc20'),
  known('Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)', 'erc721'),
  known('ApprovalForAll(address indexed owner, address indexed operator, bool approved)', 'erc721_erc1155'),
  known('Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration)', 'permit2'),
  known('Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 nonce)', 'permit2'),
  known('Lockdown(address indexed owner, address token, address spender)', 'permit2'),
  known('NonceInvalidation(address indexed owner, address indexed token, address indexed spender, uint48 newNonce, uint48 oldNonce)', 'permit2'),
  known('UnorderedNonceInvalidation(address indexed owner, uint256 word, uint256 mask)', 'permit2'),
  known('Deposit(address indexed dst, uint256 wad)', 'wrapped_native'),
  known('Withdrawal(address indexed src, uint256 wad)', 'wrapped_native'),
  known('Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)', 'uniswap_v2'),
  known('Sync(uint112 reserve0, uint112 reserve1)', 'uniswap_v2'),
  known('Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)', 'uniswap_v3'),
  known('Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)', 'uniswap_v4'),
  known('UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)', 'erc4337'),
  known('UserOperationRevertReason(bytes32 indexed userOpHash, address indexed sender, uint256 nonce, bytes revertReason)', 'erc4337'),
  known('AccountDeployed(bytes32 indexed userOpHash, address indexed sender, address factory, address paymaster)', 'erc4337'),
  known('ExecutionSuccess(bytes32 txHash, uint256 payment)', 'safe'),
  known('ExecutionFailure(bytes32 txHash, uint256 payment)', 'safe'),
  known('ExecutionFromModuleSuccess(address indexed module)', 'safe'),
  known('ExecutionFromModuleFailure(address indexed module)', 'safe'),
];

const BY_TOPIC: ReadonlyMap<Hex, readonly KnownEvent[]> = KNOWN_EVENTS.reduce((map, event) => {
  const topic = toEventSelector(event.item);
  return map.set(topic, [...(map.get(topic) ?? []), event]);
}, new Map<Hex, KnownEvent[]>());

export interface DecodedEvent {
  logIndex: number;
  /** The contract that emitted the log. */
  address: LogRecord['address'];
  name: string;
  /** Canonical, e.g. Approval(address,address,uint256). */
  signature: string;
  protocol: EventProtocol;
  arguments: DecodedArgument[];
}

/** A log of a known event, decoded; null for any other log (or one whose topics and data do not fit). */
export function decodeKnownEvent(log: LogRecord): DecodedEvent | null {
  const [topic0] = log.topics;
  if (!topic0) return null;
  for (const { item, protocol } of BY_TOPIC.get(topic0.toLowerCase() as Hex) ?? []) {
    const indexed = item.inputs.filter((input) => input.indexed).length;
    if (log.topics.length !== indexed + 1) continue;
    try {
      const { args } = decodeEventLog({ abi: [item], topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true });
      const values = item.inputs.map((input, i) => (args as Record<string, unknown>)[input.name ?? String(i)]);
      return {
        logIndex: log.logIndex,
        address: log.address,
        name: item.name,
        signature: `${item.name}(${item.inputs.map(canonicalType).join(',')})`,
        protocol,
        arguments: toDecodedArguments(item.inputs, values),
      };
    } catch {
      continue;
    }
  }
  return null;
}
