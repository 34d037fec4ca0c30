import { base64, payloadV1, payloadV2 } from '../test/support/fixtures.js';
import { MAX_PAYMENT_HEADER_LENGTH, decodePayment, parsePaymentPayload } from './decode.js';

function problemOf(headers: Record<string, string | string[]>): string {
  const decoded = decodePayment(headers);
  if (decoded.status !== 'malformed') throw new Error(`expected malformed, got ${decoded.status}`);
  return decoded.problem;
}

describe('decoding paid retries', () => {
  it('no payment header: absent', () => {
    expect(decodePayment({ 'content-type': 'application/json' })).toEqual({ status: 'absent' });
  });

  it('v2: PAYMENT-SIGNATURE carries base64 JSON of a PaymentPayload, header name in any case', () => {
    const payload = payloadV2();
    for (const name of ['payment-signature', 'PAYMENT-SIGNATURE', 'Payment-Signature']) {
      const decoded = decodePayment({ [name]: base64(payload) });
      expect(decoded).toEqual({ status: 'decoded', carrier: 'PAYMENT-SIGNATURE header', payment: { version: 2, payload } });
    }
  });

  it('v1: X-PAYMENT carries base64 JSON of {x402Version 1, scheme, network, payload}', () => {
    const payload = payloadV1();
    expect(decodePayment({ 'x-payment': base64(payload) })).toEqual({ status: 'decoded', carrier: 'X-PAYMENT header', payment: { version: 1, payload } });
  });

  it('drops unknown top-level fields and normalizes null resource / extensions', () => {
    const decoded = decodePayment({ 'payment-signature': base64({ ...payloadV2(), resource: null, extensions: null, surprise: 1 }) });
    if (decoded.status !== 'decoded') throw new Error(decoded.status);
    expect(decoded.payment.payload).not.toHaveProperty('surprise');
    expect(decoded.payment.version === 2 && decoded.payment.payload.resource).toBeUndefined();
  });

  it.each([
    ['not base64', 'not base64!', /not standard base64/],
    ['base64 of text that is not JSON', base64('hello'), /does not decode to JSON/],
    ['an empty value', '', /empty/],
    ['the v1 payload in the v2 header', base64(payloadV1()), /expected an x402 v2 payment payload, got x402Version 1/],
    ['a JSON array', base64([1, 2]), /got x402Version null/],
  ])('malformed v2 header: %s', (_label, value, problem) => {
    expect(problemOf({ 'payment-signature': value })).toMatch(problem);
  });

  it.each([
    ['a missing signature', { ...payloadV2(), payload: { authorization: payloadV2().payload.authorization } }, /payload\.signature/],
    ['a short nonce', payloadV2({}, { nonce: '0x01' }), /payload\.authorization\.nonce: must be a 0x-prefixed 32-byte hex value/],
    ['a decimal value with a fraction', payloadV2({}, { value: '0.01' }), /payload\.authorization\.value: must be an unsigned integer/],
    ['a payer that is not an address', payloadV2({}, { from: 'alice' as `0x${string}` }), /payload\.authorization\.from/],
    ['an extra authorization field', { ...payloadV2(), payload: { ...payloadV2().payload, authorization: { ...payloadV2().payload.authorization, extra: 1 } } }, /payload\.authorization/],
    ['a Permit2 payload', { ...payloadV2(), payload: { signature: '0xab', permit2Authorization: {} } }, /payload/],
    ['a non-integer maxTimeoutSeconds', payloadV2({ maxTimeoutSeconds: 1.5 }), /accepted\.maxTimeoutSeconds/],
  ])('strict shape: %s is refused with the field named', (_label, payload, problem) => {
    expect(problemOf({ 'payment-signature': base64(payload) })).toMatch(problem);
  });

  it('malformed v1 header: a missing network', () => {
    const { network: _network, ...withoutNetwork } = payloadV1();
    expect(problemOf({ 'x-payment': base64(withoutNetwork) })).toMatch(/network/);
  });

  it(`refuses headers longer than ${MAX_PAYMENT_HEADER_LENGTH} characters before decoding them`, () => {
    const oversize = base64({ ...payloadV2(), extensions: { padding: 'x'.repeat(MAX_PAYMENT_HEADER_LENGTH) } });
    expect(problemOf({ 'payment-signature': oversize })).toMatch(/longer than 8192 characters/);
    expect(decodePayment({ 'payment-signature': base64(payloadV2()) }, { maxLength: 100 })).toMatchObject({ status: 'malformed', problem: expect.stringMatching(/longer than 100/) });
  });

  it('refuses both headers at once, and a header sent twice', () => {
    expect(problemOf({ 'payment-signature': base64(payloadV2()), 'x-payment': base64(payloadV1()) })).toMatch(/not both/);
    expect(problemOf({ 'x-payment': [base64(payloadV1()), base64(payloadV1())] })).toMatch(/more than once/);
  });

  it('parsePaymentPayload validates an object that arrived without base64 (MCP _meta)', () => {
    expect(parsePaymentPayload(2, payloadV2())).toMatchObject({ ok: true, payment: { version: 2 } });
    expect(parsePaymentPayload(2, { ...payloadV2(), x402Version: 2, accepted: null })).toMatchObject({ ok: false, problem: expect.stringMatching(/accepted/) });
  });
});
