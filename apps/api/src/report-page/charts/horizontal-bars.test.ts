import { horizontalBarsChart, horizontalBarsGeometry, type BarRow } from './horizontal-bars.js';

const row = (label: string, value: string | null): BarRow => ({ label, value, display: label, detail: label, tone: 'accent' });

test('bars are scaled to the largest value; a small non-zero value stays visible; null draws no bar', () => {
  const g = horizontalBarsGeometry([row('a', '100'), row('b', '50'), row('c', '0.001'), row('d', '0'), row('e', null)]);
  expect(g.rows.map((r) => r.barWidth)).toEqual([360, 180, 2, 0, null]);
  expect(g.rows.map((r) => r.y)).toEqual([0, 40, 80, 120, 160]);
  expect(g.size).toEqual({ width: 360, height: 200 });
});

test('large values as strings scale without overflow', () => {
  const g = horizontalBarsGeometry([row('a', '340282366920938463463374607431768211456'), row('b', '170141183460469231731687303715884105728')]);
  expect(g.rows.map((r) => r.barWidth)).toEqual([360, 180]);
});

test('the chart escapes its labels and truncates long ones; no rows gives a note', () => {
  const svg = horizontalBarsChart('exposure', 'Exposure', [row('<b>A very long token name that keeps going</b>', '1')], 'Nothing held').value;
  expect(svg).toContain('data-chart="exposure"');
  expect(svg).toContain('&lt;b&gt;A very long token name tha…');
  expect(svg).not.toContain('<b>');
  expect(horizontalBarsChart('exposure', 'Exposure', [], 'Nothing held').value).toContain('Nothing held');
});
