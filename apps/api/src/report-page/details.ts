import type { WalletReport } from '@paysight/contracts';
import { formatTimestamp, groupDigits, shortHex, toNumber } from '../page/format.js';
import { html, type SafeHtml } from '../page/html.js';
import { DATA_SOURCE_TEXT, capitalize, flowKindText, generationText } from './vocabulary.js';

type Flow = WalletReport['flows'][number];

const DIRECTION_TEXT: Record<Flow['direction'], string> = { in: 'In', out: 'Out', self: 'Self' };
const DIRECTION_SIGN: Record<Flow['direction'], string> = { in: '+', out: '−', self: '' };

/** Every flow of the report, in the report's order. On a phone each row becomes a compact card. */
export function flowsSection(report: WalletReport): SafeHtml {
  const { flows } = report;
  return html`<section class="card" aria-labelledby="flows-title">
  <h2 id="flows-title">Flows <span class="count">${flows.length}</span></h2>
  ${
    flows.length === 0
      ? html`<p class="muted">No flows in the period read.</p>`
      : html`<div class="table-scroll"><table class="flows">
    <thead><tr><th scope="col">Time</th><th scope="col">Direction</th><th scope="col">Asset</th><th scope="col" class="num">Amount</th><th scope="col">Counterparty</th><th scope="col">Transaction</th><th scope="col">Flags</th></tr></thead>
    <tbody>${flows.map((flow) => flowRow(flow, report.timeline.nativeSymbol))}</tbody>
  </table></div>`
  }
</section>`;
}

function flowRow(flow: Flow, nativeSymbol: string): SafeHtml {
  const symbol = flow.asset.symbol ?? (flow.asset.address ? shortHex(flow.asset.address) : nativeSymbol);
  return html`<tr data-flow="${flow.transactionHash}">
    <td class="c-time">${flow.timestamp ? formatTimestamp(flow.timestamp) : `block ${flow.blockNumber}`}</td>
    <td class="c-dir"><span class="dir dir-${flow.direction}">${DIRECTION_TEXT[flow.direction]}</span></td>
    <td class="c-asset">${symbol}${flow.tokenId !== null && ` #${flow.tokenId}`} <span class="muted small">${flowKindText(flow.kind)}</span></td>
    <td class="c-amount num">${signedAmount(flow)}</td>
    <td class="c-party"><span class="cell-label">Counterparty </span><code title="${flow.counterparty}">${shortHex(flow.counterparty)}</code></td>
    <td class="c-tx"><span class="cell-label">Tx </span><code title="${flow.transactionHash}">${shortHex(flow.transactionHash)}</code></td>
    <td class="c-flags${flow.flags.length ? '' : ' none'}">${flow.flags.length ? flow.flags.map((id) => html`<span class="tag">${id}</span>`) : html`<span class="muted">–</span>`}</td>
  </tr>`;
}

/** "+1,250.5" for money in, "−0.2" for money out; no sign for nothing moved (a zero-value transfer). */
function signedAmount(flow: Flow): string {
  const amount = flow.formatted ?? flow.amount;
  return `${toNumber(amount) === 0 ? '' : DIRECTION_SIGN[flow.direction]}${groupDigits(amount)}`;
}

/** The findings that depend on the report type. */
export function reportTypeSection(report: WalletReport): SafeHtml {
  const section = report.reportSection;
  return html`<section class="card" aria-labelledby="findings-title">
  <h2 id="findings-title">${section.title}</h2>
  ${
    section.findings.length === 0
      ? html`<p class="muted">No findings for this report type.</p>`
      : html`<dl class="findings">${section.findings.map(
          (f) => html`<div class="finding"><dt>${f.label}</dt><dd><span class="finding-value">${f.value}</span>${f.note !== null && html`<span class="muted small">${f.note}</span>`}</dd></div>`,
        )}</dl>`
  }
</section>`;
}

/** AI text, clearly marked as such; present only when the report carries validated AI sections. */
export function aiSection(report: WalletReport): SafeHtml | null {
  const sections = report.aiSections ?? [];
  if (sections.length === 0) return null;
  return html`<section class="card ai" aria-labelledby="ai-title">
  <h2 id="ai-title">AI-assisted notes</h2>
  <p class="muted small">Written by an AI model from the findings above and checked before use; the deterministic sections stand on their own.</p>
  ${sections.map((s) => html`<h3>${s.title}</h3>${s.text.split(/\n\s*\n/).map((paragraph) => html`<p>${paragraph}</p>`)}`)}
</section>`;
}

/** Where the data came from, how sure the analysis is, and what it could not see. */
export function dataSection(report: WalletReport): SafeHtml {
  const list = (items: readonly string[], empty: string) =>
    items.length ? html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>` : html`<p class="muted">${empty}</p>`;
  return html`<section class="card" aria-labelledby="data-title">
  <h2 id="data-title">Data and limitations</h2>
  <dl class="facts">
    <div><dt>Data source</dt><dd data-field="data-source-status"><span class="chip status-${report.dataSourceStatus.toLowerCase()}">${report.dataSourceStatus}</span> ${DATA_SOURCE_TEXT[report.dataSourceStatus]}</dd></div>
    <div><dt>Confidence</dt><dd>${capitalize(report.confidence)}</dd></div>
    <div><dt>Text</dt><dd>${generationText(report.generation)}</dd></div>
    <div><dt>Period</dt><dd>${report.timeline.from && report.timeline.to ? `${formatTimestamp(report.timeline.from)} to ${formatTimestamp(report.timeline.to)}` : 'No dated activity'}</dd></div>
  </dl>
  <div class="notes">
    <div><h3>Data notes</h3>${list(report.dataNotes, 'No data notes.')}</div>
    <div><h3>Limitations</h3>${list(report.limitations, 'No limitations recorded.')}</div>
  </div>
</section>`;
}
