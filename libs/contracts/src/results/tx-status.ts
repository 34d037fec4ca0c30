import { z } from 'zod';
import { blockNumberText, checksummedAddress, transactionHashText } from '../schemas/common.js';

export const TX_STATUSES = ['success', 'reverted', 'pending', 'not_found'] as const;
export const FINALITIES = ['finalized', 'safe', 'unsafe', 'pending', 'not_found'] as const;

export const txStatusResult = z.object({
  transactionHash: transactionHashText,
  status: z.string().meta({ description: `One of ${TX_STATUSES.join(', ')}.`, examples: ['success'] }),
  blockNumber: blockNumberText.nullable(),
  confirmations: z.number().int().nonnegative().nullable(),
  finality: z.string().meta({
    examples: ['finalized'],
    description:
      'finalized: at or below the chain\'s finalized block; safe: at or below its safe block; unsafe: mined but not yet safe; pending: in the mempool; not_found: unknown to the node.',
  }),
  explorerUrl: z.string().nullable().meta({ description: 'Public explorer page; null on the devnet, which no explorer indexes.' }),
  chain: z.string(),
  from: checksummedAddress.nullable(),
  to: checksummedAddress.nullable(),
  contractCreated: checksummedAddress.nullable(),
  fee: z
    .object({ gasUsed: z.string(), effectiveGasPrice: z.string(), totalWei: z.string(), formatted: z.string(), symbol: z.string() })
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
