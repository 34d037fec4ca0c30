import { toNumber } from '../../page/format.js';
import { html, type SafeHtml } from '../../page/html.js';
import { chartSvg, emptyNote, type ChartSize } from './frame.js';
import { linearScale, px } from './scale.js';

export interface BarRow {
  label: string;
  /** The figure shown at the end of the row, already formatted. */
  display: string;
  /** What the bar measures, a decimal string; null draws no bar (a figure without a common scale). */
  value: string | null;
  /** Shown on hover. */
  detail: string;
  tone: 'accent' | 'alert' | 'muted';
}

const WIDTH = 360;
const ROW_HEIGHT = 40;
const LABEL_CHARS = 30;
const EMPTY_HEIGHT = 80;

export interface HorizontalBarGeometry {
  size: ChartSize;
  rows: (BarRow & { y: number; barWidth: number | null })[];
}

/** One row per entry, bars scaled against the largest value; a non-zero value is always at least 2 units long. */
export function horizontalBarsGeometry(rows: readonly BarRow[]): HorizontalBarGeometry {
  const max = Math.max(0, ...rows.map((r) => (r.value === null ? 0 : toNumber(r.value))));
  const length = linearScale(max, 0, WIDTH);
  return {
    size: { width: WIDTH, height: rows.length ? rows.length * ROW_HEIGHT : EMPTY_HEIGHT },
    rows: rows.map((row, i) => {
      const value = row.value === null ? null : toNumber(row.value);
      return { ...row, y: i * ROW_HEIGHT, barWidth: value === null ? null : value > 0 ? Math.max(2, length(value)) : 0 };
    }),
  };
}

export function horizontalBarsChart(kind: string, label: string, rows: readonly BarRow[], emptyText: string): SafeHtml {
  const g = horizontalBarsGeometry(rows);
  return chartSvg(
    kind,
    g.size,
    label,
    g.rows.length === 0
      ? emptyNote(g.size, emptyText)
      : g.rows.map(
          (r) => html`<g data-point="" data-label="${r.label}" data-value="${r.value ?? ''}"><title>${r.detail}</title><text class="bar-label" x="0" y="${r.y + 14}">${truncate(r.label)}</text><text class="bar-value" x="${WIDTH}" y="${r.y + 14}" text-anchor="end">${r.display}</text>${
            r.barWidth === null
              ? html`<line class="unscaled" x1="0" x2="${WIDTH}" y1="${r.y + 25}" y2="${r.y + 25}"/>`
              : html`<rect class="track" x="0" y="${r.y + 21}" width="${WIDTH}" height="8" rx="4"/><rect class="bar tone-${r.tone}" x="0" y="${r.y + 21}" width="${px(r.barWidth)}" height="8" rx="4"/>`
          }</g>`,
        ),
  );
}

function truncate(text: string): string {
  return text.length <= LABEL_CHARS ? text : `${text.slice(0, LABEL_CHARS - 1)}…`;
}
