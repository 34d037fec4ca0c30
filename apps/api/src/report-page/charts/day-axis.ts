import { dayNumber, shortDay } from '../../page/format.js';

export interface AxisLabel {
  x: number;
  label: string;
  anchor: 'start' | 'middle' | 'end';
}

export interface DayAxis {
  /** Width of one day. */
  slot: number;
  /** Centre of the day of the i-th date. */
  xs: number[];
  /** First, middle and last day. */
  labels: AxisLabel[];
}

/**
 * Places YYYY-MM-DD dates on left..right by calendar day, so days without activity keep their
 * width. When any date cannot be read, dates are placed one slot apart in the order given.
 */
export function dayAxis(dates: readonly string[], left: number, right: number): DayAxis {
  if (dates.length === 0) return { slot: right - left, xs: [], labels: [] };
  const days = dates.map(dayNumber);
  const positions = days.every((d): d is number => d !== null) ? days : dates.map((_, i) => i);
  const first = Math.min(...positions);
  const span = Math.max(...positions) - first + 1;
  const slot = (right - left) / span;
  const xs = positions.map((p) => left + (p - first + 0.5) * slot);

  const order = xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]!);
  const firstIndex = order[0]!;
  const lastIndex = order[order.length - 1]!;
  const middleX = (left + right) / 2;
  const middleIndex = order.reduce((best, i) => (Math.abs(xs[i]! - middleX) < Math.abs(xs[best]! - middleX) ? i : best), firstIndex);
  const label = (i: number, anchor: AxisLabel['anchor']): AxisLabel => ({ x: xs[i]!, label: shortDay(dates[i]!), anchor });
  if (firstIndex === lastIndex) return { slot, xs, labels: [label(firstIndex, 'middle')] };
  const labels = [label(firstIndex, 'start'), label(lastIndex, 'end')];
  // The middle label only when it has room between the ends.
  if (span >= 5 && middleIndex !== firstIndex && middleIndex !== lastIndex) labels.splice(1, 0, label(middleIndex, 'middle'));
  return { slot, xs, labels };
}
