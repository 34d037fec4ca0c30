import { HISTORY_DAYS, stepTimestamps } from '../src/scenario/schedule.js';

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
