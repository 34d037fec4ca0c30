import type { RiskLabel } from '@paysight/contracts';
import { html, type SafeHtml } from '../../page/html.js';
import { px } from './scale.js';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Length of the filled arc for a 0-100 score (clamped). */
export function gaugeArc(score: number): number {
  return (Math.min(Math.max(score, 0), 100) / 100) * CIRCUMFERENCE;
}

/** The risk score as a ring filled clockwise from the top, coloured by its label. */
export function riskGauge(score: number, label: RiskLabel): SafeHtml {
  const arc = gaugeArc(score);
  return html`<svg class="gauge tone-${label}" viewBox="0 0 128 128" role="img" aria-label="Risk score ${score} of 100, ${label}"><title>Risk score ${score} of 100 (${label})</title><circle class="gauge-track" cx="64" cy="64" r="${RADIUS}"/><circle class="gauge-arc" cx="64" cy="64" r="${RADIUS}" stroke-dasharray="${px(arc)} ${px(CIRCUMFERENCE)}" transform="rotate(-90 64 64)"/><text class="gauge-score" x="64" y="70" text-anchor="middle">${score}</text><text class="gauge-max" x="64" y="90" text-anchor="middle">of 100</text></svg>`;
}
