import { z } from 'zod';
import { blockNumberText, checksummedAddress, logIndexNumber, transactionHashText } from '../schemas/common.js';

/**
 * The risk flags of the wallet tools. Each flag's meaning, weight, evidence and limits are
 * documented in docs/risk-flags.md; the detectors live in @paysight/tools (src/risk).
 */
export const RISK_FLAG_IDS = [
  'fresh_wallet',
  'address_poisoning',
  'fake_token',
  'unlimited_approval',
  'unlimited_approval_to_eoa',
  'approval_to_threat',
  'stale_approval',
  'eip7702_sweeper_delegation',
  'eip7702_unrecognized_delegation',
  'eip7702_smart_account_delegation',
  'sanctioned_counterparty',
  'mixer_interaction',
  'funding_concentration',
  'wash_trading',
] as const;
export type RiskFlagId = (typeof RISK_FLAG_IDS)[number];

export const RISK_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;

/** One piece of on-chain (or dataset) evidence behind a flag, precise enough to check independently. */
export const riskEvidence = z.object({
  kind: z.enum(['transaction', 'log', 'address', 'contract_code', 'contract_state', 'dataset']),
  transactionHash: transactionHashText.optional(),
  logIndex: logIndexNumber.optional(),
  blockNumber: blockNumberText.optional(),
  address: checksummedAddress.optional(),
  /** The shipped dataset entry behind a dataset match: which file, which entry, how old. */
  dataset: z.object({ id: z.string(), entry: z.string(), snapshotDate: z.string() }).optional(),
  detail: z.string(),
});
export type RiskEvidence = z.infer<typeof riskEvidence>;

export const riskFlag = z.object({
  id: z.enum(RISK_FLAG_IDS),
  title: z.string(),
  severity: z.enum(RISK_SEVERITIES),
  /** What this flag adds to the risk score (see docs/risk-flags.md for the formula). */
  weight: z.number().min(0).max(100),
  explanation: z.string(),
  evidence: z.array(riskEvidence).min(1),
  /** What the detector could not see or rule out. */
  limits: z.array(z.string()),
});
export type RiskFlag = z.infer<typeof riskFlag>;

export const RISK_LABELS = ['low', 'guarded', 'elevated', 'high', 'severe'] as const;
export type RiskLabel = (typeof RISK_LABELS)[number];
