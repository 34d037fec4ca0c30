import { z } from 'zod';

const amount = z.object({ raw: z.string(), formatted: z.string().nullable(), symbol: z.string().nullable() });

export const decodedArgument = z.object({
  name: z.string().nullable(),
  type: z.string(),
  /** The value as JSON-friendly data: numbers as decimal strings, bytes as hex, tuples as objects. */
  value: z.unknown(),
});

export const decodedTokenTransfer = z.object({
  standard: z.enum(['erc20', 'erc721', 'erc1155']),
  logIndex: z.number().int(),
  token: z.string(),
  symbol: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  amount,
  tokenId: z.string().nullable(),
});

export const decodedCall = z.object({
  type: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  value: amount,
  selector: z.string().nullable(),
  method: z.string().nullable(),
  depth: z.number().int(),
  reverted: z.boolean(),
});

/** tx-decode: what a transaction did, in data and in words. */
export const txDecodeResult = z.object({
  transactionHash: z.string(),
  chain: z.string(),
  status: z.enum(['success', 'reverted', 'pending', 'not_found']),
  blockNumber: z.string().nullable(),
  timestamp: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  contractCreated: z.string().nullable(),
  value: amount.nullable(),
  fee: z.object({ gasUsed: z.string(), gasLimit: z.string(), effectiveGasPrice: z.string(), total: amount }).nullable(),
  method: z
    .object({
      selector: z.string().nullable(),
      name: z.string().nullable(),
      signature: z.string().nullable(),
      /** Where the decoding came from: a known contract ABI, the shipped selector data set, or nothing. */
      source: z.enum(['contract_abi', 'selector_dataset', 'none']),
      arguments: z.array(decodedArgument),
    })
    .nullable(),
  interaction: z.object({
    kind: z.enum(['transfer', 'contract_call', 'contract_creation', 'unknown']),
    targetIsContract: z.boolean().nullable(),
    targetName: z.string().nullable(),
  }),
  tokenTransfers: z.array(decodedTokenTransfer),
  internalCalls: z.object({ available: z.boolean(), calls: z.array(decodedCall) }),
  revert: z.object({ reason: z.string().nullable(), errorName: z.string().nullable(), data: z.string().nullable() }).nullable(),
  summary: z.string(),
});
export type TxDecodeResult = z.infer<typeof txDecodeResult>;
