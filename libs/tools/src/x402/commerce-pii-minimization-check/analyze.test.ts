import { PII_CHECK_LIMITS, catalogEntry, commercePiiMinimizationCheckRequest, commercePiiMinimizationCheckResult } from '@paysight/contracts';
import { analyzePiiCheck, detect, mask, recommend, type PiiCheckInput } from './analyze.js';

function run(body: Record<string, unknown>) {
  const input: PiiCheckInput = commercePiiMinimizationCheckRequest.parse(body);
  const output = analyzePiiCheck(input);
  expect(commercePiiMinimizationCheckResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const WALLET = '0x1111111111111111111111111111111111111111';
const rows = (result: ReturnType<typeof run>) => result.findings.map((f) => `${f.path} ${f.pii_type} ${f.necessity} ${f.recommendation}`);

describe('x402-commerce-pii-minimization-check', () => {
  it('the worked example of design §47: a Luhn-valid card for digital goods is sensitive_exposed; email and phone are unnecessary', () => {
    const result = run(catalogEntry('x402_commerce_pii_minimization_check').example as Record<string, unknown>);
    expect(result.decision).toBe('sensitive_exposed');
    expect(result.confidence).toBe('high');
    expect(rows(result)).toEqual([
      '/buyer/email email unnecessary hash',
      '/buyer/phone phone unnecessary hash',
      '/buyer/wallet wallet_address required keep',
      '/card card_pan unnecessary drop',
    ]);
    expect(result.findings.map((f) => [f.detector, f.basis, f.masked])).toEqual([
      ['email_pattern', 'format', '******'],
      ['e164', 'format', '+1***********23'],
      ['evm_address', 'format', expect.stringMatching(/^0x\*{38}[0-9a-fA-F]{2}$/)],
      ['luhn', 'checksum', '41***************11'],
    ]);
    expect(result.minimized_field_count).toBe(3);
    expect(result.risk_flags).toEqual(['unnecessary_card_pan', 'unnecessary_email', 'unnecessary_phone']);
    expect(JSON.stringify(result)).not.toContain('4111 1111');
  });

  it('over_collected: an IP, precise geo and free text in a digital-goods payload; a Luhn-invalid number is no card', () => {
    const result = run({ purpose: 'digital_goods_x402', payload: { payer: WALLET, client: { ip: '203.0.113.7', lat: 52.52001, lon: 13.40495 }, notes: 'leave it at the door please', ref: '4111111111111112' } });
    expect(result.decision).toBe('over_collected');
    expect(rows(result)).toEqual([
      '/payer wallet_address required keep',
      '/client/ip ip_address unnecessary drop',
      '/client/lat precise_geo unnecessary drop',
      '/client/lon precise_geo unnecessary drop',
      '/notes free_text unnecessary drop',
    ]);
    expect(result.confidence).toBe('high');
  });

  it('over_collected on key names only is medium confidence', () => {
    const result = run({ purpose: 'subscription', payload: { customer: { name: 'Ada Lovelace', email: 'ada@example.org' }, product: { name: 'Pro plan' }, wallet: WALLET, billing: { city: 'London' } } });
    expect(rows(result)).toEqual(['/customer/name person_name optional keep', '/customer/email email required keep', '/wallet wallet_address required keep', '/billing/city postal_address unnecessary drop']);
    expect(result.decision).toBe('over_collected');
    expect(result.confidence).toBe('medium');
  });

  it('minimal: shipping needs name, address and may take a phone; a valid IBAN and a DOB are sensitive only where not needed', () => {
    const shipping = run({ purpose: 'physical_goods_shipping', payload: { shipping: { name: 'Ada Lovelace', line1: '12 Baker Street', postal_code: 'NW1 6XE', phone: '+44 20 7946 0958' }, wallet: WALLET } });
    expect(shipping.decision).toBe('minimal');
    expect(shipping.minimized_field_count).toBe(0);
    expect(shipping.confidence).toBe('medium');
    const kyc = run({ purpose: 'kyc_required_service', payload: { dob: '1990-01-01', iban: 'GB82 WEST 1234 5698 7654 32', ssn: '123-45-6789', name: { first_name: 'Ada' }, wallet: WALLET } });
    expect(rows(kyc)).toEqual([
      '/dob date_of_birth required keep',
      '/iban iban optional truncate',
      '/ssn government_id required keep',
      '/name/first_name person_name required keep',
      '/wallet wallet_address required keep',
    ]);
    expect(kyc.decision).toBe('minimal');
    const donation = run({ purpose: 'donation', payload: { donor: { birthday: '1990-01-01' }, wallet: WALLET } });
    expect(donation.decision).toBe('sensitive_exposed');
    expect(donation.confidence).toBe('medium');
  });

  it('declared_needed keeps a field and clears over_collected, but not a sensitive one; unmatched pointers are flagged', () => {
    const body = { purpose: 'digital_goods_x402', payload: { buyer: { email: 'buyer@example.org' }, wallet: WALLET } };
    expect(run(body).decision).toBe('over_collected');
    const declared = run({ ...body, declared_needed: ['/buyer', '/nothing'] });
    expect(declared.decision).toBe('minimal');
    expect(declared.findings[0]).toMatchObject({ path: '/buyer/email', necessity: 'unnecessary', declared_needed: true, recommendation: 'keep' });
    expect(declared.risk_flags).toEqual(['declared_beyond_purpose', 'declared_path_not_found', 'unnecessary_email']);
    const card = run({ purpose: 'digital_goods_x402', payload: { card: 5555555555554444 }, declared_needed: ['/card'] });
    expect(card.decision).toBe('sensitive_exposed');
  });

  it('detectors skip amounts, timestamps and ids, read array items under their field and person names only under a person', () => {
    expect(detect('4111111111111111', 'amount_atomic', '')).toBeNull();
    expect(detect(1764300000000, 'created_at', '')).toBeNull();
    expect(detect('4111111111111111', 'order_id', '')).toBeNull();
    expect(detect('Widget', 'name', 'product')).toBeNull();
    expect(detect('Ada', 'name', 'recipient')).toMatchObject({ type: 'person_name' });
    expect(detect('2001:db8::1', 'peer', '')).toMatchObject({ type: 'ip_address' });
    expect(detect('1.0.0.1', 'version', '')).toBeNull();
    expect(detect('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d', 'payer', '')).toMatchObject({ type: 'wallet_address', basis: 'key_name' });
    const result = run({ purpose: 'donation', payload: { contacts: ['x@example.org', 'y@example.org'], wallet: WALLET } });
    expect(result.findings.map((f) => f.path)).toEqual(['/contacts/0', '/contacts/1', '/wallet']);
  });

  it('recommendations and masking', () => {
    expect(recommend('ip_address', 'optional', false)).toBe('truncate');
    expect(recommend('email', 'optional', false)).toBe('keep');
    expect(recommend('email', 'unnecessary', false)).toBe('hash');
    expect(recommend('date_of_birth', 'unnecessary', false)).toBe('drop');
    expect(recommend('date_of_birth', 'unnecessary', true)).toBe('keep');
    expect(mask('abc')).toBe('***');
    expect(mask('abcdefgh')).toBe('ab****gh');
  });

  describe('request bounds', () => {
    const parse = (body: unknown) => commercePiiMinimizationCheckRequest.safeParse(body).success;
    it('payload up to 64 KiB, 50 JSON pointers, the purpose enum, strict top level', () => {
      const sized = (bytes: number) => ({ pad: 'x'.repeat(bytes - '{"pad":""}'.length) });
      expect(parse({ purpose: 'donation', payload: sized(PII_CHECK_LIMITS.payloadBytes) })).toBe(true);
      expect(parse({ purpose: 'donation', payload: sized(PII_CHECK_LIMITS.payloadBytes + 1) })).toBe(false);
      expect(parse({ purpose: 'donation', payload: {}, declared_needed: Array.from({ length: 50 }, (_, i) => `/a/${i}`) })).toBe(true);
      expect(parse({ purpose: 'donation', payload: {}, declared_needed: Array.from({ length: 51 }, (_, i) => `/a/${i}`) })).toBe(false);
      expect(parse({ purpose: 'donation', payload: {}, declared_needed: ['a/b'] })).toBe(false);
      expect(parse({ purpose: 'donation', payload: {}, declared_needed: ['/a~2'] })).toBe(false);
      expect(parse({ purpose: 'lottery', payload: {} })).toBe(false);
      expect(parse({ purpose: 'donation', payload: [] })).toBe(false);
      expect(parse({ purpose: 'donation', payload: {}, extra: 1 })).toBe(false);
    });

    it('answers at the limits without crashing', () => {
      const payload = { rows: Array.from({ length: 880 }, (_, i) => ({ email: `u${i}@example.org`, card: '4111 1111 1111 1111', lat: 52.52001 })) };
      expect(JSON.stringify(payload).length).toBeLessThan(PII_CHECK_LIMITS.payloadBytes);
      const result = run({ purpose: 'subscription', payload, declared_needed: Array.from({ length: 50 }, (_, i) => `/rows/${i}`) });
      expect(result.findings).toHaveLength(2640);
      expect(result.decision).toBe('sensitive_exposed');
    });
  });
});
