import { z } from 'zod';
import { blockNumberText, checksummedAddress, isoTimestamp, logIndexNumber, rawAmount, transactionHashText } from '../schemas/common.js';

const address = checksummedAddress;

const amount = z.strictObject({
  raw: rawAmount,
  formatted: z.string().nullable().meta({ description: 'The amount in whole units, full precision; null when the decimals are unknown (or for an NFT).' }),
  symbol: z.string().nullable(),
});

/** Where a method or error name came from. */
export const DECODING_SOURCES = ['contract_abi', 'selector_dataset', 'builtin', 'none'] as const;
const decodingSource = z.enum(DECODING_SOURCES).meta({
  description:
    "contract_abi: the contract was recognised (a token standard, USDC, wrapped native coin, Multicall3, Permit2) and its interface decoded the data; selector_dataset: the first four bytes matched Paysight's shipped signature data set; builtin: Solidity's Error(string) or Panic(uint256); none: not decoded.",
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
  data: z.string().nullable().meta({ description: 'Raw revert data as returned by the replay.' }),
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
      total: amount.meta({ description: 'gasUsed × effectiveGasPrice, in the native coin.' }),
    })
    .nullable()
    .meta({ description: 'Execution fee paid by the sender; null until mined. On OP-stack chains the L1 data fee is not included.' }),
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
  revert: decodedRevert.nullable().meta({ description: 'Why a reverted transaction failed, from a replay with eth_call at the previous block; null unless reverted.' }),
  summary: z.string().meta({ description: 'What happened, in one or a few plain sentences.' }),
});
export type TxDecodeResult = z.infer<typeof txDecodeResult>;
