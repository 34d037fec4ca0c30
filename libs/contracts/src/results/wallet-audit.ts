import { z } from 'zod';
import { blockNumberText, checksummedAddress, confidence, dataSourceStatus, isoTimestamp, logIndexNumber, transactionHashText } from '../schemas/common.js';
import { REPORT_TYPES } from '../schemas/wallet.js';
import { nftHolding, tokenHolding } from './wallet-snapshot.js';
import { exposureFinding, RISK_LABELS, riskFlag, subjectType } from './risk.js';
import { approvalsSection } from './approvals.js';

/** Exactly one of four provenance variants; no other properties. */
export const generation = z.discriminatedUnion('aiStatus', [
  z.strictObject({ mode: z.literal('ai_assisted'), aiStatus: z.literal('succeeded') }),
  z.strictObject({ mode: z.literal('deterministic'), aiStatus: z.literal('not_attempted'), reason: z.literal('not_configured') }),
  z.strictObject({ mode: z.literal('deterministic'), aiStatus: z.literal('failed'), reason: z.enum(['provider_error', 'timeout', 'invalid_response']) }),
  z.strictObject({ mode: z.literal('unknown'), aiStatus: z.literal('unknown'), reason: z.literal('provenance_not_recorded') }),
]);
export type Generation = z.infer<typeof generation>;

const address = checksummedAddress;

/** A movement of value to or from the wallet. */
export const flow = z.object({
  transactionHash: transactionHashText,
  blockNumber: blockNumberText,
  timestamp: isoTimestamp.nullable(),
  /** The token transfer's log; null for native and internal transfers. */
  logIndex: logIndexNumber.nullable(),
  direction: z.enum(['in', 'out', 'self']),
  kind: z.enum(['native', 'internal', 'erc20', 'erc721', 'erc1155']),
  asset: z.object({ address: address.nullable(), symbol: z.string().nullable() }),
  /** Raw amount; 1 for an ERC-721 item. */
  amount: z.string(),
  tokenId: z.string().nullable(),
  formatted: z.string().nullable(),
  counterparty: address,
  /** Ids of the risk flags this flow is evidence for. */
  flags: z.array(z.string()),
});
export type Flow = z.infer<typeof flow>;

export const counterparty = z.object({
  address,
  /** What the address is known as (dataset label), if anything. */
  label: z.string().nullable(),
  kind: z.enum(['eoa', 'contract', 'delegated_eoa', 'unknown']),
  interactions: z.number().int().nonnegative(),
  firstSeen: isoTimestamp.nullable(),
  lastSeen: isoTimestamp.nullable(),
  nativeIn: z.string(),
  nativeOut: z.string(),
  stablecoinInUsd: z.string(),
  stablecoinOutUsd: z.string(),
  flags: z.array(z.string()),
});
export type Counterparty = z.infer<typeof counterparty>;

/** Content that depends on reportType: a short, titled list of findings for that purpose. */
export const reportSection = z.object({
  reportType: z.enum(REPORT_TYPES),
  title: z.string(),
  findings: z.array(z.object({ label: z.string(), value: z.string(), note: z.string().nullable() })),
});
export type ReportSection = z.infer<typeof reportSection>;

export const aiSection = z.object({ title: z.string(), text: z.string() });
export type AiSection = z.infer<typeof aiSection>;

export const walletAuditResult = z.object({
  riskScore: z.number().int().min(0).max(100),
  riskLabel: z.enum(RISK_LABELS),
  summary: z.string(),
  recentFlows: z.array(flow),
  topCounterparties: z.array(counterparty),
  tokenExposure: z.array(tokenHolding),
  nftExposure: z.array(nftHolding),
  confidence,
  dataSourceStatus,
  dataNotes: z.array(z.string()),
  limitations: z.array(z.string()),
  recommendedNextAction: z.string(),
  generation,
  savedReportUrl: z.string().nullable(),
  /** Every flag raised, with its weight and evidence; riskScore is derived from these. */
  riskFlags: z.array(riskFlag),
  /** What was done to the wallet (unsolicited, spoofed, dust, spam): reported with evidence, never scored. */
  exposureFindings: z.array(exposureFinding),
  /** What kind of account the subject is, and why; the rules that apply depend on it. */
  subjectType,
  reportSection,
  /** Live ERC-20, ERC-721, operator and Permit2 approvals with spender reputation and the amount at risk (docs/risk-flags.md). */
  approvals: approvalsSection,
  /** Validated AI sections; present only when generation.mode is ai_assisted. */
  aiSections: z.array(aiSection).optional(),
});
export type WalletAuditResult = z.infer<typeof walletAuditResult>;
