import { z } from 'zod';
import { confidence, dataSourceStatus } from '../schemas/common.js';

/** Exactly one of four provenance variants; no other properties. */
export const generation = z.discriminatedUnion('aiStatus', [
  z.strictObject({ mode: z.literal('ai_assisted'), aiStatus: z.literal('succeeded') }),
  z.strictObject({ mode: z.literal('deterministic'), aiStatus: z.literal('not_attempted'), reason: z.literal('not_configured') }),
  z.strictObject({ mode: z.literal('deterministic'), aiStatus: z.literal('failed'), reason: z.enum(['provider_error', 'timeout', 'invalid_response']) }),
  z.strictObject({ mode: z.literal('unknown'), aiStatus: z.literal('unknown'), reason: z.literal('provenance_not_recorded') }),
]);
export type Generation = z.infer<typeof generation>;

export const walletAuditResult = z.object({
  riskScore: z.number().min(0).max(100),
  riskLabel: z.string(),
  summary: z.string(),
  recentFlows: z.array(z.record(z.string(), z.unknown())),
  topCounterparties: z.array(z.record(z.string(), z.unknown())),
  tokenExposure: z.array(z.record(z.string(), z.unknown())),
  nftExposure: z.array(z.record(z.string(), z.unknown())),
  confidence,
  dataSourceStatus,
  dataNotes: z.array(z.string()),
  limitations: z.array(z.string()),
  recommendedNextAction: z.string(),
  generation,
  savedReportUrl: z.string().nullable(),
});
export type WalletAuditResult = z.infer<typeof walletAuditResult>;
