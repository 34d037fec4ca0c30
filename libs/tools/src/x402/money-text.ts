import { parseExact, shift, type ExactDecimal } from './exact-decimal.js';

/**
 * US-dollar amounts as people read them ("$0.01", "0.01 USDC", "50¢", "2.5k USDC"), exactly: one
 * display text (#19) or every amount mentioned in free text (#38, #39). Never floats.
 */

/** Currency marker, number, optional k/M, optional cents or currency suffix. */
const DISPLAY = /^(?:US\$|\$|USDC|USD)?\s*([\d.,]+)\s*([kM])?\s*(¢|cents?|USDC|USD)?$/i;
const THOUSANDS = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

export interface Display {
  value: ExactDecimal;
  /** The shown precision: the display's last digit is worth 10^ulp. */
  ulp: number;
}

/** The display text as an exact amount in currency units, or the reason it cannot be read unambiguously. */
export function readDisplay(text: string): Display | { ambiguous: string } {
  const match = DISPLAY.exec(text.trim());
  if (!match) return { ambiguous: 'no recognisable US dollar amount' };
  let digits = match[1]!;
  if (digits.includes(',')) {
    if (!digits.includes('.')) return { ambiguous: 'a comma without a point may be a decimal comma' };
    if (!THOUSANDS.test(digits)) return { ambiguous: 'commas that are not thousands separators' };
    digits = digits.replaceAll(',', '');
  }
  const written = parseExact(digits);
  if (written === null) return { ambiguous: 'not a number' };
  const suffix = match[2] === undefined ? 0 : match[2].toLowerCase() === 'k' ? 3 : 6;
  if (match[2] === 'm') return { ambiguous: 'a lower-case m may mean milli or million' };
  const cents = match[3] !== undefined && /^(¢|cents?)$/i.test(match[3]) ? -2 : 0;
  const exponent = suffix + cents;
  return { value: shift(written, exponent), ulp: exponent - written.scale };
}

const NUMBER = String.raw`(?<![\p{L}\p{N}.,])\d+(?:[.,]\d+)*(?:\s?[kM](?![\p{L}\p{N}]))?`;
/** A currency marker before the number, or cents or a currency after it. */
const MONEY = new RegExp(String.raw`(?:US\$|\$|USDC(?!\p{L})|USD(?!\p{L}))\s?${NUMBER}|${NUMBER}\s?(?:¢|cents?(?!\p{L})|USDC(?!\p{L})|USD(?!\p{L}))`, 'giu');

export interface MoneyMention {
  /** The text as written ("$0.01", "0.10 USDC"). */
  text: string;
  /** Its offset in the searched text. */
  index: number;
  /** USDC when the mention names USDC; USD for $, US$, USD and cents. */
  currency: 'USD' | 'USDC';
  /** The exact amount, or null when the mention is ambiguous ("1,50 USD", "$5m"). */
  value: ExactDecimal | null;
}

/** Every dollar or USDC amount mentioned in free text, in text order. Linear in the text's length. */
export function findMoney(text: string): MoneyMention[] {
  return [...text.matchAll(MONEY)].map((match) => {
    const read = readDisplay(match[0]);
    return { text: match[0], index: match.index, currency: /usdc/i.test(match[0]) ? 'USDC' : 'USD', value: 'ambiguous' in read ? null : read.value };
  });
}
