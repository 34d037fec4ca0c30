import { X402_NETWORKS, X402_REFERENCE_DATA_VERSION, X402_USDC, canonicalJson } from '@paysight/contracts';
import { createHash } from 'node:crypto';
import { AMT, ASSET, HASH, addressKey, LABEL, ND, isJsonObject, isUsdcOf, pathOf, percentile, percentileBig, pointer, resolveAsOf, riskFlags, textOf, resolveAsOfSeconds, tally } from './helpers.js';

describe('x402 family helpers', () => {
  it('HASH is sha256 of the RFC 8785 form: key order and number spelling do not matter', () => {
    const a = HASH({ b: 1, a: [1e2, 'x'] });
    expect(a).toBe(HASH({ a: [100, 'x'], b: 1.0 }));
    expect(a).toBe(`sha256:${createHash('sha256').update(canonicalJson({ a: [100, 'x'], b: 1 })).digest('hex')}`);
    expect(canonicalJson({ b: 1, a: [100, 'x'] })).toBe('{"a":[100,"x"],"b":1}');
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('ND maps the v1 aliases of §0 to CAIP-2 and keeps unknown networks verbatim', () => {
    expect(ND('base')).toEqual({ network: 'eip155:8453', known: true });
    expect(ND(' Base-Sepolia ')).toEqual({ network: 'eip155:84532', known: true });
    expect(ND('solana-devnet')).toEqual({ network: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', known: true });
    expect(ND('eip155:8453')).toEqual({ network: 'eip155:8453', known: true });
    expect(ND('eip155:999')).toEqual({ network: 'eip155:999', known: false });
    expect(ND('Moonbeam')).toEqual({ network: 'Moonbeam', known: false });
    expect(X402_NETWORKS).toHaveLength(12);
  });

  it('ASSET gives the verified USDC rows only (reference data is versioned)', () => {
    expect(X402_REFERENCE_DATA_VERSION).toMatch(/^x402-ref-/);
    expect(ASSET('eip155:8453')).toMatchObject({ address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6, eip712: { name: 'USD Coin', version: '2' }, eip3009: true });
    expect(ASSET('eip155:84532')?.eip712).toEqual({ name: 'USDC', version: '2' });
    expect(ASSET('eip155:43113')).toBeNull();
    expect(isUsdcOf('eip155:8453', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')).toBe(true);
    expect(isUsdcOf('eip155:1', X402_USDC['eip155:8453']!.address)).toBe(false);
  });

  it('AMT converts with BigInt only and rounds ratios half-even', () => {
    expect(AMT.toAtomic('0.01')).toBe(10000n);
    expect(AMT.toAtomic('0.0000001')).toBeNull();
    expect(AMT.toAtomic('1e3')).toBeNull();
    expect(AMT.toAtomic('123456789012345678901234567890.123456')).toBe(123456789012345678901234567890123456n);
    expect(AMT.toDecimal(20000n)).toBe('0.02');
    expect(AMT.toDecimal(1000000n)).toBe('1');
    expect(AMT.canonical('000.010')).toBe('0.01');
    expect(AMT.ratio(1n, 3n)).toBe('0.3333');
    expect(AMT.ratio(2n, 3n)).toBe('0.6667');
    expect(AMT.ratio(1n, 20000n)).toBe('0.0000'); // 0.00005 → half-even to 0.0000
    expect(AMT.ratio(3n, 20000n)).toBe('0.0002'); // 0.00015 → half-even to 0.0002
    expect(AMT.ratio(5n, 2n)).toBe('2.5000');
    expect(() => AMT.ratio(1n, 0n)).toThrow(RangeError);
  });

  it('LABEL classifies without connecting', () => {
    expect(LABEL('https://api.example.com/x')).toEqual({ safe: true });
    const unsafe = [
      'http://api.example.com',
      'https://user:pw@api.example.com',
      'https://localhost/x',
      'https://a.localhost',
      'https://printer.local',
      'https://db.internal',
      'https://127.0.0.1',
      'https://2130706433/',
      'https://10.1.2.3',
      'https://172.16.0.1',
      'https://192.168.1.1',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      `https://a.example/${'x'.repeat(2048)}`,
      'not a url',
    ];
    for (const url of unsafe) expect({ url, safe: LABEL(url).safe }).toEqual({ url, safe: false });
    expect(LABEL('https://8.8.8.8').safe).toBe(true);
    expect(LABEL('https://172.32.0.1').safe).toBe(true);
  });

  it('as_of: the caller\'s time when given, else the request time, echoed', () => {
    const now = new Date('2026-11-28T00:00:00Z');
    expect(resolveAsOf(undefined, now).as_of).toBe('2026-11-28T00:00:00.000Z');
    expect(resolveAsOf('2026-01-01T00:00:00Z', now).as_of).toBe('2026-01-01T00:00:00.000Z');
    expect(resolveAsOfSeconds(undefined, new Date('2026-11-28T00:00:00.999Z'))).toEqual({ seconds: 1_795_824_000, as_of: '2026-11-28T00:00:00.000Z' });
    expect(resolveAsOfSeconds(1030, now)).toEqual({ seconds: 1030, as_of: '1970-01-01T00:17:10.000Z' });
  });

  it('tally counts in the given order and leaves out what does not occur', () => {
    expect(tally(['a', 'b', 'c'], ['c', 'a', 'c'])).toEqual([
      { key: 'a', count: 1 },
      { key: 'c', count: 2 },
    ]);
    expect(tally(['a'], [])).toEqual([]);
  });

  it('percentiles are nearest-rank', () => {
    expect(percentile([15, 20, 35, 40, 50], 0.3)).toBe(20);
    expect(percentile([15, 20, 35, 40, 50], 0.4)).toBe(20);
    expect(percentile([15, 20, 35, 40, 50], 0.5)).toBe(35);
    expect(percentile([3, 1, 2], 1)).toBe(3);
    expect(percentile([], 0.5)).toBeNull();
    expect(percentileBig([10n, 1n, 5n], 0.5)).toBe(5n);
    expect(() => percentile([1], 0)).toThrow(RangeError);
  });

  it('addressKey folds EVM case and keeps other address forms exact', () => {
    expect(addressKey('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913')).toBe('0x833589fcd6edb6e08f4c7c32d4f71b54bda02913');
    expect(addressKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    expect(addressKey('0xABC')).toBe('0xABC');
  });

  it('pointer escapes RFC 6901; risk flags are sorted and unique', () => {
    expect(pointer('openapi_json', 'paths', '/api/x~y', 'post')).toBe('/openapi_json/paths/~1api~1x~0y/post');
    expect(riskFlags(['b', 'a', 'b'])).toEqual(['a', 'b']);
  });

  it('document readers: objects, text values and paths', () => {
    expect([{}, [], null, 'x'].map(isJsonObject)).toEqual([true, false, false, false]);
    expect([' a ', '  ', 0.01, Number.NaN, true].map(textOf)).toEqual(['a', null, '0.01', null, null]);
    expect(['/api/x?y=1#z', 'https://h.example/api/x?q', '//h.example/x', 'api/x'].map(pathOf)).toEqual(['/api/x', '/api/x', null, null]);
  });
});
