import { z } from 'zod';
import { chainIdNumber, checksummedAddress, confidence, dataSourceStatus, isoTimestamp, tokenDecimals } from '../schemas/common.js';
import { CHAIN_NAMES } from '../chains.js';
import { REPORT_TYPES } from '../schemas/wallet.js';
import { aiSection, counterparty, flow, generation, reportSection } from './wallet-audit.js';
import { nftHolding, tokenHolding } from './wallet-snapshot.js';
import { exposureFinding, RISK_LABELS, riskFlag, subjectType } from './risk.js';

const utcDay = z.string().meta({ description: 'UTC day, YYYY-MM-DD.', examples: ['2026-01-15'] });

/** One day of a wallet's history: what came in and went out, and the balance at the end of the day. */
export const timelinePoint = z.object({
  date: utcDay,
  transactions: z.number().int().nonnegative(),
  nativeIn: z.string(),
  nativeOut: z.string(),
  /** Native balance at the end of the day (wei), reconstructed backwards from the current balance. */
  nativeBalance: z.string(),
  stablecoinInUsd: z.string(),
  stablecoinOutUsd: z.string(),
});

/** The report behind deep-wallet-report and saved-report, and the document a saved-report page renders. */
export const walletReport = z.object({
  kind: z.literal('wallet_report'),
  version: z.literal(1),
  subject: z.object({ address: checksummedAddress, chain: z.enum(CHAIN_NAMES), chainId: chainIdNumber, accountType: z.string() }),
  generatedAt: isoTimestamp,
  depth: z.enum(['basic', 'deep']),
  reportType: z.enum(REPORT_TYPES),
  summary: z.string(),
  riskScore: z.number().int().min(0).max(100),
  riskLabel: z.enum(RISK_LABELS),
  riskFlags: z.array(riskFlag),
  /** Absent in reports saved before subject types and exposure existed; such reports still render. */
  exposureFindings: z.array(exposureFinding).optional(),
  subjectType: subjectType.optional(),
  timeline: z.object({
    from: utcDay.nullable(),
    to: utcDay.nullable(),
    nativeSymbol: z.string(),
    nativeDecimals: tokenDecimals,
    points: z.array(timelinePoint),
  }),
  counterparties: z.array(counterparty),
  exposure: z.object({
    native: z.object({ symbol: z.string(), wei: z.string(), formatted: z.string() }),
    tokens: z.array(tokenHolding),
    nfts: z.array(nftHolding),
    stablecoinBalanceUsd: z.string(),
  }),
  flows: z.array(flow),
  reportSection,
  aiSections: z.array(aiSection).optional(),
  confidence,
  dataSourceStatus,
  dataNotes: z.array(z.string()),
  limitations: z.array(z.string()),
  generation,
});
export type WalletReport = z.infer<typeof walletReport>;

/** deep-wallet-report: the whole report, and where it is kept. */
export const deepWalletReportResult = z.object({
  report: walletReport,
  reportId: z.string(),
  savedReportUrl: z.string(),
});
export type DeepWalletReportResult = z.infer<typeof deepWalletReportResult>;

/** saved-report: where the report is kept, with its headline figures. */
export const savedReportResult = z.object({
  reportId: z.string(),
  savedReportUrl: z.string(),
  subject: walletReport.shape.subject,
  riskScore: z.number().int().min(0).max(100),
  riskLabel: z.enum(RISK_LABELS),
  summary: z.string(),
  generatedAt: isoTimestamp,
});
export type SavedReportResult = z.infer<typeof savedReportResult>;
