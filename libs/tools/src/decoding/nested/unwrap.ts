import { decodeFunctionData, getAddress, parseAbiItem, sliceHex, toFunctionSelector, type AbiFunction, type Address, type Hex } from 'viem';
import { decodeErc7579Execution, decodeMultiSend, type PackedCall } from './packed-calls.js';
import { decodeRouterCommand, routerPlan, type RouterCommand } from './universal-router.js';

/** How a nested call was carried. */
export type NestedVia = 'multicall' | 'self_multicall' | 'safe_transaction' | 'safe_multisend' | 'user_operation' | 'account_execute' | 'universal_router';
export type NestedOperation = 'call' | 'delegatecall' | 'user_operation' | 'router_command';

/** Bounds on unwrapping, so a hostile or huge batch stays one modest answer. */
export const NESTED_LIMITS = { depth: 4, calls: 100 } as const;

export interface NestedCall {
  /** Position from the transaction's own call: "1" is its second inner call, "1.0" the first call inside that. */
  path: string;
  /** 1 for calls carried by the transaction's own input, 2 for calls carried by those, and so on. */
  depth: number;
  via: NestedVia;
  operation: NestedOperation;
  /** The account that makes the call (for a delegatecall, the account whose code delegates); null when not known. */
  from: Address | null;
  /** Called address; the account for a user operation; null for a router command. */
  to: Address | null;
  value: bigint | null;
  /** Whether the batch lets this call fail without failing the rest; null when the batch has no such flag. */
  allowFailure: boolean | null;
  input: Hex | null;
  command: RouterCommand | null;
}

export interface UnwrappedCalls {
  calls: NestedCall[];
  /** True when more calls were carried than NESTED_LIMITS.calls. */
  callsCapped: boolean;
  /** True when a call at NESTED_LIMITS.depth carried further calls that were not opened. */
  depthCapped: boolean;
}

type Child = Omit<NestedCall, 'path' | 'depth' | 'via'>;

/** Where a call's code runs: the account whose context executes it, and the address whose code is called. */
interface Site {
  executor: Address | null;
  to: Address | null;
  input: Hex;
}

interface Rule {
  item: AbiFunction;
  via: NestedVia;
  children: (args: readonly unknown[], site: Site) => Child[] | null;
}

const call = (from: Address | null, to: Address, input: Hex, value: bigint | null, allowFailure: boolean | null = null): Child => ({
  operation: 'call',
  from,
  to: getAddress(to),
  value,
  allowFailure,
  input,
  command: null,
});

const packed = (from: Address | null, calls: PackedCall[] | null): Child[] | null =>
  calls && calls.map((c) => ({ ...call(from, c.to, c.data, c.value), operation: c.operation }));

const routerCommands = (from: Address | null, commands: Hex, inputs: readonly Hex[]): Child[] =>
  routerPlan(commands, inputs).map(({ byte, input }) => {
    const command = decodeRouterCommand(byte, input);
    return { operation: 'router_command', from, to: null, value: null, allowFailure: command.allowRevert, input: null, command };
  });

type Target = { target: Address; callData: Hex; allowFailure?: boolean; value?: bigint };
// Only aggregate3Value sends value with its calls.
const multicallChildren = (list: readonly Target[], site: Site) => list.map((c) => call(site.to, c.target, c.callData, c.value ?? 0n, c.allowFailure ?? null));
const selfMulticall = (data: readonly Hex[], site: Site): Child[] | null =>
  site.to && data.map((input) => ({ ...call(site.executor, site.to!, input, null), operation: 'delegatecall' as const }));
type UserOperation = { sender: Address; callData: Hex };

/** Safe's (to, value, data, operation) call: operation 1 is a delegatecall. Made by the Safe itself, or by the account the 4337 module runs in. */
const safeOperation =
  (maker: 'to' | 'executor'): Rule['children'] =>
  ([to, value, data, operation], site) => [{ ...call(site[maker], to as Address, data as Hex, value as bigint), operation: operation === 1 ? 'delegatecall' : 'call' }];

const rule = (signature: string, via: NestedVia, children: Rule['children']): Rule => ({ item: parseAbiItem(`function ${signature}`) as AbiFunction, via, children });

/** Every call-carrying entry point, by the ABI its contract publishes. */
const RULES: readonly Rule[] = [
  // Multicall, Multicall2 and Multicall3: each call is made by the multicall contract.
  rule('aggregate((address target, bytes callData)[] calls)', 'multicall', ([calls], site) => multicallChildren(calls as Target[], site)),
  rule('tryAggregate(bool requireSuccess, (address target, bytes callData)[] calls)', 'multicall', ([requireSuccess, calls], site) =>
    multicallChildren((calls as Target[]).map((c) => ({ ...c, allowFailure: !requireSuccess })), site),
  ),
  rule('blockAndAggregate((address target, bytes callData)[] calls)', 'multicall', ([calls], site) => multicallChildren(calls as Target[], site)),
  rule('tryBlockAndAggregate(bool requireSuccess, (address target, bytes callData)[] calls)', 'multicall', ([requireSuccess, calls], site) =>
    multicallChildren((calls as Target[]).map((c) => ({ ...c, allowFailure: !requireSuccess })), site),
  ),
  rule('aggregate3((address target, bool allowFailure, bytes callData)[] calls)', 'multicall', ([calls], site) => multicallChildren(calls as Target[], site)),
  rule('aggregate3Value((address target, bool allowFailure, uint256 value, bytes callData)[] calls)', 'multicall', ([calls], site) => multicallChildren(calls as Target[], site)),
  // Uniswap's routers and position managers (and many contracts since): each item is delegatecalled on the contract itself.
  rule('multicall(bytes[] data)', 'self_multicall', ([data], site) => selfMulticall(data as Hex[], site)),
  rule('multicall(uint256 deadline, bytes[] data)', 'self_multicall', ([, data], site) => selfMulticall(data as Hex[], site)),
  rule('multicall(bytes32 previousBlockhash, bytes[] data)', 'self_multicall', ([, data], site) => selfMulticall(data as Hex[], site)),
  // Safe: operation 0 is a call, 1 a delegatecall, made by the Safe.
  rule(
    'execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures)',
    'safe_transaction',
    safeOperation('to'),
  ),
  // Safe's MultiSend and MultiSendCallOnly: delegatecalled by a Safe, the calls are the Safe's own.
  rule('multiSend(bytes transactions)', 'safe_multisend', ([transactions], site) => packed(site.executor, decodeMultiSend(transactions as Hex))),
  // ERC-4337 EntryPoint v0.6 (UserOperation) and v0.7 (PackedUserOperation): each operation runs its call data on its account.
  rule(
    'handleOps((address sender, uint256 nonce, bytes initCode, bytes callData, uint256 callGasLimit, uint256 verificationGasLimit, uint256 preVerificationGas, uint256 maxFeePerGas, uint256 maxPriorityFeePerGas, bytes paymasterAndData, bytes signature)[] ops, address beneficiary)',
    'user_operation',
    ([ops], site) => userOperations(ops as UserOperation[], site),
  ),
  rule(
    'handleOps((address sender, uint256 nonce, bytes initCode, bytes callData, bytes32 accountGasLimits, uint256 preVerificationGas, bytes32 gasFees, bytes paymasterAndData, bytes signature)[] ops, address beneficiary)',
    'user_operation',
    ([ops], site) => userOperations(ops as UserOperation[], site),
  ),
  // Smart accounts: the account makes the calls.
  rule('execute(address dest, uint256 value, bytes func)', 'account_execute', ([dest, value, func], site) => [call(site.executor, dest as Address, func as Hex, value as bigint)]),
  rule('executeBatch(address[] dest, bytes[] func)', 'account_execute', ([dest, func], site) => batch(site, dest as Address[], func as Hex[], null)),
  rule('executeBatch(address[] dest, uint256[] value, bytes[] func)', 'account_execute', ([dest, value, func], site) => batch(site, dest as Address[], func as Hex[], value as bigint[])),
  rule('executeBatch((address target, uint256 value, bytes data)[] calls)', 'account_execute', ([calls], site) =>
    (calls as { target: Address; value: bigint; data: Hex }[]).map((c) => call(site.executor, c.target, c.data, c.value)),
  ),
  rule('execute(bytes32 mode, bytes executionCalldata)', 'account_execute', ([mode, calldata], site) => packed(site.executor, decodeErc7579Execution(mode as Hex, calldata as Hex))),
  rule('executeUserOp(address to, uint256 value, bytes data, uint8 operation)', 'account_execute', safeOperation('executor')),
  rule('executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)', 'account_execute', safeOperation('executor')),
  // Uniswap Universal Router: a plan of one-byte commands, each with its abi-encoded input.
  rule('execute(bytes commands, bytes[] inputs, uint256 deadline)', 'universal_router', ([commands, inputs], site) => routerCommands(site.to, commands as Hex, inputs as Hex[])),
  rule('execute(bytes commands, bytes[] inputs)', 'universal_router', ([commands, inputs], site) => routerCommands(site.to, commands as Hex, inputs as Hex[])),
];

function userOperations(ops: readonly UserOperation[], site: Site): Child[] {
  return ops.map((op) => ({ ...call(site.to, op.sender, op.callData, null), operation: 'user_operation' }));
}

function batch(site: Site, dest: readonly Address[], func: readonly Hex[], value: readonly bigint[] | null): Child[] | null {
  if (dest.length !== func.length || (value && value.length !== dest.length)) return null;
  return dest.map((to, i) => call(site.executor, to, func[i]!, value ? value[i]! : 0n));
}

const RULES_BY_SELECTOR: ReadonlyMap<Hex, Rule> = new Map(RULES.map((r) => [toFunctionSelector(r.item), r]));

/** The selectors whose call data this module opens, for the documentation and tests. */
export const UNWRAPPED_SELECTORS: readonly Hex[] = [...RULES_BY_SELECTOR.keys()];

function childrenOf(site: Site): { via: NestedVia; children: Child[] } | null {
  if (site.input.length < 10) return null;
  const found = RULES_BY_SELECTOR.get(sliceHex(site.input, 0, 4).toLowerCase() as Hex);
  if (!found) return null;
  try {
    const { args = [] } = decodeFunctionData({ abi: [found.item], data: site.input });
    const children = found.children(args, site);
    return children ? { via: found.via, children } : null;
  } catch {
    return null;
  }
}

/**
 * The calls carried inside a call's input (Multicall batches, Safe transactions and MultiSend
 * batches, ERC-4337 user operations and the accounts' execute calls, Universal Router commands),
 * flattened depth first with their paths, within NESTED_LIMITS. The input is read as sent: what ran
 * is in the trace, and a carried call may have failed (see allowFailure).
 */
export function unwrapCalls(top: { to: Address | null; input: Hex }): UnwrappedCalls {
  const out: UnwrappedCalls = { calls: [], callsCapped: false, depthCapped: false };

  const visit = (via: NestedVia, children: readonly Child[], depth: number, prefix: string): void => {
    for (const [i, child] of children.entries()) {
      if (out.calls.length >= NESTED_LIMITS.calls) {
        out.callsCapped = true;
        return;
      }
      const path = `${prefix}${i}`;
      out.calls.push({ ...child, path, depth, via });
      const inner = innerOf(child);
      if (!inner) continue;
      if (depth >= NESTED_LIMITS.depth) out.depthCapped = true;
      else visit(inner.via, inner.children, depth + 1, `${path}.`);
    }
  };

  const topLevel = top.to ? childrenOf({ executor: top.to, to: top.to, input: top.input }) : null;
  if (topLevel) visit(topLevel.via, topLevel.children, 1, '');
  return out;
}

function innerOf(child: Child): { via: NestedVia; children: Child[] } | null {
  const plan = child.command?.subPlan;
  if (plan) return { via: 'universal_router', children: routerCommands(child.from, plan.commands, plan.inputs) };
  if (!child.input || !child.to) return null;
  const executor = child.operation === 'delegatecall' ? child.from : child.to;
  return childrenOf({ executor, to: child.to, input: child.input });
}
