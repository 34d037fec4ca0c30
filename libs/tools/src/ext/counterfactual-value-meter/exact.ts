import { formatUnitsCompact } from '@paysight/contracts';

/** Utilities are read as integer millionths (the schemas allow at most six fractional digits). */
export const UNIT = 1_000_000n;

/**
 * numerator / denominator as a decimal string with at most `digits` fractional digits, rounded half
 * away from zero, trailing zeros dropped, never "-0". Exact for any size: bigint throughout.
 */
export function fractionToDecimal(numerator: bigint, denominator: bigint, digits = 6): string {
  if (denominator === 0n) throw new Error('fractionToDecimal: zero denominator');
  const negative = numerator < 0n !== denominator < 0n && numerator !== 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const scaled = n * 10n ** BigInt(digits);
  let rounded = scaled / d;
  if ((scaled % d) * 2n >= d) rounded += 1n;
  const text = formatUnitsCompact(rounded, digits, digits);
  return negative && rounded !== 0n ? `-${text}` : text;
}

/** Signed millionths as a decimal string ("-0.25"). */
export const fromMicro = (micro: bigint): string => fractionToDecimal(micro, UNIT);

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x;
};

/** numerator / denominator (denominator > 0) in lowest terms: "7/3", or "2" when it is whole. */
export function reducedFraction(numerator: bigint, denominator: bigint): string {
  const divisor = gcd(numerator, denominator) || 1n;
  const [n, d] = [numerator / divisor, denominator / divisor];
  return d === 1n ? n.toString() : `${n}/${d}`;
}
