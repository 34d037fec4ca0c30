import { IBAN_LENGTHS, PII_PURPOSES, PII_SENSITIVE_TYPES, PII_TYPES, e164Like, ibanValid, luhnValid, piiNecessity } from './pii.js';

describe('PII reference data', () => {
  it('Luhn accepts test card numbers and refuses a changed digit or non-digits', () => {
    expect(['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117'].every(luhnValid)).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('IBAN: country length and mod-97, spaces and case ignored', () => {
    expect(ibanValid('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(ibanValid('de89370400440532013000')).toBe(true);
    expect(ibanValid('GB82WEST12345698765433')).toBe(false);
    expect(ibanValid('GB82WEST123456987654')).toBe(false);
    expect(ibanValid('ZZ82WEST12345698765432')).toBe(false);
    expect(IBAN_LENGTHS.NO).toBe(15);
    expect(IBAN_LENGTHS.LC).toBe(32);
  });

  it('E.164-like phone numbers: a plus, a non-zero country code, 8 to 15 digits', () => {
    expect(e164Like('+14155550123')).toBe(true);
    expect(e164Like('+44 (20) 7946-0958')).toBe(true);
    expect(e164Like('+0123456789')).toBe(false);
    expect(e164Like('4155550123')).toBe(false);
    expect(e164Like('+1234567890123456')).toBe(false);
  });

  it('necessity: digital goods need only the wallet, KYC needs identity, card numbers are never needed', () => {
    expect(PII_TYPES.filter((t) => piiNecessity('digital_goods_x402', t) !== 'unnecessary')).toEqual(['wallet_address']);
    expect(piiNecessity('kyc_required_service', 'government_id')).toBe('required');
    expect(piiNecessity('physical_goods_shipping', 'phone')).toBe('optional');
    for (const purpose of PII_PURPOSES) expect(piiNecessity(purpose, 'card_pan')).toBe('unnecessary');
    expect(PII_SENSITIVE_TYPES).toEqual(['card_pan', 'government_id', 'date_of_birth']);
  });
});
