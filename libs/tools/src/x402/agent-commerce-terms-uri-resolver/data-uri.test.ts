import { decodeDataUri } from './data-uri.js';

describe('decodeDataUri', () => {
  it('decodes percent-encoded and base64 payloads', () => {
    expect(decodeDataUri('data:text/plain,Terms%20v1')).toBe('Terms v1');
    expect(decodeDataUri('data:,plain')).toBe('plain');
    expect(decodeDataUri(`data:text/markdown;base64,${Buffer.from('# Terms ü').toString('base64')}`)).toBe('# Terms ü');
    expect(decodeDataUri('DATA:text/plain;BASE64,VGVybXM=')).toBe('Terms');
  });

  it('refuses malformed payloads: no comma, bad percent-encoding, bad base64, non-UTF-8 bytes', () => {
    expect(decodeDataUri('data:text/plain')).toBeNull();
    expect(decodeDataUri('data:,%E0%A4%A')).toBeNull();
    expect(decodeDataUri('data:;base64,VGVyb*M=')).toBeNull();
    expect(decodeDataUri('data:;base64,VGVyb')).toBeNull();
    expect(decodeDataUri(`data:;base64,${Buffer.from([0xff, 0xfe]).toString('base64')}`)).toBeNull();
  });
});
