import { catalogEntry, type WalletAuditResult, type WalletReport, type WalletRequest } from '@paysight/contracts';
import { defineToolModule, type AnalyzeContext, type ToolOutput, type ToolPorts } from '../../tool-module.js';
import { analyzeWalletAudit } from '../audit/analyze.js';
import { narrateWalletAudit } from '../audit/narration.js';
import type { WalletEvidence } from '../evidence/data.js';
import { gatherWalletEvidence } from '../evidence/gather.js';
import { buildWalletReport } from './build.js';

/** What analyze hands to finish: the report, and the audit it was built from (the narration's facts). */
export interface ReportAnalysis {
  audit: WalletAuditResult;
  report: WalletReport;
}

function analyzeReport(input: WalletRequest, evidence: WalletEvidence, context: AnalyzeContext): ToolOutput<ReportAnalysis> {
  const audit = analyzeWalletAudit(input, evidence, context);
  return { result: { audit: audit.result, report: buildWalletReport(input, evidence, audit.result, context) }, metadata: audit.metadata };
}

/** Narrates the audit behind the report (when a provider is configured), then saves the report under a fresh unguessable id. */
async function narrateAndSave(toolId: string, input: WalletRequest, output: ToolOutput<ReportAnalysis>, ports: ToolPorts, context: AnalyzeContext) {
  const narrated = await narrateWalletAudit(input, { result: output.result.audit, metadata: output.metadata }, ports, context);
  const { generation, aiSections } = narrated.result;
  const report: WalletReport = { ...output.result.report, generation, ...(aiSections ? { aiSections } : {}) };
  const saved = await ports.reports.save({ toolId, chain: input.chain, subject: report.subject.address, document: report });
  const savedReportUrl = ports.savedReportUrl(saved.id);
  return { report, reportId: saved.id, savedReportUrl, metadata: { ...output.metadata, reportId: saved.id, savedReportUrl } };
}

export const deepWalletReport = defineToolModule(catalogEntry('deep_wallet_report'), {
  chains: (input) => [input.chain],
  gather: gatherWalletEvidence,
  analyze: analyzeReport,
  finish: async (input, output, ports, context) => {
    const { report, reportId, savedReportUrl, metadata } = await narrateAndSave('deep_wallet_report', input, output, ports, context);
    return { result: { report, reportId, savedReportUrl }, metadata };
  },
});

export const savedReport = defineToolModule(catalogEntry('saved_report'), {
  chains: (input) => [input.chain],
  gather: gatherWalletEvidence,
  analyze: analyzeReport,
  finish: async (input, output, ports, context) => {
    const { report, reportId, savedReportUrl, metadata } = await narrateAndSave('saved_report', input, output, ports, context);
    return {
      result: { reportId, savedReportUrl, subject: report.subject, riskScore: report.riskScore, riskLabel: report.riskLabel, summary: report.summary, generatedAt: report.generatedAt },
      metadata,
    };
  },
});
