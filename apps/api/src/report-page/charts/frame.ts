import { html, type HtmlValue, type SafeHtml } from '../../page/html.js';
import { px } from './scale.js';

export interface ChartSize {
  width: number;
  height: number;
}

/**
 * Every chart is one inline <svg> with a readable name. `kind` names the chart for styling and
 * tests; each data point inside carries `data-point`.
 */
export function chartSvg(kind: string, size: ChartSize, label: string, body: HtmlValue): SafeHtml {
  return html`<svg class="chart chart-${kind}" data-chart="${kind}" viewBox="0 0 ${size.width} ${size.height}" role="img" aria-label="${label}" preserveAspectRatio="xMidYMid meet"><title>${label}</title>${body}</svg>`;
}

/** A note drawn in the middle of a chart that has no data. */
export function emptyNote(size: ChartSize, text: string): SafeHtml {
  return html`<text class="chart-empty" x="${px(size.width / 2)}" y="${px(size.height / 2)}" text-anchor="middle">${text}</text>`;
}
