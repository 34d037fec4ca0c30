import {
  CHAINS,
  SUBJECT_TYPE_TEXT,
  type Confidence,
  type DataSourceStatus,
  type Generation,
  type ReportSection,
  type WalletAuditResult,
  type WalletRequest,
} from '@paysight/contracts';
import { assessRisk, type RiskAssessment } from '../../risk/engine.js';
import { RISK_FLAG_DEFINITIONS } from '../../risk/flag-catalog.js';
import { unreadCodeLimits } from '../../risk/listed-counterparties.js';
import { RISK_DATASETS } from '@paysight/datasets';
import { classifyAccountCode } from '../../shared/account-code.js';
import { ACTIVITY_WINDOWS } from '../../shared/activity-window.js';
import type { AnalyzeContext, ToolOutput } from '../../tool-module.js';
import { approvalsSection } from '../approvals/section.js';
import { EVIDENCE_LIMITS, type WalletEvidence } from '../evidence/data.js';
import { analyzeWalletSnapshot } from '../snapshot/analyze.js';
import { tallyCounterparties, toCounterparty, toFlow } from './flows.js';
import { stablecoinHoldingsMicroUsd, usd } from './money.js';
import { contractRiskSection } from './sections/contract-risk.js';
import { moneyMapSection } from './sections/money-map.js';
import type { SectionBuilder } from './sections/section.js';
import { stablecoinBusinessSection } from './sections/stablecoin-business.js';

/** How many flows and counterparties the audit lists, by depth. */
export const AUDIT_LIST_LIMITS = {
  flows: { basic: 25, deep: 50 },
  counterparties: { basic: 10, deep: 25 },
} as const;

export const SECTION_BUILDERS: Readonly<Record<ReportSection['reportType'], SectionBuilder>> = {
  wallet_money_map: moneyMapSection,
  contract_project_risk_snapshot: contractRiskSection,
  stablecoin_creator_business_setup: stablecoinBusinessSection,
};

/** What analyze reports before any narration is attempted; finish replaces it with the narrator's outcome. */
export const DETERMINISTIC_GENERATION: Generation = { mode: 'deterministic', aiStatus: 'not_attempted', reason: 'not_configured' };

export function analyzeWalletAudit(input: WalletRequest, evidence: WalletEvidence, context: AnalyzeContext): ToolOutput<WalletAuditResult> {
  const assessment = assessRisk(evidence);
  const { activity } = assessment.context;
  const exposure = analyzeWalletSnapshot(input, evidence.snapshot, context).result.assetExposure;
  const sourceMissing = evidence.history.status === 'unavailable' || evidence.funder?.history.status === 'unavailable';
  const dataSourceStatus: DataSourceStatus = sourceMissing ? 'Partial' : evidence.snapshot.coverage.dataSourceStatus;
  const confidence: Confidence = dataSourceStatus === 'Partial' || evidence.snapshot.nativeBalance === null ? 'low' : evidence.limitations.length ? 'medium' : 'high';
  const dataNotes = notes(input, evidence, assessment);
  const limitations = [...evidence.limitations, ...generalLimitations(input, evidence), ...unreadCodeLimits(assessment.context)];

  const result: WalletAuditResult = {
    riskScore: assessment.score,
    riskLabel: assessment.label,
    summary: summary(input, evidence, assessment, exposure.native.formatted),
    recentFlows: activity.movements.slice(0, AUDIT_LIST_LIMITS.flows[input.depth]).map((m) => toFlow(activity, m, assessment.flags)),
    topCounterparties: tallyCounterparties(activity)
      .slice(0, AUDIT_LIST_LIMITS.counterparties[input.depth])
      .map((t) => toCounterparty(activity, t, assessment.flags)),
    tokenExposure: exposure.tokens,
    nftExposure: exposure.nfts,
    confidence,
    dataSourceStatus,
    dataNotes,
    limitations,
    recommendedNextAction: nextAction(evidence, assessment, dataSourceStatus),
    generation: DETERMINISTIC_GENERATION,
    savedReportUrl: null,
    riskFlags: assessment.flags,
    exposureFindings: assessment.exposure,
    subjectType: assessment.subject,
    reportSection: SECTION_BUILDERS[input.reportType](assessment),
    approvals: approvalsSection(activity),
  };
  return {
    result,
    metadata: {
      chain: input.chain,
      dataSourceStatus,
      dataNotes,
      limitations,
      depth: input.depth,
      reportType: input.reportType,
      headBlock: evidence.snapshot.head.number.toString(),
      datasets: RISK_DATASETS.map((d) => ({ id: d.header.id, snapshotDate: d.header.snapshotDate, complete: d.header.complete })),
    },
  };
}

function summary(input: WalletRequest, evidence: WalletEvidence, { score, label, flags, exposure, subject, context: { activity } }: RiskAssessment, nativeFormatted: string): string {
  const chain = CHAINS[input.chain];
  const raised = flags.filter((f) => f.weight > 0);
  const info = flags.filter((f) => f.weight === 0);
  const counterparties = new Set(activity.movements.filter((m) => m.direction !== 'self').map((m) => m.counterparty.toLowerCase())).size;
  const parts = [
    `${evidence.address} on ${chain.displayName} (${SUBJECT_TYPE_TEXT[subject.type]}): risk ${score}/100 (${label}).`,
    raised.length ? `${raised.length} risk flag(s): ${raised.map((f) => f.title).join('; ')}.` : 'No risk flags raised.',
    ...(info.length ? [`For information: ${info.map((f) => f.title).join('; ')}.`] : []),
    ...(exposure.length ? [`Done to the wallet, not scored: ${exposure.map((e) => e.title).join('; ')}.`] : []),
    `Holds ${nativeFormatted} ${chain.nativeSymbol} and ${usd(stablecoinHoldingsMicroUsd(activity))} USD in stablecoins; ${activity.movements.length} movement(s) with ${counterparties} counterparties were read.`,
  ];
  if (evidence.history.status === 'unavailable') parts.push('Partial data: no indexed history, so native and internal transfers were not seen.');
  return parts.join(' ');
}

function nextAction(evidence: WalletEvidence, { flags }: RiskAssessment, status: DataSourceStatus): string {
  const top = flags.find((f) => f.weight > 0);
  if (top) return RISK_FLAG_DEFINITIONS[top.id].nextAction;
  if (classifyAccountCode(evidence.snapshot.code).kind === 'contract') {
    return 'No risk flags for this contract: call agent_wallet_profile to classify it, or use reportType contract_project_risk_snapshot for its control and users.';
  }
  if (status === 'Partial') return 'No risk flags in what could be read, but the indexed history was unavailable: re-run where an explorer is configured before relying on this result.';
  if (evidence.depth === 'basic') return 'No risk flags at basic depth: before large transfers, re-run wallet_audit with depth deep (longer window, funder fan-out check).';
  return 'No risk flags raised: proceed with normal care; run deep_wallet_report if you need a saved record with the full history.';
}

function notes(input: WalletRequest, evidence: WalletEvidence, { flags, subject }: RiskAssessment): string[] {
  const { snapshot, history, approvals, sanctionsOracle } = evidence;
  const limits = EVIDENCE_LIMITS[input.depth];
  const historyNote =
    history.status === 'ok'
      ? `Indexed history: ${history.history.transactions.length} transaction(s), ${history.history.internalTransfers.length} internal transfer(s), ${history.history.tokenTransfers.length} token transfer(s)${history.history.complete ? ' (complete)' : ` (the newest ${limits.history} per list)`}.`
      : 'Indexed history: unavailable; the audit rests on event logs and contract reads.';
  return [
    ...snapshot.coverage.notes,
    `Read at block ${snapshot.head.number}${snapshot.head.timestamp ? ` (${new Date(Number(snapshot.head.timestamp) * 1000).toISOString()})` : ''}: balances, the state of ${approvals.states.length} approval(s)${sanctionsOracle?.deployed ? `, ${sanctionsOracle.checked.length} sanctions-oracle check(s)` : ''} and token metadata in one Multicall3 round trip.`,
    historyNote,
    `Token transfer and approval logs of blocks ${snapshot.window.fromBlock}-${snapshot.window.toBlock} (${input.depth} depth: up to ${ACTIVITY_WINDOWS[input.depth].days} days).`,
    input.depth === 'basic'
      ? `basic depth: up to ${limits.history} history entries per list, code of ${limits.counterpartyCode} counterparties, ${limits.sanctionsChecks} sanctions-oracle checks, no funder fan-out check.`
      : `deep depth: up to ${limits.history} history entries per list, code of ${limits.counterpartyCode} counterparties, ${limits.sanctionsChecks} sanctions-oracle checks, and the main funder's history (${limits.funderHistory} entries) for the fan-out check.`,
    `Subject type ${subject.type}: ${subject.reasons.join(' ')}${subject.skippedFlags.length ? ` Flags that do not apply to this type: ${subject.skippedFlags.join(', ')}.` : ''}`,
    `riskScore = round(100 x (1 - product of (1 - weight/100))) over ${flags.length} flag(s) (the wallet's own acts; exposure findings are not scored); labels: 0-9 low, 10-29 guarded, 30-49 elevated, 50-74 high, 75-100 severe (docs/risk-flags.md).`,
  ];
}

function generalLimitations(input: WalletRequest, evidence: WalletEvidence): string[] {
  const out = ['Token prices are not applied; only canonical USD stablecoins are valued, at 1 USD each.', 'Risk flags are heuristic signals with their evidence, not determinations.'];
  if (input.depth === 'basic') out.push("The funder's own history (the fan-out check behind funding_concentration) is read at deep depth only.");
  if (evidence.funder?.history.status === 'unavailable') out.push(`The main funder's history was unavailable (${evidence.funder.history.reason}); the fan-out check did not run.`);
  return out;
}

