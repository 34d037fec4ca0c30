import { axisTicks, linearScale, px } from './scale.js';

const values = (max: number, count?: number) => axisTicks(max, count).map((t) => t.value);

test('the axis starts at 0 and ends on a round value at or above the maximum', () => {
  expect(values(4.87)).toEqual([0, 2, 4, 6]);
  expect(values(100)).toEqual([0, 25, 50, 75, 100]);
  expect(values(0.0031)).toEqual([0, 0.001, 0.002, 0.003, 0.004]);
  expect(values(1700, 3)).toEqual([0, 1000, 2000]);
  expect(values(2.4, 3)).toEqual([0, 1, 2, 3]);
});

test('nothing to show still gives a 0..1 axis', () => {
  for (const max of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(values(max)).toEqual([0, 0.25, 0.5, 0.75, 1]);
});

test('very large maxima get finite, labelled ticks', () => {
  const ticks = axisTicks(1.2345678901234568e29);
  expect(ticks.every((t) => Number.isFinite(t.value))).toBe(true);
  expect(ticks[ticks.length - 1]!.value).toBeGreaterThanOrEqual(1.2345678901234568e29);
  expect(ticks.map((t) => t.label)).toEqual(['0', '5e28', '1e29', '1.5e29']);
});

test('linearScale maps the domain onto the range in either direction, clamped', () => {
  const up = linearScale(10, 100, 0);
  expect([up(0), up(5), up(10), up(20), up(-1)]).toEqual([100, 50, 0, 0, 100]);
  expect(linearScale(0, 7, 99)(3)).toBe(7);
});

test('px writes at most two decimals', () => {
  expect(px(1 / 3)).toBe('0.33');
  expect(px(12)).toBe('12');
});
