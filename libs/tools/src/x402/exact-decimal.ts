/**
 * Exact non-negative or signed decimals as n / 10^scale with BigInt, for the tools that compare or
 * construct amounts at any precision (AMT stays bounded by an asset's decimals). Never floats.
 */
export interface ExactDecimal {
  n: bigint;
  scale: number;
}

const PLAIN = /^(\d+)(?:\.(\d+))?$/;

/** A plain non-negative decimal string ("0.01", "12", "3.000") to an exact decimal; null when it is not one. */
export function parseExact(text: string): ExactDecimal | null {
  const match = PLAIN.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { n: BigInt(match[1]! + fraction), scale: fraction.length };
}

/** x · 10^k exactly (k may be negative: the scale grows). */
export function shift(x: ExactDecimal, k: number): ExactDecimal {
  if (k >= 0) return x.scale >= k ? { n: x.n, scale: x.scale - k } : { n: x.n * 10n ** BigInt(k - x.scale), scale: 0 };
  return { n: x.n, scale: x.scale - k };
}

/** The two values over one common scale. */
function aligned(a: ExactDecimal, b: ExactDecimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.n * 10n ** BigInt(scale - a.scale), b.n * 10n ** BigInt(scale - b.scale), scale];
}

export function compareExact(a: ExactDecimal, b: ExactDecimal): number {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function subtractExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const [x, y, scale] = aligned(a, b);
  return { n: x - y, scale };
}

export function addExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const [x, y, scale] = aligned(a, b);
  return { n: x + y, scale };
}

export function multiplyExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  return { n: a.n * b.n, scale: a.scale + b.scale };
}

/** The canonical string: no leading zeros, no trailing fraction zeros, "-" for negatives ("0.00000033", "-1.5", "0"). */
export function formatExact(x: ExactDecimal): string {
  const negative = x.n < 0n;
  const digits = (negative ? -x.n : x.n).toString().padStart(x.scale + 1, '0');
  const whole = digits.slice(0, digits.length - x.scale);
  const fraction = digits.slice(digits.length - x.scale).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

/** The integer part and whether a non-zero fraction was dropped (x ≥ 0). */
export function integerPart(x: ExactDecimal): { whole: bigint; fractional: boolean } {
  const unit = 10n ** BigInt(x.scale);
  return { whole: x.n / unit, fractional: x.n % unit !== 0n };
}
