import { AMT } from './helpers.js';

/**
 * An AP2 amount value (a JSON number, AP2's float, or a decimal string) in atomic units of 6
 * decimals, read exactly: null when it has more than 6 fraction digits, an exponent or a sign.
 * A number is read from its shortest round-trip text, so 0.1 is 100000 and never 0.1000000000000000055.
 */
export function readAp2Amount(value: number | string): { atomic: bigint; decimal: string } | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const atomic = AMT.toAtomic(text);
  return atomic === null ? null : { atomic, decimal: AMT.toDecimal(atomic) };
}
