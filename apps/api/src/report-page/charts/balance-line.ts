import { groupDigits, toNumber } from '../../page/format.js';
import { html, type SafeHtml } from '../../page/html.js';
import { dayAxis, type AxisLabel } from './day-axis.js';
import { chartSvg, emptyNote, type ChartSize } from './frame.js';
import { axisTicks, linearScale, px } from './scale.js';

/** One day's value, a decimal string in whole units (it may exceed what a number holds exactly). */
export interface DayValue {
  date: string;
  value: string;
}

export const BALANCE_CHART_SIZE: ChartSize = { width: 360, height: 200 };
const PLOT = { left: 46, right: 352, top: 12, bottom: 176 };

export interface LineGeometry {
  gridlines: { y: number; label: string }[];
  xLabels: AxisLabel[];
  markers: { x: number; y: number; date: string; value: string }[];
  /** Step line: a balance holds from the end of one day until the next change. */
  line: string;
  area: string;
}

export function balanceLineGeometry(points: readonly DayValue[]): LineGeometry {
  const ticks = axisTicks(Math.max(0, ...points.map((p) => toNumber(p.value))));
  const y = linearScale(ticks[ticks.length - 1]!.value, PLOT.bottom, PLOT.top);
  const axis = dayAxis(
    points.map((p) => p.date),
    PLOT.left,
    PLOT.right,
  );
  const markers = points.map((p, i) => ({ x: axis.xs[i]!, y: y(toNumber(p.value)), date: p.date, value: p.value }));
  const gridlines = ticks.map((t) => ({ y: y(t.value), label: t.label }));
  if (markers.length === 0) return { gridlines, xLabels: [], markers, line: '', area: '' };

  const half = axis.slot / 2;
  const first = markers[0]!;
  const last = markers[markers.length - 1]!;
  const steps = markers.slice(1).map((m) => `H${px(m.x)}V${px(m.y)}`);
  const line = `M${px(first.x - half)} ${px(first.y)}H${px(first.x)}${steps.join('')}H${px(last.x + half)}`;
  const area = `${line}V${PLOT.bottom}H${px(first.x - half)}Z`;
  return { gridlines, xLabels: axis.labels, markers, line, area };
}

/** Native balance at the end of each day, as a step line over a 0-based axis. */
export function balanceLineChart(points: readonly DayValue[], unit: string): SafeHtml {
  const g = balanceLineGeometry(points);
  const label = `${unit} balance at the end of each day`;
  return chartSvg('balance', BALANCE_CHART_SIZE, label, [
    g.gridlines.map((t) => html`<line class="grid" x1="${PLOT.left}" x2="${PLOT.right}" y1="${px(t.y)}" y2="${px(t.y)}"/><text class="tick" x="${PLOT.left - 6}" y="${px(t.y + 4)}" text-anchor="end">${t.label}</text>`),
    g.xLabels.map((l) => html`<text class="tick" x="${px(l.x)}" y="${PLOT.bottom + 18}" text-anchor="${l.anchor}">${l.label}</text>`),
    g.markers.length === 0
      ? emptyNote(BALANCE_CHART_SIZE, 'No balance history for this period')
      : [
          html`<path class="area" d="${g.area}"/><path class="line" d="${g.line}"/>`,
          g.markers.map(
            (m) => html`<circle class="marker" data-point="" data-date="${m.date}" data-value="${m.value}" cx="${px(m.x)}" cy="${px(m.y)}" r="2.2"><title>${m.date}: ${groupDigits(m.value)} ${unit}</title></circle>`,
          ),
        ],
  ]);
}
