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

/**
 * Interleaves independent storylines into one history, oldest first. Within a section, a step without
 * `daysAgo` is dated like the step before it (for ordering only: its timestamp is still spread between
 * its neighbours); the first step of each section must carry `daysAgo`. Steps of equal date keep the
 * order of their sections.
 */
export function mergeChronologically(sections: readonly (readonly Step[])[]): Step[] {
  const dated: { step: Step; daysAgo: number }[] = [];
  for (const section of sections) {
    let daysAgo: number | undefined;
    for (const step of section) {
      const current = step.daysAgo ?? daysAgo;
      if (current === undefined) throw new Error(`step ${step.name} opens a section and needs daysAgo`);
      if (daysAgo !== undefined && current > daysAgo) throw new Error(`step ${step.name} is dated before the step ahead of it`);
      daysAgo = current;
      dated.push({ step, daysAgo });
    }
  }
  // Array.prototype.sort is stable, so equal dates keep their section order.
  return dated.sort((a, b) => b.daysAgo - a.daysAgo).map((d) => d.step);
}
