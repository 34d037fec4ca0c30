import { JSON_MAX_DEPTH, contentEncodingRefusal, jsonTooDeep } from './request-body.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonTooDeep', () => {
  it('accepts nesting up to the limit and refuses one level more, arrays and objects alike', () => {
    expect(jsonTooDeep(bytes(nested(JSON_MAX_DEPTH)))).toBe(false);
    expect(jsonTooDeep(bytes(nested(JSON_MAX_DEPTH + 1)))).toBe(true);
    expect(jsonTooDeep(bytes(`${'{"a":'.repeat(JSON_MAX_DEPTH + 1)}1${'}'.repeat(JSON_MAX_DEPTH + 1)}`))).toBe(true);
  });

  it('refuses a 100000-deep array without recursion', () => {
    expect(jsonTooDeep(bytes(nested(100_000)))).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonTooDeep(bytes(JSON.stringify({ a: '['.repeat(500), b: '\\"[[[[' + '{'.repeat(500) })))).toBe(false);
  });
});

describe('contentEncodingRefusal', () => {
  it('lets identity and no header through', () => {
    expect(contentEncodingRefusal(undefined)).toBeNull();
    expect(contentEncodingRefusal('')).toBeNull();
    expect(contentEncodingRefusal('Identity')).toBeNull();
  });

  it('refuses every other encoding, naming plain tokens only', () => {
    expect(contentEncodingRefusal('gzip')).toContain('Content-Encoding gzip');
    expect(contentEncodingRefusal('br')).toContain('Content-Encoding br');
    const hostile = contentEncodingRefusal('gzip, <script>secret-token</script>');
    expect(hostile).toContain('this Content-Encoding');
    expect(hostile).not.toContain('secret-token');
  });
});
