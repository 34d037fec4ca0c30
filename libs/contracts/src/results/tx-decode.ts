import { z } from 'zod';
import { blockNumberText, checksummedAddress, isoTimestamp, logIndexNumber, rawAmount, transactionHashText } from '../schemas/common.js';

const address = checksummedAddress;

const amount = z.strictObject({
  raw: rawAmount,
  formatted: z.string().nullable().meta({ description: 'The amount in whole units, full precision; null when the decimals are unknown (or for an NFT).' }),
  symbol: z.string().nullable(),
});

/** Where a method or error name came from. */
export const DECODING_SOURCES = ['contract_abi', 'verified_abi', 'selector_dataset', 'builtin', 'none'] as const;
const decodingSource = z.enum(DECODING_SOURCES).meta({
  description:
    "contract_abi: the contract was recognised (a token standard, USDC, wrapped native coin, Multicall3, Permit2) and its interface decoded the data; verified_abi: the recipient's verified ABI from the configured block explorer decoded it; selector_dataset: the first four bytes matched Paysight's shipped signature data set; builtin: Solidity's Error(string) or Panic(uint256); none: not decoded.",
});

export const decodedArgument = z.strictObject({
  name: z.string().nullable(),
  type: z.string().meta({ description: 'Canonical ABI type, tuples written out: (address,uint256)[].' }),
  value: z.unknown().meta({
    description: 'JSON-friendly value: integers as decimal strings, addresses checksummed, bytes as 0x hex, tuples as objects keyed by component name, arrays as arrays.',
  }),
});
export type DecodedArgument = z.infer<typeof decodedArgument>;

export const decodedMethod = z.strictObject({
  selector: z.string().nullable().meta({ description: 'First four bytes of the input; null when the input is shorter.' }),
  name: z.string().nullable(),
  signature: z.string().nullable().meta({ description: 'Canonical signature, e.g. transfer(address,uint256).' }),
  source: decodingSource,
  arguments: z.array(decodedArgument).meta({ description: 'Empty when the input does not fit the signature (see metadata.limitations).' }),
  alternatives: z.array(z.string()).meta({ description: 'Other data set signatures with the same selector that also decode this input.' }),
});

export const decodedTokenTransfer = z.strictObject({
  standard: z.enum(['erc20', 'erc721', 'erc1155']),
  logIndex: logIndexNumber,
  token: address,
  symbol: z.string().nullable(),
  from: address,
  to: address,
  amount: amount.meta({ description: 'For ERC-721 the number of items (1).' }),
  tokenId: z.string().nullable().meta({ description: 'Decimal token id of an NFT; null for ERC-20.' }),
});

export const CALL_FRAME_TYPES = ['CALL', 'STATICCALL', 'DELEGATECALL', 'CALLCODE', 'CREATE', 'CREATE2', 'SELFDESTRUCT'] as const;

export const decodedCall = z.strictObject({
  type: z.enum(CALL_FRAME_TYPES),
  from: address,
  to: address.nullable().meta({ description: 'null when a creation failed.' }),
  value: amount.meta({ description: 'Native coin sent with the call.' }),
  selector: z.string().nullable(),
  method: z.string().nullable().meta({ description: 'Method name, from a recognised contract or the data set.' }),
  signature: z.string().nullable(),
  depth: z.number().int().min(1).meta({ description: '1 for calls made by the transaction target, 2 for theirs, and so on.' }),
  reverted: z.boolean(),
});

export const NESTED_CALL_VIAS = ['multicall', 'self_multicall', 'safe_transaction', 'safe_multisend', 'user_operation', 'account_execute', 'universal_router'] as const;
export const NESTED_CALL_OPERATIONS = ['call', 'delegatecall', 'user_operation', 'router_command'] as const;

export const decodedNestedCall = z.strictObject({
  path: z.string().meta({ description: 'Position from the transaction\'s own call: "1" is the second call it carries, "1.0" the first call inside that one.' }),
  depth: z.number().int().min(1),
  via: z.enum(NESTED_CALL_VIAS).meta({
    description:
      'multicall: Multicall/Multicall2/Multicall3 aggregate*; self_multicall: multicall(bytes[]) and its deadline/blockhash forms, delegatecalled on the contract itself; safe_transaction: Safe execTransaction; safe_multisend: a MultiSend batch; user_operation: an ERC-4337 EntryPoint handleOps operation; account_execute: a smart account\'s execute/executeBatch (incl. ERC-7579 and the Safe 4337 module); universal_router: a Uniswap Universal Router command.',
  }),
  operation: z.enum(NESTED_CALL_OPERATIONS),
  from: address.nullable().meta({ description: 'The account that makes the call (for a delegatecall, the account whose code delegates); the EntryPoint for a user operation.' }),
  to: address.nullable().meta({ description: 'The called address; the account for a user operation; null for a router command.' }),
  value: amount.nullable().meta({ description: 'Native coin sent with the call; null where the carrier does not say (user operations, delegatecalls, router commands).' }),
  allowFailure: z.boolean().nullable().meta({ description: 'Whether the carrier lets this call fail without failing the rest (Multicall3 allowFailure, tryAggregate, the router\'s allow-revert flag); null when it has no such flag.' }),
  method: decodedMethod.nullable().meta({ description: 'The carried call data decoded; null for a router command or empty call data.' }),
  command: z
    .strictObject({
      byte: z.string().meta({ description: 'The command byte as sent, e.g. 0x8a.' }),
      name: z.string().nullable().meta({ description: 'From the command table (0x00–0x0e and 0x21); null for codes whose meaning depends on the router version.' }),
      allowRevert: z.boolean(),
      arguments: z.array(decodedArgument),
      input: z.string().nullable().meta({ description: 'The raw input when its arguments are not decoded.' }),
    })
    .nullable()
    .meta({ description: 'A Universal Router command; null otherwise.' }),
});

export const EVENT_PROTOCOLS = ['erc20', 'erc721', 'erc721_erc1155', 'permit2', 'wrapped_native', 'uniswap_v2', 'uniswap_v3', 'uniswap_v4', 'erc4337', 'safe'] as const;

export const decodedEvent = z.strictObject({
  logIndex: logIndexNumber,
  address: address.meta({ description: 'The contract that emitted the log.' }),
  contractName: z.string().nullable().meta({ description: 'Name of the emitter when it was recognised.' }),
  name: z.string(),
  signature: z.string(),
  protocol: z.enum(EVENT_PROTOCOLS).meta({ description: 'Whose published interface the event signature comes from; anyone can emit it, so check the emitter.' }),
  arguments: z.array(decodedArgument),
});

export const REVERT_KINDS = ['reason', 'panic', 'custom_error', 'unknown_error', 'no_data', 'not_reproduced', 'unavailable'] as const;

export const decodedRevert = z.strictObject({
  kind: z.enum(REVERT_KINDS).meta({
    description:
      'reason: Error(string); panic: Panic(uint256); custom_error: a named custom error; unknown_error: revert data whose selector is not known; no_data: the replay reverted without data; not_reproduced: the replay at the previous block did not revert; unavailable: the replay could not be run.',
  }),
  reason: z.string().nullable().meta({ description: 'The revert in words: the reason string, the panic meaning, or the custom error with its arguments.' }),
  errorName: z.string().nullable(),
  signature: z.string().nullable(),
  source: decodingSource,
  arguments: z.array(decodedArgument),
  data: z.string().nullable().meta({ description: 'Raw revert data as the trace or the replay returned it.' }),
  origin: z.enum(['trace', 'replay']).nullable().meta({ description: "trace: the revert data of the transaction's own call frame in the node's execution trace; replay: an eth_call replay at the previous block; null when neither gave it." }),
});

export const TX_INTERACTION_KINDS = ['transfer', 'contract_call', 'contract_creation', 'unknown'] as const;
export const RECOGNISED_CONTRACTS = ['usdc', 'wrapped_native', 'multicall3', 'permit2', 'erc20', 'erc721', 'erc1155'] as const;

/** tx-decode: what a transaction did, in data and in words. */
export const txDecodeResult = z.strictObject({
  transactionHash: transactionHashText,
  chain: z.string(),
  status: z.enum(['success', 'reverted', 'pending', 'not_found']).meta({
    description: 'pending: known to the node but not mined; not_found: unknown to this chain\'s node.',
  }),
  blockNumber: blockNumberText.nullable(),
  timestamp: isoTimestamp.nullable().meta({ description: 'Block time (ISO 8601); null until mined.' }),
  from: address.nullable(),
  to: address.nullable().meta({ description: 'null for a contract creation (and an unknown hash).' }),
  contractCreated: address.nullable(),
  value: amount.nullable().meta({ description: 'Native coin sent by the transaction.' }),
  fee: z
    .strictObject({
      gasUsed: z.string(),
      gasLimit: z.string().nullable().meta({ description: 'null when the node returned the receipt but not the transaction.' }),
      effectiveGasPrice: z.string().meta({ description: 'Wei per gas.' }),
      l1DataFee: amount.nullable().meta({ description: 'OP-stack chains (Base, OP Mainnet): the L1 data fee from the receipt (l1Fee); null on other chains or when the receipt does not carry it.' }),
      total: amount.meta({ description: 'gasUsed × effectiveGasPrice, plus l1DataFee where there is one, in the native coin.' }),
    })
    .nullable()
    .meta({ description: 'Fee paid by the sender; null until mined.' }),
  method: decodedMethod.nullable().meta({ description: 'null for a plain transfer (empty input), a contract creation and an unknown hash.' }),
  interaction: z.strictObject({
    kind: z.enum(TX_INTERACTION_KINDS).meta({
      description: 'transfer: empty input; contract_call: input sent to an address; contract_creation: no recipient; unknown: hash not found.',
    }),
    targetIsContract: z.boolean().nullable().meta({ description: 'Whether the recipient has code (a contract or an EIP-7702 delegated account); null when not read.' }),
    targetAccountType: z.enum(['eoa', 'contract', 'delegated_eoa']).nullable(),
    targetName: z.string().nullable().meta({ description: 'Name of a recognised contract, e.g. "USD Coin (USDC)".' }),
    recognisedAs: z.enum(RECOGNISED_CONTRACTS).nullable().meta({ description: 'Which known interface the recipient was recognised as.' }),
    proxyImplementation: address.nullable().meta({ description: 'The contract a proxy recipient delegated this call to, seen in the call frames.' }),
    delegatedTo: address.nullable().meta({ description: 'EIP-7702 delegation target of a delegated_eoa recipient (code read at the latest block).' }),
  }),
  tokenTransfers: z.array(decodedTokenTransfer).meta({ description: 'ERC-20, ERC-721 and ERC-1155 transfers decoded from the receipt logs, in log order.' }),
  internalCalls: z.strictObject({
    available: z.boolean().meta({ description: 'false when the node offers no execution traces (see metadata.limitations).' }),
    calls: z.array(decodedCall).meta({ description: 'Calls made during execution, in execution order (capped; see metadata.limitations).' }),
  }),
  nestedCalls: z.array(decodedNestedCall).meta({
    description: 'Calls carried inside the input (Multicall, Safe, MultiSend, ERC-4337 handleOps and account execute, Universal Router commands), depth first, at most 4 levels and 100 calls (see metadata.limitations). Read from the input as sent; what ran is in internalCalls.',
  }),
  events: z.array(decodedEvent).meta({ description: 'Known non-transfer events of the receipt (approvals, Permit2, wrapped-coin deposits and withdrawals, Uniswap swaps, ERC-4337 and Safe execution events), in log order (capped).' }),
  revert: decodedRevert.nullable().meta({ description: "Why a reverted transaction failed, from the node's trace where it gives the revert data, else from a replay with eth_call at the previous block; null unless reverted." }),
  summary: z.string().meta({ description: 'What happened, in one or a few plain sentences.' }),
});
export type TxDecodeResult = z.infer<typeof txDecodeResult>;
