import { HISTORY_DAYS, mergeChronologically, stepTimestamps } from '../src/scenario/schedule.js';
import type { Step } from '../src/scenario/types.js';

const DAY = 86_400;
const NOW = 1_800_000_000;
const steps = (...daysAgo: (number | undefined)[]) => daysAgo.map((d, i) => ({ name: `s${i}`, ...(d !== undefined && { daysAgo: d }) }));

describe('stepTimestamps', () => {
  it('spreads undated steps evenly from HISTORY_DAYS ago to an hour ago', () => {
    const times = stepTimestamps(steps(undefined, undefined, undefined), NOW);
    const start = NOW - HISTORY_DAYS * DAY;
    const span = NOW - 3_600 - start;
    expect(times).toEqual([start + Math.floor(span / 4), start + Math.floor(span / 2), start + Math.floor((3 * span) / 4)]);
  });

  it('puts dated steps exactly on their day and interpolates the ones between', () => {
    const times = stepTimestamps(steps(60, undefined, 40, undefined, undefined, 1), NOW);
    expect(times[0]).toBe(NOW - 60 * DAY);
    expect(times[1]).toBe(NOW - 50 * DAY);
    expect(times[2]).toBe(NOW - 40 * DAY);
    expect(times[5]).toBe(NOW - DAY);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[3]! - times[2]!).toBe(times[4]! - times[3]!);
  });

  it('refuses dates out of order or outside the history', () => {
    expect(() => stepTimestamps(steps(10, 20), NOW)).toThrow('step s1 is dated before the step ahead of it');
    expect(() => stepTimestamps(steps(HISTORY_DAYS + 1), NOW)).toThrow(`daysAgo must be between 0 and ${HISTORY_DAYS}`);
  });
});

describe('mergeChronologically', () => {
  const step = (name: string, daysAgo?: number): Step => ({ name, kind: 'native-transfer', from: 'a', to: 'b', value: 1n, ...(daysAgo !== undefined && { daysAgo }) });
  const names = (merged: Step[]) => merged.map((s) => s.name);

  it('interleaves sections by date, undated steps travelling with the step before them', () => {
    const merged = mergeChronologically([
      [step('a1', 60), step('a2'), step('a3', 10)],
      [step('b1', 30), step('b2', 20), step('b3')],
    ]);
    expect(names(merged)).toEqual(['a1', 'a2', 'b1', 'b2', 'b3', 'a3']);
  });

  it('keeps section order for equal dates', () => {
    expect(names(mergeChronologically([[step('a', 5)], [step('b', 5)], [step('c', 5)]]))).toEqual(['a', 'b', 'c']);
  });

  it('refuses a section without a date to start from, or with dates out of order', () => {
    expect(() => mergeChronologically([[step('x')]])).toThrow('step x opens a section and needs daysAgo');
    expect(() => mergeChronologically([[step('x', 3), step('y', 4)]])).toThrow('step y is dated before the step ahead of it');
  });
});
