import { groupDigits, toNumber } from '../../page/format.js';
import { html, type SafeHtml } from '../../page/html.js';
import { dayAxis, type AxisLabel } from './day-axis.js';
import { chartSvg, emptyNote, type ChartSize } from './frame.js';
import { axisTicks, linearScale, px } from './scale.js';

/** What came in and went out on one day, decimal strings in whole units. */
export interface FlowDay {
  date: string;
  inflow: string;
  outflow: string;
}

export const FLOW_CHART_SIZE: ChartSize = { width: 360, height: 170 };
const PLOT = { left: 46, right: 352, top: 10, bottom: 146 };
const ZERO = (PLOT.top + PLOT.bottom) / 2;

export interface Bar {
  y: number;
  height: number;
}

export interface FlowGeometry {
  /** Each tick twice: above the zero line for inflow, below it for outflow. */
  gridlines: { y: number; label: string }[];
  zeroY: number;
  xLabels: AxisLabel[];
  columns: { date: string; inflow: string; outflow: string; x: number; width: number; up: Bar; down: Bar }[];
}

/** Inflow rises above the zero line and outflow hangs below it, both on one scale. */
export function flowBarsGeometry(days: readonly FlowDay[]): FlowGeometry {
  const max = Math.max(0, ...days.flatMap((d) => [toNumber(d.inflow), toNumber(d.outflow)]));
  const ticks = axisTicks(max, 3);
  const height = linearScale(ticks[ticks.length - 1]!.value, 0, ZERO - PLOT.top);
  const axis = dayAxis(
    days.map((d) => d.date),
    PLOT.left,
    PLOT.right,
  );
  const width = Math.max(1, axis.slot * 0.72);
  const columns = days.map((d, i) => {
    const up = height(toNumber(d.inflow));
    const down = height(toNumber(d.outflow));
    return { date: d.date, inflow: d.inflow, outflow: d.outflow, x: axis.xs[i]! - width / 2, width, up: { y: ZERO - up, height: up }, down: { y: ZERO, height: down } };
  });
  const gridlines = ticks.flatMap((t) => (t.value === 0 ? [{ y: ZERO, label: '0' }] : [{ y: ZERO - height(t.value), label: t.label }, { y: ZERO + height(t.value), label: t.label }]));
  return { gridlines, zeroY: ZERO, xLabels: axis.labels, columns };
}

/** Daily inflow (up) and outflow (down) in one unit. */
export function flowBarsChart(days: readonly FlowDay[], unit: string): SafeHtml {
  const g = flowBarsGeometry(days);
  const label = `Daily ${unit} inflow and outflow`;
  return chartSvg('flows', FLOW_CHART_SIZE, label, [
    g.gridlines.map((t) => html`<line class="grid" x1="${PLOT.left}" x2="${PLOT.right}" y1="${px(t.y)}" y2="${px(t.y)}"/><text class="tick" x="${PLOT.left - 6}" y="${px(t.y + 4)}" text-anchor="end">${t.label}</text>`),
    g.xLabels.map((l) => html`<text class="tick" x="${px(l.x)}" y="${PLOT.bottom + 18}" text-anchor="${l.anchor}">${l.label}</text>`),
    g.columns.length === 0
      ? emptyNote(FLOW_CHART_SIZE, `No ${unit} flows in this period`)
      : g.columns.map(
          (c) => html`<g data-point="" data-date="${c.date}" data-in="${c.inflow}" data-out="${c.outflow}"><title>${c.date}: in ${groupDigits(c.inflow)} ${unit}, out ${groupDigits(c.outflow)} ${unit}</title><rect class="hit" x="${px(c.x)}" y="${PLOT.top}" width="${px(c.width)}" height="${PLOT.bottom - PLOT.top}"/><rect class="bar-in" x="${px(c.x)}" y="${px(c.up.y)}" width="${px(c.width)}" height="${px(c.up.height)}"/><rect class="bar-out" x="${px(c.x)}" y="${px(c.down.y)}" width="${px(c.width)}" height="${px(c.down.height)}"/></g>`,
        ),
    html`<line class="axis" x1="${PLOT.left}" x2="${PLOT.right}" y1="${px(g.zeroY)}" y2="${px(g.zeroY)}"/>`,
  ]);
}
