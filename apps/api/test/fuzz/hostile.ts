// Seeded generators of hostile requests for apps/api/test/hostile-input.test.ts. Everything comes from
// one PRNG, so a seed names one exact run (HOSTILE_SEED to replay another).
/** A seeded generator of numbers in [0, 1): `prng` of @paysight/testkit. */
export type Random = () => number;
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Planted secrets: none of them may ever come back in a response body or header. */
export const CANARY_KEY = `0x${'c0ffee5ec12e7'.repeat(5).slice(0, 64)}`;
export const CANARY_TOKEN = 'canary-tok-7Qx9ZrV2mLp4';
export const CANARIES = [CANARY_KEY, CANARY_KEY.slice(2), CANARY_TOKEN];

export interface HostileRequest {
  /** What the case is, for the failure message. */
  label: string;
  method: string;
  path: string;
  /** '' sends no such header; a list sends the header once per value. */
  headers: Record<string, string | string[]>;
  body?: Buffer;
  /** Send the body in chunks without a Content-Length. */
  chunked?: boolean;
}

const json = 'application/json';
const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const nest = (depth: number, open: string, close: string, inner = '1') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** Raw JSON texts (and not-quite-JSON) that no schema should ever see whole. */
export function hostileBodies(example: unknown, limitBytes: number): [string, Buffer][] {
  const valid = JSON.stringify(example);
  const inner = valid.slice(1, -1);
  const withKeys = (keys: string) => Buffer.from(`{${keys}${inner ? `,${inner}` : ''}}`);
  const text = (value: string) => Buffer.from(value, 'utf8');
  return [
    ['empty body', Buffer.alloc(0)],
    ['truncated JSON', text(valid.slice(0, Math.max(1, valid.length - 3)))],
    ['JSON null', text('null')],
    ['a number', text('1e999')],
    ['a string', text('"x"')],
    ['an array of the example', text(`[${valid}]`)],
    ['trailing garbage', text(`${valid}}}`)],
    ['single quotes', text(valid.replaceAll('"', "'"))],
    ['NaN literal', text('{"a":NaN}')],
    ['raw NUL bytes', Buffer.concat([text(valid.slice(0, -1)), text(',"notes":"a'), Buffer.from([0]), text('b"}')])],
    ['escaped NUL and lone surrogates', text(`{${inner ? `${inner},` : ''}"notes":"\\u0000\\ud800\\udfff\\ud800x"}`)],
    ['invalid UTF-8 bytes', Buffer.concat([text('{"notes":"'), Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]), text('"}')])],
    ['a byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text(valid)])],
    ['bidi and zero-width characters', text(`{${inner ? `${inner},` : ''}"notes":"\u202e\u200b\u2066evil\ufeff"}`)],
    ['__proto__ key', withKeys('"__proto__":{"polluted":"yes","toString":1}')],
    ['constructor.prototype key', withKeys('"constructor":{"prototype":{"polluted":"yes"}}')],
    ['__proto__ inside a nested field', text(`{${inner ? `${inner},` : ''}"notes":{"__proto__":{"polluted":"yes"}}}`)],
    ['duplicate keys', withKeys(inner.split(',')[0] ?? '"a":1')],
    ['a 100000-deep array', text(nest(100_000, '[', ']'))],
    ['a 40000-deep object', text(nest(40_000, '{"a":', '}'))],
    ['65 levels of arrays', text(nest(65, '[', ']'))],
    ['a body over the limit', text(`{"notes":"${'x'.repeat(limitBytes + 1024)}"}`)],
    ['a planted private key', text(`{${inner ? `${inner},` : ''}"notes":"${CANARY_KEY}"}`)],
    ['a planted password field', text(`{${inner ? `${inner},` : ''}"password":"${CANARY_TOKEN}"}`)],
    ['random bytes', Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 256))],
    ['huge numbers', text('{"address":9007199254740993,"chain":-0,"addresses":[1e308,-1e308]}')],
  ];
}

/** A hostile value for a single field of an otherwise valid body. */
export function hostileValue(random: Random, limitBytes: number): unknown {
  const values: (() => unknown)[] = [
    () => null,
    () => true,
    () => -1,
    () => 1e308,
    () => Number.MAX_SAFE_INTEGER + 2,
    () => '',
    () => ' ',
    () => '\u0000',
    () => '\ud800',
    () => '🦄'.repeat(500),
    () => 'x'.repeat(Math.floor(random() * 5000)),
    () => [],
    () => [[[[[]]]]],
    () => ({}),
    () => ({ __proto__: null, polluted: 'yes' }),
    () => JSON.parse('{"__proto__":{"polluted":"yes"}}') as unknown,
    () => ({ constructor: { prototype: { polluted: 'yes' } } }),
    () => 'base',
    () => 'eip155:8453',
    () => `0x${'f'.repeat(40)}`,
    () => `0x${'0'.repeat(64)}`,
    () => CANARY_KEY,
    () => `password=${CANARY_TOKEN}`,
    () => '../../etc/passwd',
    () => '<script>alert(1)</script>',
    () => "'; DROP TABLE ledger; --",
    () => Array.from({ length: Math.floor(random() * 200) }, () => `0x${'a'.repeat(40)}`),
    () => 'y'.repeat(limitBytes),
  ];
  return pick(random, values)();
}

/** The example body with one field (existing or new) replaced by a hostile value. */
export function mutate(random: Random, example: unknown, limitBytes: number): unknown {
  const base = (example !== null && typeof example === 'object' ? { ...(example as Record<string, unknown>) } : {}) as Record<string, unknown>;
  const keys = [...Object.keys(base), 'notes', 'chain', 'x402Payment', '__proto__', 'constructor', ''];
  const key = pick(random, keys);
  if (random() < 0.1) return hostileValue(random, limitBytes);
  Object.defineProperty(base, key, { value: hostileValue(random, limitBytes), enumerable: true, configurable: true, writable: true });
  return base;
}

/** Payment header values that are not a payment: garbage, wrong encodings, planted secrets. */
export function garbagePayments(random: Random): string[] {
  const bytes = Buffer.from(Array.from({ length: 64 }, () => Math.floor(random() * 256)));
  return [
    'x',
    '=',
    '%%%',
    bytes.toString('base64'),
    bytes.toString('hex'),
    b64('null'),
    b64('[]'),
    b64('{}'),
    b64('"string"'),
    b64('{"x402Version":2}'),
    b64('{"x402Version":1,"scheme":"exact","network":"base","payload":{}}'),
    b64('{"x402Version":2,"payload":{"signature":"0x","authorization":{}},"accepted":{}}'),
    b64(`{"x402Version":2,"__proto__":{"polluted":"yes"},"payload":"${CANARY_TOKEN}"}`),
    b64(`{"privateKey":"${CANARY_KEY}"}`),
    b64(`{"x402Version":2,"payload":{"signature":"${CANARY_KEY}"},"accepted":{"amount":"-1"}}`),
    `Bearer ${CANARY_TOKEN}`,
    CANARY_KEY,
    b64('x'.repeat(6000)),
    'A'.repeat(9000),
  ];
}

/** The header names a payment travels in. */
export const PAYMENT_HEADERS = ['payment-signature', 'x-payment'] as const;

export const WRONG_METHODS = ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];
/** '' sends no Content-Type at all. */
export const WRONG_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'application/xml', ''];
export const CONTENT_ENCODINGS = ['gzip', 'deflate', 'br', 'zstd', 'identity, gzip', 'x-unknown'];

/** Requests for one JSON endpoint: bodies, methods, content types and encodings (no payment). */
export function endpointCases(random: Random, path: string, example: unknown, limitBytes: number, mutations: number): HostileRequest[] {
  const post = (label: string, body: Buffer, headers: Record<string, string> = {}): HostileRequest => ({ label, method: 'POST', path, headers: { 'content-type': json, ...headers }, body });
  const valid = Buffer.from(JSON.stringify(example));
  return [
    ...hostileBodies(example, limitBytes).map(([label, body]) => post(label, body)),
    ...Array.from({ length: mutations }, (_, i) => post(`mutation ${i}`, Buffer.from(JSON.stringify(mutate(random, example, limitBytes)) ?? 'null'))),
    ...WRONG_METHODS.map((method) => ({ label: `method ${method}`, method, path, headers: {} })),
    ...WRONG_CONTENT_TYPES.map((type) => post(`content type ${JSON.stringify(type)}`, valid, { 'content-type': type })),
    ...CONTENT_ENCODINGS.map((encoding) => post(`content encoding ${encoding}`, valid, { 'content-encoding': encoding })),
    { ...post('a hostile query string', valid), path: `${path}?__proto__[polluted]=yes&constructor[prototype][polluted]=yes&a=%00%ff` },
    { ...post('a trailing slash', valid), path: `${path}/` },
    { ...post('upper case', valid), path: path.toUpperCase() },
    { ...post('a chunked body over the limit', Buffer.from(`{"notes":"${'c'.repeat(limitBytes + 1024)}"}`)), chunked: true },
    { ...post('a chunked body', valid), chunked: true },
  ];
}
