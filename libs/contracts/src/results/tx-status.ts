import { z } from 'zod';
import { blockNumberText, checksummedAddress, transactionHashText } from '../schemas/common.js';

export const TX_STATUSES = ['success', 'reverted', 'pending', 'replaced', 'not_found'] as const;
export const FINALITIES = ['finalized', 'safe', 'unsafe', 'pending', 'replaced', 'not_found'] as const;

export const txStatusResult = z.object({
  transactionHash: transactionHashText,
  status: z.string().meta({ description: `One of ${TX_STATUSES.join(', ')}.`, examples: ['success'] }),
  blockNumber: blockNumberText.nullable(),
  confirmations: z.number().int().nonnegative().nullable(),
  finality: z.string().meta({
    examples: ['finalized'],
    description:
      'finalized: at or below the chain\'s finalized block; safe: at or below its safe block; unsafe: mined but not yet safe; pending: in the mempool; replaced: known but never to be mined, because the sender\'s nonce is already used by a mined transaction; not_found: unknown to the node.',
  }),
  finalityRule: z.string().meta({ description: "How this chain's finality is judged (from the node's safe and finalized block tags), in words." }),
  nonceCheck: z
    .object({
      transactionNonce: z.number().int().nonnegative(),
      senderMinedNonce: z.number().int().nonnegative().meta({ description: "The sender's transaction count at the head: the nonce its next mined transaction must use." }),
      verdict: z.enum(['next_in_line', 'waiting_for_earlier_nonces', 'nonce_already_used']),
    })
    .nullable()
    .meta({ description: "For a transaction the node knows but has not mined: its nonce against the sender's; null otherwise." }),
  explorerUrl: z.string().nullable().meta({ description: 'Public explorer page; null on the devnet, which no explorer indexes.' }),
  chain: z.string(),
  from: checksummedAddress.nullable(),
  to: checksummedAddress.nullable(),
  contractCreated: checksummedAddress.nullable(),
  fee: z
    .object({
      gasUsed: z.string(),
      effectiveGasPrice: z.string(),
      l1DataFeeWei: z.string().nullable().meta({ description: "OP-stack chains: the receipt's l1Fee; null elsewhere or when the receipt lacks it." }),
      totalWei: z.string().meta({ description: 'gasUsed × effectiveGasPrice, plus the L1 data fee where there is one.' }),
      formatted: z.string(),
      symbol: z.string(),
    })
    .nullable()
    .meta({ description: 'Fee paid by the sender; null until mined.' }),
  method: z
    .object({
      selector: z.string().nullable().meta({ description: 'First four bytes of the input; null for a plain transfer or a creation.' }),
      kind: z.enum(['transfer', 'contract_call', 'contract_creation']),
      name: z.string().nullable().meta({ description: "Method name from Paysight's shipped signature data set; null when the selector is not in it." }),
      signature: z.string().nullable().meta({ description: 'Canonical signature from the data set, e.g. transfer(address,uint256); tx_decode decodes the arguments.' }),
    })
    .nullable()
    .meta({ description: 'null for an unknown hash.' }),
});

export type TxStatusResult = z.infer<typeof txStatusResult>;
