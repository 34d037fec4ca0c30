/**
 * Personal-data reference for x402-commerce-pii-minimization-check (design sheet §R, "PII
 * detectors"): the checksum and format rules of the value detectors (Luhn for card numbers, IBAN
 * country lengths and ISO 7064 mod-97, E.164 phone numbers) and our purpose → necessity table.
 * Public algorithms and our own table, restated as data. Versioned with X402_REFERENCE_DATA_VERSION.
 */

export const PII_TYPES = [
  'email',
  'phone',
  'postal_address',
  'person_name',
  'date_of_birth',
  'government_id',
  'card_pan',
  'iban',
  'ip_address',
  'precise_geo',
  'wallet_address',
  'free_text',
] as const;
export type PiiType = (typeof PII_TYPES)[number];

/** Types whose presence without need is the worst outcome (sensitive_exposed). */
export const PII_SENSITIVE_TYPES: readonly PiiType[] = ['card_pan', 'government_id', 'date_of_birth'];

export const PII_PURPOSES = ['digital_goods_x402', 'physical_goods_shipping', 'subscription', 'donation', 'kyc_required_service'] as const;
export type PiiPurpose = (typeof PII_PURPOSES)[number];

export const PII_NECESSITIES = ['required', 'optional', 'unnecessary'] as const;
export type PiiNecessity = (typeof PII_NECESSITIES)[number];

/**
 * What each purpose needs. Anything not listed is unnecessary. Card numbers are unnecessary for every
 * purpose: card data belongs with a card processor, never in a commerce payload.
 */
const NEEDS: Readonly<Record<PiiPurpose, Partial<Record<PiiType, Exclude<PiiNecessity, 'unnecessary'>>>>> = {
  digital_goods_x402: { wallet_address: 'required' },
  physical_goods_shipping: { person_name: 'required', postal_address: 'required', phone: 'optional', email: 'optional', wallet_address: 'optional', free_text: 'optional' },
  subscription: { email: 'required', wallet_address: 'required', person_name: 'optional' },
  donation: { wallet_address: 'required', email: 'optional', person_name: 'optional', postal_address: 'optional' },
  kyc_required_service: {
    person_name: 'required',
    date_of_birth: 'required',
    government_id: 'required',
    postal_address: 'required',
    wallet_address: 'required',
    email: 'optional',
    phone: 'optional',
    iban: 'optional',
    ip_address: 'optional',
  },
};

/** The necessity of a personal-data type for a purpose. */
export function piiNecessity(purpose: PiiPurpose, type: PiiType): PiiNecessity {
  return NEEDS[purpose][type] ?? 'unnecessary';
}

/** Luhn (mod 10) over a string of digits, as card numbers carry it. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number (PAN): 13 to 19 digits. */
export const PAN_LENGTH = { min: 13, max: 19 } as const;

/** IBAN length per ISO 3166 country code (SWIFT IBAN registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24,
  DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28,
  HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25,
  QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20,
};

/**
 * An IBAN (spaces allowed, any case): the country's length, then ISO 7064 mod 97-10 — move the first
 * four characters to the end, letters to 10..35, and the number mod 97 must be 1.
 */
export function ibanValid(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  let remainder = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

/** E.164: "+", a country code not starting with 0, at most 15 digits in all (we require at least 8). */
export const E164 = /^\+[1-9]\d{7,14}$/;

/** An E.164-like phone number: E.164 once spaces, dots, dashes and parentheses are removed. */
export function e164Like(value: string): boolean {
  return E164.test(value.replace(/[\s.()-]/g, ''));
}
