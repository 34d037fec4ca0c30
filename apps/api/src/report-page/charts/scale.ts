import { compactNumber } from '../../page/format.js';

export interface Tick {
  value: number;
  label: string;
}

/** The smallest 1, 2, 2.5 or 5 times a power of ten that is at least `value` (positive values). */
function niceStep(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const multiple = [1, 2, 2.5, 5, 10].find((m) => m * power >= value * (1 - 1e-12))!;
  return multiple * power;
}

/**
 * An axis from 0 to a round top at or above `max`, split into at most `count` equal steps.
 * Nothing to show (max 0, negative or not finite) still gives an axis of 0..1.
 */
export function axisTicks(max: number, count = 4): Tick[] {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const step = niceStep(top / count);
  const steps = Math.max(1, Math.ceil(top / step - 1e-9));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const value = Number((i * step).toPrecision(12));
    return { value, label: compactNumber(value) };
  });
}

/** Maps 0..domainMax onto from..to (either direction); a zero domain maps everything to `from`. */
export function linearScale(domainMax: number, from: number, to: number): (value: number) => number {
  return (value) => (domainMax > 0 ? from + (Math.min(Math.max(value, 0), domainMax) / domainMax) * (to - from) : from);
}

/** Pixel coordinates are written with at most two decimals. */
export function px(value: number): string {
  return String(Math.round(value * 100) / 100);
}
