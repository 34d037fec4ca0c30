import { z } from 'zod';
import { CHAIN_NAMES } from '../chains.js';
import { confidence, dataSourceStatus } from '../schemas/common.js';
import { REPORT_TYPES } from '../schemas/wallet.js';
import { aiSection, counterparty, flow, generation, reportSection } from './wallet-audit.js';
import { nftHolding, tokenHolding } from './wallet-snapshot.js';
import { RISK_LABELS, riskFlag } from './risk.js';

/** One day of a wallet's history: what came in and went out, and the balance at the end of the day. */
export const timelinePoint = z.object({
  date: z.string().meta({ description: 'UTC day, YYYY-MM-DD.' }),
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
  subject: z.object({ address: z.string(), chain: z.enum(CHAIN_NAMES), chainId: z.number().int(), accountType: z.string() }),
  generatedAt: z.string(),
  depth: z.enum(['basic', 'deep']),
  reportType: z.enum(REPORT_TYPES),
  summary: z.string(),
  riskScore: z.number().int().min(0).max(100),
  riskLabel: z.enum(RISK_LABELS),
  riskFlags: z.array(riskFlag),
  timeline: z.object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    nativeSymbol: z.string(),
    nativeDecimals: z.number().int(),
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
  generatedAt: z.string(),
});
export type SavedReportResult = z.infer<typeof savedReportResult>;
