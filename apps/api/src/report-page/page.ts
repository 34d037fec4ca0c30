import { CHAINS, type WalletReport } from '@paysight/contracts';
import { chartsSection } from './charts-section.js';
import { aiSection, dataSection, flowsSection, reportTypeSection } from './details.js';
import { exposureSection, flagsSection } from './flags.js';
import { formatTimestamp, shortHex } from '../page/format.js';
import { heroSection } from './hero.js';
import { ICON_HREF, LOGO } from '../page/brand.js';
import { selfContainedPageCsp } from '../page/csp.js';
import { html, trusted } from '../page/html.js';
import { REPORT_PAGE_CSS } from './styles.js';

export interface ReportPageInput {
  createdAt: Date;
  toolId: string;
  report: WalletReport;
}

/** Nothing but the inline stylesheet and the inline icon may load: no scripts, no fonts, no connections. */
export const REPORT_PAGE_CSP = selfContainedPageCsp({ style: REPORT_PAGE_CSS });

/** The saved report as one self-contained HTML document. */
export function renderReportPage({ createdAt, toolId, report }: ReportPageInput): string {
  const chain = CHAINS[report.subject.chain].displayName;
  const title = `Wallet report · ${shortHex(report.subject.address)} on ${chain} · Paysight`;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<link rel="icon" href="${ICON_HREF}">
<style>${trusted(REPORT_PAGE_CSS)}</style>
</head>
<body>
<header class="topbar"><div class="wrap">
  <span class="brand">${trusted(LOGO)}Paysight</span><span class="kind">Saved report</span>
  <span class="unlisted">Unlisted · only people with this link can see it</span>
</div></header>
<main class="wrap">
${heroSection(report)}
${flagsSection(report.riskFlags)}
${exposureSection(report.exposureFindings)}
${chartsSection(report)}
${flowsSection(report)}
${reportTypeSection(report)}
${aiSection(report)}
${dataSection(report)}
</main>
<footer class="wrap">
  <p>Saved ${formatTimestamp(createdAt.toISOString())} by <code>${toolId}</code>. The address of this page is its only key: share it only with people who may see the report.</p>
  <p>The same report as JSON: request this address with <code>Accept: application/json</code>.</p>
  <p>Paysight: pay-per-request blockchain intelligence for AI agents, paid over x402.</p>
</footer>
</body>
</html>
`;
  return page.value;
}
