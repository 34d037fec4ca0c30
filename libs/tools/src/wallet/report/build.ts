import { CHAINS, formatUnitsCompact, type WalletAuditResult, type WalletReport, type WalletRequest } from '@paysight/contracts';
import { classifyAccountCode } from '../../shared/account-code.js';
import { KNOWN_TOKENS } from '@paysight/datasets';
import type { AnalyzeContext } from '../../tool-module.js';
import type { WalletEvidence } from '../evidence/data.js';
import { analyzeWalletSnapshot } from '../snapshot/analyze.js';
import { buildTimeline } from './timeline.js';

/** Known USD stablecoins of the chain with their decimals (the snapshot read them), by lower-case address. */
function stablecoinDecimals(evidence: WalletEvidence): Map<string, number> {
  const decimals = new Map<string, number>();
  for (const token of KNOWN_TOKENS[evidence.chain]) {
    if (!token.usdStablecoin) continue;
    const read = evidence.snapshot.tokens.find((t) => t.address.toLowerCase() === token.address.toLowerCase())?.decimals;
    const known = read ?? evidence.tokenMetadata[token.address.toLowerCase()]?.decimals;
    if (known != null) decimals.set(token.address.toLowerCase(), known);
  }
  return decimals;
}

/**
 * The report document of deep-wallet-report and saved-report: the audit's findings plus the
 * wallet's history day by day. Pure: generation and AI sections are settled later, when it is narrated.
 */
export function buildWalletReport(input: WalletRequest, evidence: WalletEvidence, audit: WalletAuditResult, context: AnalyzeContext): WalletReport {
  const chain = CHAINS[input.chain];
  const exposure = analyzeWalletSnapshot(input, evidence.snapshot, context).result.assetExposure;
  const points =
    evidence.history.status === 'ok'
      ? buildTimeline({
          wallet: evidence.address,
          history: evidence.history.history,
          currentNativeBalance: evidence.snapshot.nativeBalance ?? 0n,
          nowSeconds: evidence.snapshot.head.timestamp,
          stablecoins: stablecoinDecimals(evidence),
        })
      : [];
  const limitations = [...audit.limitations];
  if (evidence.history.status !== 'ok') limitations.push('No day-by-day history: the timeline needs an indexed history (an explorer), which was unavailable.');
  else if (!evidence.history.history.complete) limitations.push('The timeline starts at the oldest entry read; earlier days are not shown and early balances rest on the entries read.');

  return {
    kind: 'wallet_report',
    version: 1,
    subject: { address: evidence.address, chain: input.chain, chainId: chain.chainId, accountType: classifyAccountCode(evidence.snapshot.code).kind },
    generatedAt: context.now.toISOString(),
    depth: input.depth,
    reportType: input.reportType,
    summary: audit.summary,
    riskScore: audit.riskScore,
    riskLabel: audit.riskLabel,
    riskFlags: audit.riskFlags,
    exposureFindings: audit.exposureFindings,
    subjectType: audit.subjectType,
    timeline: {
      from: points[0]?.date ?? null,
      to: points.at(-1)?.date ?? null,
      nativeSymbol: chain.nativeSymbol,
      nativeDecimals: chain.nativeDecimals,
      points: points.map((p) => ({
        date: p.date,
        transactions: p.transactions,
        nativeIn: p.nativeIn.toString(),
        nativeOut: p.nativeOut.toString(),
        nativeBalance: p.nativeBalance.toString(),
        stablecoinInUsd: formatUnitsCompact(p.stablecoinInMicroUsd, 6),
        stablecoinOutUsd: formatUnitsCompact(p.stablecoinOutMicroUsd, 6),
      })),
    },
    counterparties: audit.topCounterparties,
    exposure: { native: exposure.native, tokens: exposure.tokens, nfts: exposure.nfts, stablecoinBalanceUsd: exposure.stablecoinBalanceUsd },
    flows: audit.recentFlows,
    reportSection: audit.reportSection,
    confidence: audit.confidence,
    dataSourceStatus: audit.dataSourceStatus,
    dataNotes: audit.dataNotes,
    limitations,
    generation: audit.generation,
  };
}
