import { gunzipSync } from 'node:zlib';
import { cachedDocument, memoize } from './cached-document.js';

describe('cachedDocument', () => {
  it('keeps the bytes, a gzip copy and a strong ETag for each that changes with the content', () => {
    const doc = cachedDocument('{"a":"é"}', 'application/json; charset=utf-8');
    expect(doc.identity.body.toString('utf8')).toBe('{"a":"é"}');
    expect(gunzipSync(doc.gzip.body).equals(doc.identity.body)).toBe(true);
    expect(doc.identity.etag).toMatch(/^"[\w-]{27}"$/);
    expect(doc.gzip.etag).not.toBe(doc.identity.etag);
    expect(cachedDocument('{"a":"é"}', 'text/plain').identity.etag).toBe(doc.identity.etag);
    expect(cachedDocument('{"a":"e"}', 'text/plain').identity.etag).not.toBe(doc.identity.etag);
  });
});

describe('memoize', () => {
  it('builds once per key and forgets the oldest key past its size', () => {
    const built: string[] = [];
    const get = memoize((key) => {
      built.push(key);
      return { key };
    }, 2);
    expect(get('a')).toBe(get('a'));
    get('b');
    get('c');
    get('a');
    expect(built).toEqual(['a', 'b', 'c', 'a']);
  });
});
