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
  'counterfeit_token_contract',
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
  'listed_threat',
  'threat_counterparty',
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

/**
 * What was done to the subject rather than by it: findings a stranger can create (unsolicited
 * transfers, spoofed events, dust, spam tokens). They never raise riskScore; docs/risk-flags.md says
 * which flag each one is the counterpart of.
 */
export const EXPOSURE_IDS = [
  'targeted_by_poisoning',
  'received_spam_tokens',
  'unsolicited_listed_contact',
  'drained_by_listed_drainer',
  'serves_listed_callers',
] as const;
export type ExposureId = (typeof EXPOSURE_IDS)[number];

export const exposureFinding = z.object({
  id: z.enum(EXPOSURE_IDS),
  title: z.string(),
  explanation: z.string(),
  evidence: z.array(riskEvidence).min(1),
  limits: z.array(z.string()),
});
export type ExposureFinding = z.infer<typeof exposureFinding>;

/** What kind of account the subject is; each type has its own rules (docs/risk-flags.md, "Subject types"). */
export const SUBJECT_TYPES = ['eoa', 'eip7702_account', 'contract', 'proxy', 'token', 'router', 'cex_like_hot_wallet'] as const;
export type SubjectTypeId = (typeof SUBJECT_TYPES)[number];

/** Each subject type in words, for summaries and pages. */
export const SUBJECT_TYPE_TEXT: Readonly<Record<SubjectTypeId, string>> = {
  eoa: 'externally owned account',
  eip7702_account: 'EIP-7702 delegated account',
  contract: 'contract',
  proxy: 'proxy contract',
  token: 'token contract',
  router: 'router or protocol contract',
  cex_like_hot_wallet: 'exchange-like hot wallet',
};

export const subjectType = z.object({
  type: z.enum(SUBJECT_TYPES),
  /** Why: the reads and counts the type rests on, in plain words. */
  reasons: z.array(z.string()).min(1),
  /** The EIP-7702 delegate of an eip7702_account. */
  delegate: checksummedAddress.nullable(),
  /** The implementation of a proxy, when readable. */
  implementation: checksummedAddress.nullable(),
  /** The dataset entry behind a router known by address. */
  label: z.string().nullable(),
  evidence: z.array(riskEvidence),
  /** Flags that do not apply to this type and were not run. */
  skippedFlags: z.array(z.enum(RISK_FLAG_IDS)),
});
export type SubjectType = z.infer<typeof subjectType>;

export const RISK_LABELS = ['low', 'guarded', 'elevated', 'high', 'severe'] as const;
export type RiskLabel = (typeof RISK_LABELS)[number];
