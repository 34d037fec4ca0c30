import { balanceLineChart, balanceLineGeometry } from './balance-line.js';

const days = (values: string[]) => values.map((value, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, value }));

test('the largest balance is drawn highest, zero on the baseline, left to right by day', () => {
  const g = balanceLineGeometry(days(['1', '0', '4.5', '2']));
  const [a, zero, top, d] = g.markers;
  expect(zero!.y).toBe(176);
  expect(top!.y).toBeLessThan(a!.y);
  expect(a!.y).toBeGreaterThan(d!.y);
  expect(g.markers.map((m) => m.x)).toEqual([...g.markers.map((m) => m.x)].sort((x, y) => x - y));
  // Axis 0..6 for a maximum of 4.5: 4.5 sits three quarters up the plot (176 down to 12).
  expect(g.gridlines.map((t) => t.label)).toEqual(['0', '2', '4', '6']);
  expect(top!.y).toBeCloseTo(176 - 0.75 * 164);
});

test('the line holds each balance until the next day, as steps across the whole plot', () => {
  const g = balanceLineGeometry(days(['1', '2']));
  const [first, second] = g.markers;
  expect(g.line).toBe(`M46 ${first!.y}H${first!.x}H${second!.x}V${second!.y}H352`);
  expect(g.area.endsWith('V176H46Z')).toBe(true);
});

test('one point: a flat line over the plot with its marker in the middle', () => {
  const g = balanceLineGeometry(days(['3']));
  expect(g.markers).toEqual([{ x: 199, y: expect.any(Number), date: '2026-10-01', value: '3' }]);
  expect(g.line).toBe(`M46 ${g.markers[0]!.y}H199H352`);
});

test('no points: axis and a note, no line', () => {
  const g = balanceLineGeometry([]);
  expect(g).toMatchObject({ markers: [], line: '', area: '' });
  const svg = balanceLineChart([], 'ETH').value;
  expect(svg).toContain('No balance history for this period');
  expect(svg).not.toContain('data-point');
});

test('balances beyond the range of exact numbers draw finitely and print exactly', () => {
  const huge = '123456789012345678901234567890.123456';
  const svg = balanceLineChart(days(['1', huge]), 'ETH').value;
  expect(svg).not.toMatch(/NaN|Infinity/);
  expect(svg).toContain(`data-value="${huge}"`);
  expect(svg).toContain('123,456,789,012,345,678,901,234,567,890.123456 ETH');
});

test('the chart is one named svg with a data point per day', () => {
  const svg = balanceLineChart(days(['1', '2', '3']), 'ETH').value;
  expect(svg).toMatch(/^<svg class="chart chart-balance" data-chart="balance" viewBox="0 0 360 200" role="img" aria-label="ETH balance at the end of each day"/);
  expect(svg.match(/data-point=""/g)).toHaveLength(3);
});
