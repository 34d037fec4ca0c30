import { formatUnitsCompact } from '@paysight/contracts';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "1234567.5" -> "1,234,567.5"; exact for any length. Anything that is not a decimal string is returned as given. */
export function groupDigits(decimal: string): string {
  const match = DECIMAL.exec(decimal);
  if (!match) return decimal;
  const whole = match[1]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return match[2] === undefined ? whole : `${whole}.${match[2]}`;
}

/** A raw integer amount (wei, token units) in whole units as an exact decimal string; null when it is not an integer string. */
export function wholeUnits(raw: string, decimals: number, maxFraction = 6): string | null {
  return /^\d+$/.test(raw) ? formatUnitsCompact(BigInt(raw), decimals, maxFraction) : null;
}

/** A decimal string as a number for drawing: positions need no more precision than a double has. Not a finite decimal -> 0. */
export function toNumber(decimal: string): number {
  if (!DECIMAL.test(decimal)) return 0;
  const value = Number(decimal);
  return Number.isFinite(value) ? value : Number.MAX_VALUE;
}

/** "1234.5" -> "$1,234.50", rounded half up to cents, exactly. */
export function formatUsd(decimal: string): string {
  const match = DECIMAL.exec(decimal);
  if (!match) return `${decimal} USD`;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const cents = BigInt(match[1]!) * 100n + BigInt(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1n : 0n);
  return `$${groupDigits((cents / 100n).toString())}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** "0x1234567890abcdef…" -> "0x1234…cdef". */
export function shortHex(hex: string): string {
  return hex.length <= 13 ? hex : `${hex.slice(0, 6)}…${hex.slice(-4)}`;
}

/** Days since 1970-01-01 of a YYYY-MM-DD date; null for anything else. */
export function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) ? null : time / 86_400_000;
}

/** "2026-10-03" -> "Oct 3"; anything else is returned as given. */
export function shortDay(date: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? MONTHS[Number(match[1]) - 1] : undefined;
  return match && month ? `${month} ${Number(match[2])}` : date;
}

/** An ISO 8601 time -> "2026-11-23 04:03 UTC"; a plain date or anything unparseable is returned as given. */
export function formatTimestamp(iso: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const UNITS: [limit: number, suffix: string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** Axis label: three significant digits, K/M/B/T up to trillions, exponent beyond ("1.2e15"). */
export function compactNumber(n: number): string {
  if (!Number.isFinite(n)) return '∞';
  const sign = n < 0 ? '-' : '';
  const rounded = Number(Math.abs(n).toPrecision(3));
  if (rounded >= 1e15) return sign + rounded.toExponential(2).replace(/\.?0+e/, 'e').replace('e+', 'e');
  const unit = UNITS.find(([limit]) => rounded >= limit);
  const scaled = unit ? Number((rounded / unit[0]).toPrecision(3)) : rounded;
  return `${sign}${scaled}${unit ? unit[1] : ''}`;
}
