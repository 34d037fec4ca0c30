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

  it('leaves out undefined members and refuses non-finite numbers', () => {
    expect(canonicalJson({ b: undefined, a: [1] })).toBe('{"a":[1]}');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
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
