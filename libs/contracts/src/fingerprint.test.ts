import { canonicalJson, fingerprint, inputFingerprint } from './fingerprint.js';

describe('canonical JSON (RFC 8785)', () => {
  it('serializes the numbers, strings and literals of the RFC example (section 3.2.2)', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalJson(input)).toBe('{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
  });

  it('sorts keys by UTF-16 code units (RFC 8785 section 3.2.3)', () => {
    const input = JSON.parse('{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control","\\u00f6":"Latin Small Letter O With Diaeresis"}');
    // Read the order off the text: a parsed object would put the integer-like key "1" first again.
    const values = [...canonicalJson(input).matchAll(/:"([^"]*)"/g)].map((m) => m[1]);
    expect(values).toEqual([
      'Carriage Return',
      'One',
      'Control',
      'Latin Small Letter O With Diaeresis',
      'Euro Sign',
      'Emoji: Grinning Face',
      'Hebrew Letter Dalet With Dagesh',
    ]);
  });

  it('canonicalizes the JSON a value is sent as: undefined left out, non-finite numbers null, Dates and bigints as strings', () => {
    expect(canonicalJson({ b: undefined, a: [1, undefined] })).toBe('{"a":[1,null]}');
    expect(canonicalJson({ a: Number.NaN, b: Number.POSITIVE_INFINITY })).toBe('{"a":null,"b":null}');
    expect(canonicalJson({ at: new Date('2026-11-24T00:00:00Z'), n: 10n ** 20n })).toBe('{"at":"2026-11-24T00:00:00.000Z","n":"100000000000000000000"}');
  });

  it('gives the ledger the fingerprints the former serializer gave (keys sorted, JSON.stringify leaves)', () => {
    const former = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(former)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, former((value as Record<string, unknown>)[k])]))
          : value;
    const request = { tool: 'wallet_audit', input: { chain: 'base', address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', depth: 'basic', nested: [{ z: 1.5, a: 'é€😀' }] } };
    expect(canonicalJson(request)).toBe(JSON.stringify(former(request)));
  });

  it('fingerprints equal values equally whatever their key order', () => {
    expect(fingerprint({ a: 1, b: { d: 2, c: 3 } })).toBe(fingerprint({ b: { c: 3, d: 2 }, a: 1 }));
    expect(fingerprint({ a: 1 })).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('inputFingerprint drops the top-level payment arguments only', () => {
    const input = { tool: 'x', nested: { x402Payment: 'p' } };
    expect(inputFingerprint({ ...input, x402Payment: 'a', xPayment: 'b', paymentHeader: 'c' })).toBe(fingerprint(input));
    expect(inputFingerprint(input)).not.toBe(fingerprint({ tool: 'x', nested: {} }));
  });
});
