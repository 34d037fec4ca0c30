import { dayAxis } from './day-axis.js';

test('dates sit in the middle of their day, by calendar: a gap keeps its width', () => {
  const axis = dayAxis(['2026-10-01', '2026-10-02', '2026-10-05'], 0, 500);
  expect(axis.slot).toBe(100);
  expect(axis.xs).toEqual([50, 150, 450]);
  expect(axis.labels).toEqual([
    { x: 50, label: 'Oct 1', anchor: 'start' },
    { x: 150, label: 'Oct 2', anchor: 'middle' },
    { x: 450, label: 'Oct 5', anchor: 'end' },
  ]);
});

test('one date fills the axis and is labelled once, in the middle', () => {
  expect(dayAxis(['2026-10-01'], 0, 300)).toEqual({ slot: 300, xs: [150], labels: [{ x: 150, label: 'Oct 1', anchor: 'middle' }] });
});

test('no dates: no positions, no labels', () => {
  expect(dayAxis([], 10, 110)).toEqual({ slot: 100, xs: [], labels: [] });
});

test('short spans get no middle label; unreadable dates are placed in order', () => {
  expect(dayAxis(['2026-10-01', '2026-10-02', '2026-10-03'], 0, 300).labels.map((l) => l.label)).toEqual(['Oct 1', 'Oct 3']);
  const axis = dayAxis(['day one', 'day two'], 0, 200);
  expect(axis.xs).toEqual([50, 150]);
  expect(axis.labels.map((l) => l.label)).toEqual(['day one', 'day two']);
});
