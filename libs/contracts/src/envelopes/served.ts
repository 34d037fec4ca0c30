import { z } from 'zod';
import { PAYMENT } from '../x402.js';

/** How a paid call was settled: added by the serving layer, never by an analyzer. */
export const settlementSchema = z.object({
  transaction: z.string().nullable().meta({ description: 'Hash of the USDC transfer that settled the payment; null only when reconciliation saw the authorization used but not its log.' }),
  network: z.literal(PAYMENT.network),
  payer: z.string(),
});
export type SettlementRecord = z.infer<typeof settlementSchema>;

/**
 * What the serving layer puts in `metadata` of every paid answer, next to the tool's own metadata
 * (dataSourceStatus, dataNotes, limitations, ...): the identifiers of the call and its settlement.
 */
export const servedMetadata = z.looseObject({
  requestId: z.string(),
  x402RequestId: z.string(),
  generatedAt: z.iso.datetime(),
  settlement: settlementSchema.optional(),
});
