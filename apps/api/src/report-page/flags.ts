import type { ExposureFinding, RiskEvidence, RiskFlag } from '@paysight/contracts';
import { html, type SafeHtml } from '../page/html.js';
import { capitalize, evidenceKindText } from './vocabulary.js';

/** Every risk flag with its severity, weight, explanation, evidence and limits. */
export function flagsSection(flags: readonly RiskFlag[]): SafeHtml {
  return html`<section class="card" aria-labelledby="flags-title">
  <h2 id="flags-title">Risk flags <span class="count">${flags.length}</span></h2>
  ${
    flags.length === 0
      ? html`<p class="muted">No risk flag was raised. The limitations below say what could not be checked.</p>`
      : html`<div class="flags">${flags.map(flagCard)}</div>`
  }
</section>`;
}

/** What others did to the wallet (unsolicited, spoofed, dust, spam), with its evidence; none of it is scored. Absent in older reports. */
export function exposureSection(findings: readonly ExposureFinding[] | undefined): SafeHtml | false {
  if (findings === undefined) return false;
  return html`<section class="card" aria-labelledby="exposure-title" data-section="exposure">
  <h2 id="exposure-title">Done to this wallet <span class="count">${findings.length}</span></h2>
  <p class="muted">Transfers, events and tokens others sent or emitted without any act of the wallet. Anyone can create them, so they do not count towards the risk score.</p>
  ${findings.length > 0 && html`<div class="flags">${findings.map(exposureCard)}</div>`}
</section>`;
}

function exposureCard(finding: ExposureFinding): SafeHtml {
  return html`<article class="flag sev-info" data-exposure="${finding.id}">
  <header class="flag-head">
    <h3>${finding.title}</h3>
    <span class="badge sev-info" data-field="scored">Not scored</span>
  </header>
  <p>${finding.explanation}</p>
  <h4>Evidence</h4>
  <ul class="evidence">${finding.evidence.map(evidenceItem)}</ul>
  ${finding.limits.length > 0 && html`<details class="limits"><summary>What this check cannot see</summary><ul>${finding.limits.map((limit) => html`<li>${limit}</li>`)}</ul></details>`}
</article>`;
}

function flagCard(flag: RiskFlag): SafeHtml {
  return html`<article class="flag sev-${flag.severity}" data-flag="${flag.id}">
  <header class="flag-head">
    <h3>${flag.title}</h3>
    <span class="badge sev-${flag.severity}" data-field="severity">${capitalize(flag.severity)}</span>
    <span class="weight" data-field="weight">+${formatWeight(flag.weight)} to score</span>
  </header>
  <p>${flag.explanation}</p>
  <h4>Evidence</h4>
  <ul class="evidence">${flag.evidence.map(evidenceItem)}</ul>
  ${
    flag.limits.length > 0 &&
    html`<details class="limits"><summary>What this check cannot see</summary><ul>${flag.limits.map((limit) => html`<li>${limit}</li>`)}</ul></details>`
  }
</article>`;
}

function evidenceItem(evidence: RiskEvidence): SafeHtml {
  const position = [
    evidence.logIndex !== undefined ? `log ${evidence.logIndex}` : null,
    evidence.blockNumber !== undefined ? `block ${evidence.blockNumber}` : null,
  ].filter((part) => part !== null);
  return html`<li>
    <span class="evidence-kind">${evidenceKindText(evidence.kind)}</span>
    ${evidence.transactionHash !== undefined && html`<code class="hash" data-field="evidence-transaction">${evidence.transactionHash}</code>`}
    ${evidence.address !== undefined && html`<code class="hash" data-field="evidence-address">${evidence.address}</code>`}
    ${evidence.dataset !== undefined && html`<span class="small" data-field="dataset">${evidence.dataset.id}: ${evidence.dataset.entry} <span class="muted">(snapshot ${evidence.dataset.snapshotDate})</span></span>`}
    ${position.length > 0 && html`<span class="muted small">${position.join(' · ')}</span>`}
    <p class="evidence-detail">${evidence.detail}</p>
  </li>`;
}

/** Weights may be fractional: one decimal at most. */
function formatWeight(weight: number): string {
  return String(Math.round(weight * 10) / 10);
}
