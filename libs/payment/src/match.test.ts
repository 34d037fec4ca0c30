import { PAYEE, payloadV1, payloadV2, requirements } from '../test/support/fixtures.js';
import { matchPayment } from './match.js';

const OTHER = '0x5555555555555555555555555555555555555555';
/** The route called; the fixtures' payments name it under another origin. */
const RESOURCE = 'http://127.0.0.1:4021/api/x402/wallet-snapshot';
const naming = (url: string) => ({ ...payloadV2(), resource: { url, description: 'x', mimeType: 'application/json' } });

describe('matching a payment against the offer', () => {
  it('a v2 payment built from the offer matches, addresses compared case-insensitively', () => {
    const payload = payloadV2({ payTo: PAYEE.toLowerCase() as `0x${string}` });
    const result = matchPayment({ version: 2, payload }, requirements(), RESOURCE);
    expect(result).toMatchObject({ matched: true, paymentPayload: payload, payer: '0x4444444444444444444444444444444444444444' });
  });

  it.each([
    ['accepted.scheme', payloadV2({ scheme: 'upto' }), 'exact', 'upto'],
    ['accepted.network', payloadV2({ network: 'eip155:84532' }), 'eip155:8453', 'eip155:84532'],
    ['accepted.asset', payloadV2({ asset: OTHER }), '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', OTHER],
    ['accepted.payTo', payloadV2({ payTo: OTHER }), PAYEE, OTHER],
    ['accepted.amount', payloadV2({ amount: '1' }), '10000', '1'],
    ['payload.authorization.to', payloadV2({}, { to: OTHER }), PAYEE, OTHER],
    ['payload.authorization.value', payloadV2({}, { value: '9999' }), '10000', '9999'],
  ])('v2: a different %s is a mismatch naming the field, expected and received', (field, payload, expected, received) => {
    expect(matchPayment({ version: 2, payload }, requirements(), RESOURCE)).toEqual({ matched: false, mismatches: [{ field, expected, received }] });
  });

  it('reports every differing field at once', () => {
    const result = matchPayment({ version: 2, payload: payloadV2({ amount: '1' }, { value: '1', to: OTHER }) }, requirements(), RESOURCE);
    expect(result.matched === false && result.mismatches.map((m) => m.field)).toEqual(['accepted.amount', 'payload.authorization.to', 'payload.authorization.value']);
  });

  it.each([
    ['the same route under another origin', 'https://paysight.test/api/x402/wallet-snapshot'],
    ['the same route with a trailing slash', 'http://127.0.0.1:4021/api/x402/wallet-snapshot/'],
  ])('v2: a resource naming %s matches', (_label, url) => {
    expect(matchPayment({ version: 2, payload: naming(url) }, requirements(), RESOURCE)).toMatchObject({ matched: true });
  });

  it('v2: a payment without a resource is bound by the price alone', () => {
    expect(matchPayment({ version: 2, payload: { ...payloadV2(), resource: undefined } }, requirements(), RESOURCE)).toMatchObject({ matched: true });
  });

  it.each([
    ['another route', 'https://paysight.test/api/x402/token-snapshot'],
    ['a route prefix', 'https://paysight.test/api/x402'],
    ['no URL at all', 'wallet-snapshot'],
  ])('v2: a resource naming %s is a mismatch of resource.url', (_label, url) => {
    expect(matchPayment({ version: 2, payload: naming(url) }, requirements(), RESOURCE)).toEqual({ matched: false, mismatches: [{ field: 'resource.url', expected: RESOURCE, received: url }] });
  });

  it('a v1 payment matches and is converted to the v2 form with our requirements as `accepted`', () => {
    const payload = payloadV1();
    const result = matchPayment({ version: 1, payload }, requirements(), RESOURCE);
    expect(result).toEqual({
      matched: true,
      paymentPayload: { x402Version: 2, accepted: requirements(), payload: payload.payload, resource: undefined, extensions: undefined },
      authorization: payload.payload.authorization,
      payer: '0x4444444444444444444444444444444444444444',
    });
  });

  it.each([
    ['scheme', payloadV1({ scheme: 'upto' }), 'exact', 'upto'],
    ['network', payloadV1({ network: 'base-sepolia' }), 'base', 'base-sepolia'],
    ['payload.authorization.to', payloadV1({}, { to: OTHER }), PAYEE, OTHER],
    ['payload.authorization.value', payloadV1({}, { value: '20000' }), '10000', '20000'],
  ])('v1: a different %s is a mismatch', (field, payload, expected, received) => {
    expect(matchPayment({ version: 1, payload }, requirements(), RESOURCE)).toEqual({ matched: false, mismatches: [{ field, expected, received }] });
  });
});
