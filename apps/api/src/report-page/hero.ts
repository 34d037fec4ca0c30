import { CHAINS, SUBJECT_TYPE_TEXT, type WalletReport } from '@paysight/contracts';
import { riskGauge } from './charts/risk-gauge.js';
import { formatTimestamp } from '../page/format.js';
import { html, type SafeHtml } from '../page/html.js';
import { RISK_LABEL_TEXT, REPORT_TYPE_TEXT, accountTypeText, capitalize } from './vocabulary.js';

/** Who the report is about, its score and its summary. */
export function heroSection(report: WalletReport): SafeHtml {
  const { subject } = report;
  const flagCount = report.riskFlags.length;
  return html`<section class="card hero" aria-labelledby="report-title">
  <div class="hero-head">
    <p class="eyebrow">${REPORT_TYPE_TEXT[report.reportType]} · ${report.depth} report</p>
    <h1 id="report-title">Wallet report</h1>
    <p class="address" data-field="subject-address">${subject.address}</p>
    <ul class="chips" aria-label="Subject">
      <li class="chip" data-field="chain">${CHAINS[subject.chain].displayName} <span class="muted">· chain ${subject.chainId}</span></li>
      <li class="chip" data-field="account-type">${accountTypeText(subject.accountType)}</li>
      ${report.subjectType && html`<li class="chip" data-field="subject-type" title="${report.subjectType.reasons.join(' ')}">${capitalize(SUBJECT_TYPE_TEXT[report.subjectType.type])}</li>`}
      <li class="chip status-${report.dataSourceStatus.toLowerCase()}">${report.dataSourceStatus} data</li>
      <li class="chip">Generated ${formatTimestamp(report.generatedAt)}</li>
    </ul>
  </div>
  <div class="score-box risk-${report.riskLabel}">
    ${riskGauge(report.riskScore, report.riskLabel)}
    <div class="score-text">
      <p class="risk-label" data-field="risk-label">${RISK_LABEL_TEXT[report.riskLabel]}</p>
      <p class="muted small">${flagCount === 0 ? 'No risk flags' : `${flagCount} risk flag${flagCount === 1 ? '' : 's'}`} · ${report.confidence} confidence</p>
    </div>
  </div>
  <p class="summary" data-field="summary">${report.summary}</p>
</section>`;
}
