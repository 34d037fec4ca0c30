import { flowBarsChart, flowBarsGeometry } from './flow-bars.js';

const day = (date: string, inflow: string, outflow: string) => ({ date, inflow, outflow });

test('inflow rises above the zero line and outflow hangs below it, on one scale', () => {
  const g = flowBarsGeometry([day('2026-10-01', '3', '0'), day('2026-10-02', '0', '1.5')]);
  const [first, second] = g.columns;
  expect(first!.up.y + first!.up.height).toBe(g.zeroY);
  expect(first!.down.height).toBe(0);
  expect(second!.down.y).toBe(g.zeroY);
  expect(second!.down.height).toBeCloseTo(first!.up.height / 2);
  expect(g.gridlines.map((t) => t.label)).toEqual(['0', '1', '1', '2', '2', '3', '3']);
});

test('bars are centred on their day and no wider than it', () => {
  const g = flowBarsGeometry([day('2026-10-01', '1', '1'), day('2026-10-03', '1', '1')]);
  const slot = (352 - 46) / 3;
  expect(g.columns[0]!.x + g.columns[0]!.width / 2).toBeCloseTo(46 + slot / 2);
  expect(g.columns[1]!.x + g.columns[1]!.width / 2).toBeCloseTo(46 + 2.5 * slot);
  expect(g.columns[0]!.width).toBeLessThan(slot);
});

test('a day with nothing moved has empty bars; no days gives a note', () => {
  const g = flowBarsGeometry([day('2026-10-01', '0', '0')]);
  expect(g.columns[0]).toMatchObject({ up: { height: 0 }, down: { height: 0 } });
  expect(flowBarsChart([], 'USD').value).toContain('No USD flows in this period');
});

test('large amounts as strings: finite geometry, exact hover text', () => {
  const big = '98765432109876543210987654321';
  const svg = flowBarsChart([day('2026-10-01', big, '1')], 'ETH').value;
  expect(svg).not.toMatch(/NaN|Infinity/);
  expect(svg).toContain('in 98,765,432,109,876,543,210,987,654,321 ETH, out 1 ETH');
  expect(svg.match(/data-point=""/g)).toHaveLength(1);
});
