import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const MANDATE_RECEIPT_FIT_DECISIONS = ['unverifiable', 'misfit', 'partial_fit', 'fits'] as const;
/** The card's rows, in card order. */
export const MANDATE_RECEIPT_DIMENSIONS = ['amount', 'currency', 'payee', 'item', 'time', 'presence', 'linkage'] as const;
export const MANDATE_RECEIPT_STATUSES = ['fits', 'exceeds', 'mismatch', 'not_stated', 'not_evidenced'] as const;

export const agentCommerceMandateReceiptFitCardResult = x402Result({
  decision: z.enum(MANDATE_RECEIPT_FIT_DECISIONS),
  card: z
    .array(
      z.strictObject({
        dimension: z.enum(MANDATE_RECEIPT_DIMENSIONS),
        status: z.enum(MANDATE_RECEIPT_STATUSES),
        mandate_value: z.string().nullable(),
        receipt_value: z.string().nullable(),
        note: z.string(),
        pointers: z.array(z.string()).meta({ description: 'JSON pointers of the request values the row compared.' }),
      }),
    )
    .meta({ description: 'One row per dimension, in the order amount, currency, payee, item, time, presence, linkage.' }),
  headline: z.string().max(120),
});
