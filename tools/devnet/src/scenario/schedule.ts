import type { Step } from './types.js';

export const HISTORY_DAYS = 60;
const DAY = 86_400;
/** The last seeded step is this long before the start, so the history never reaches "now". */
const HISTORY_END_OFFSET = 3_600;

/**
 * Unix timestamps for the steps: a step with `daysAgo` sits exactly there; the others are spread
 * evenly between their neighbours, the history opening HISTORY_DAYS before `now` and closing an hour
 * before it. Throws when the explicit times are out of order.
 */
export function stepTimestamps(steps: readonly Pick<Step, 'name' | 'daysAgo'>[], now: number): number[] {
  const anchors: { index: number; time: number }[] = [{ index: -1, time: now - HISTORY_DAYS * DAY }];
  steps.forEach((step, index) => {
    if (step.daysAgo === undefined) return;
    if (step.daysAgo < 0 || step.daysAgo > HISTORY_DAYS) {
      throw new Error(`step ${step.name}: daysAgo must be between 0 and ${HISTORY_DAYS}`);
    }
    anchors.push({ index, time: now - Math.round(step.daysAgo * DAY) });
  });
  anchors.push({ index: steps.length, time: now - HISTORY_END_OFFSET });

  const times: number[] = [];
  for (let a = 1; a < anchors.length; a++) {
    const left = anchors[a - 1]!;
    const right = anchors[a]!;
    if (right.time < left.time) {
      const name = steps[right.index]?.name ?? 'the end of the history';
      throw new Error(`step ${name} is dated before the step ahead of it`);
    }
    for (let index = left.index + 1; index < right.index; index++) {
      times.push(left.time + Math.floor(((right.time - left.time) * (index - left.index)) / (right.index - left.index)));
    }
    if (right.index < steps.length) times.push(right.time);
  }
  return times;
}
