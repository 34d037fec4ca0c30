/** Decimal strings as the spec uses them: non-negative, at most six fractional digits. */
export const DECIMAL_PATTERN = /^(0|[1-9]\d*)(\.\d{1,6})?$/;

/** "0.01" -> "10000" (units of 10^-6). Throws on anything that is not a decimal string. */
export function decimalToAtomic(decimal: string, decimals = 6): string {
  if (!DECIMAL_PATTERN.test(decimal)) throw new Error(`not a decimal amount: ${decimal}`);
  const [whole = '0', fraction = ''] = decimal.split('.');
  if (fraction.length > decimals) throw new Error(`more than ${decimals} fractional digits: ${decimal}`);
  const atomic = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return atomic.toString();
}

/** "10000" -> "0.01"; keeps at least `minFraction` fractional digits and drops trailing zeros beyond them. */
export function atomicToDecimal(atomic: string | bigint, decimals = 6, minFraction = 0): string {
  const value = BigInt(atomic);
  if (value < 0n) throw new Error('negative amount');
  const base = 10n ** BigInt(decimals);
  const whole = value / base;
  let fraction = (value % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** Formats a raw token amount for people: at most `maxFraction` digits, no exponent. */
export function formatUnitsCompact(raw: bigint, decimals: number, maxFraction = 6): string {
  const negative = raw < 0n;
  const value = negative ? -raw : raw;
  const base = 10n ** BigInt(decimals);
  const whole = value / base;
  const fraction = (value % base).toString().padStart(decimals, '0').slice(0, maxFraction).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
